import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkMemoryText, type MemorySource } from '../../core/facts/check-memory-text.js';

const texts = z.array(z.string()).min(4);
const cases = z
  .object({
    errors: texts,
    mentions: texts,
    preambles: texts,
    facts: texts,
    instructions: texts,
    preferences: texts,
  })
  .parse(
    JSON.parse(
      readFileSync(fileURLToPath(new URL('../../../test/fixtures/spanish-memory-texts.json', import.meta.url)), 'utf8'),
    ),
  );

const asFact = (text: string, source: MemorySource) => {
  const check = checkMemoryText(text, { kind: 'fact', maxChars: 2000, source });
  return check.ok ? 'kept' : check.reason;
};
const asTask = (text: string) => {
  const check = checkMemoryText(text, { kind: 'task', maxChars: 2000 });
  return check.ok ? 'kept' : check.reason;
};

describe('the memory gate reads Spanish (test/fixtures/spanish-memory-texts.json)', () => {
  it.each(cases.errors)('refuses the error report %j as a task and as a fact', (text) => {
    expect([asTask(text), asFact(text, 'user')]).toEqual(['error-text', 'error-text']);
  });

  it.each(cases.mentions)('keeps %j, which mentions an error', (text) => {
    expect([asTask(text), asFact(text, 'user')]).toEqual(['kept', 'kept']);
  });

  it.each(cases.preambles)('refuses the preamble or refusal %j as a fact', (text) => {
    expect(asFact(text, 'reply')).not.toBe('kept');
  });

  it.each(cases.facts)('keeps the fact %j from the user and from a reply', (text) => {
    expect([asFact(text, 'user'), asFact(text, 'reply')]).toEqual(['kept', 'kept']);
  });

  it.each(cases.instructions)('refuses the order to the assistant %j as a fact', (text) => {
    expect(asFact(text, 'user')).toBe('instruction');
  });

  it.each(cases.preferences)('keeps the preference about answers %j from the user, not from a reply', (text) => {
    expect([asFact(text, 'user'), asFact(text, 'reply')]).toEqual(['kept', 'instruction']);
  });
});
