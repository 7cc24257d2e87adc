import { describe, expect, it } from 'vitest';
import type { WireFormat } from '../../spec/wire-format.js';
import { isWireFormatName, wireFormats } from '../wire/wire-formats.js';
import { parseSentPrompt } from './parse-turn-trace.js';

const stored = (format: string) => ({ format, system: '"Be brief."', earlierMessages: 2, current: '[{"words":"hi"}]' });

describe('parseSentPrompt', () => {
  it('parses the stored request of every format in the table, and of no other', () => {
    for (const format of Object.keys(wireFormats)) {
      expect(parseSentPrompt(stored(format), isWireFormatName)).toEqual({
        format,
        system: 'Be brief.',
        earlierMessages: 2,
        current: [{ words: 'hi' }],
      });
    }
    for (const format of ['toy', '', 'constructor', '__proto__', 'toString']) {
      expect(parseSentPrompt(stored(format), isWireFormatName)).toBeNull();
    }
  });

  it("parses a new format's stored request once the format is a row of the table, with no edit of the parser", () => {
    const table = wireFormats as Record<string, WireFormat>;
    expect(parseSentPrompt(stored('toy'), isWireFormatName)).toBeNull();
    table.toy = { ...wireFormats.anthropic, name: 'toy' } as unknown as WireFormat;
    try {
      expect(parseSentPrompt(stored('toy'), isWireFormatName)?.format).toBe('toy');
    } finally {
      delete table.toy;
    }
  });
});
