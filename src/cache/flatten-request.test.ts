import { describe, expect, it } from 'vitest';
import type { MessageParam, PreparedRequest, TextBlock } from '../spec/prepared-turn.js';
import { flattenRequest } from './flatten-request.js';
import { simulatePromptCache } from './simulate-prompt-cache.js';

const EPHEMERAL = { type: 'ephemeral' } as const;
const OPTIONS = { minimumCacheableTokens: 1024 };

function text(value: string, cached = false): TextBlock {
  return cached ? { type: 'text', text: value, cache_control: EPHEMERAL } : { type: 'text', text: value };
}

/** Tokens written into the text, so that the sizes can be read off the test: "name:tokens". */
function count(value: string): number {
  return Number(value.split(':').at(-1));
}

describe('flattenRequest', () => {
  it('lays the system blocks, then each message’s blocks, out in order, with their token counts and breakpoints', () => {
    const request: PreparedRequest = {
      system: [
        text('base:2000', true),
        { type: 'text', text: 'pin:300', cache_control: { type: 'ephemeral', ttl: '1h' } },
      ],
      messages: [
        { role: 'user', content: [text('question:40'), text('detail:10')] },
        { role: 'assistant', content: [text('answer:60', true)] },
        { role: 'user', content: [text('next:20')] },
      ],
    };
    expect(flattenRequest(request, count, 1234)).toEqual({
      at: 1234,
      blocks: [
        { text: 'base:2000', tokens: 2000, opensRole: 'system', cacheControl: {} },
        { text: 'pin:300', tokens: 300, cacheControl: { ttl: '1h' } },
        { text: 'question:40', tokens: 40, opensRole: 'user' },
        { text: 'detail:10', tokens: 10 },
        { text: 'answer:60', tokens: 60, opensRole: 'assistant', cacheControl: {} },
        { text: 'next:20', tokens: 20, opensRole: 'user' },
      ],
    });
  });

  it('flattens a request without a system prompt or messages', () => {
    expect(flattenRequest({ system: [], messages: [] }, count, 0)).toEqual({ at: 0, blocks: [] });
  });

  describe('makes role boundaries part of the prefix', () => {
    /** The system prompt (cached), then the given messages; the last block of the last message is a breakpoint. */
    function request(messages: MessageParam[]): PreparedRequest {
      return { system: [text('system:2000', true)], messages };
    }
    function secondRead(first: PreparedRequest, second: PreparedRequest): number {
      const results = simulatePromptCache(
        [flattenRequest(first, count, 0), flattenRequest(second, count, 1000)],
        OPTIONS,
      );
      return results[1]?.cacheReadTokens ?? Number.NaN;
    }
    const asUser = request([{ role: 'user', content: [text('same words:500', true)] }]);

    it('reads the whole prefix back when nothing changes (the control for the two cases below)', () => {
      expect(secondRead(asUser, asUser)).toBe(2500);
    });

    it('does not take the same text from the assistant for the same text from the user', () => {
      const asAssistant = request([{ role: 'assistant', content: [text('same words:500', true)] }]);
      expect(secondRead(asUser, asAssistant)).toBe(2000);
    });

    it('does not take two blocks of one message for the same blocks in two messages', () => {
      const oneMessage = request([{ role: 'user', content: [text('first:300'), text('second:300', true)] }]);
      const twoMessages = request([
        { role: 'user', content: [text('first:300')] },
        { role: 'user', content: [text('second:300', true)] },
      ]);
      expect(secondRead(oneMessage, oneMessage)).toBe(2600);
      expect(secondRead(oneMessage, twoMessages)).toBe(2000);
    });
  });
});
