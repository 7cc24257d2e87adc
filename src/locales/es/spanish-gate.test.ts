import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkMemoryText } from '../../core/facts/check-memory-text.js';
import { screenPinText } from '../../core/task/screen-pin-text.js';

const cases = z
  .object({
    attempts: z.array(z.object({ id: z.string(), reach: z.string(), text: z.string() })).min(30),
    harmless: z.array(z.object({ id: z.string(), text: z.string() })).min(20),
  })
  .parse(
    JSON.parse(
      readFileSync(fileURLToPath(new URL('../../../test/fixtures/spanish-gate.json', import.meta.url)), 'utf8'),
    ),
  );

/** How the memory keeps a text: as a fact the user stated, as a pinned task, and what the pin's screening drops. */
function kept(text: string): { fact: boolean; task: boolean; screened: boolean } {
  return {
    fact: checkMemoryText(text, { kind: 'fact', maxChars: 2000, source: 'user' }).ok,
    task: checkMemoryText(text, { kind: 'task', maxChars: 2000 }).ok,
    screened: screenPinText(text, { kind: 'task' }).dropped.length > 0,
  };
}

/**
 * The text as people also type it: without accents ("contrasena", "pidele"). A name written in lower case or in
 * capitals is not read as a name, in any language ("si juan te pide …" is stored, as "if dana asks you …" is): the
 * attempts are not varied so; a harmless text also keeps passing in lower case.
 */
function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '');
}

describe('the memory gate in Spanish (test/fixtures/spanish-gate.json)', () => {
  it.each(cases.attempts.map((attempt) => [attempt.id, attempt.text] as const))(
    'refuses the override or order %s as a fact and keeps it out of a pin',
    (_id, text) => {
      for (const variant of [text, withoutAccents(text)]) {
        const result = kept(variant);
        expect(result.fact, variant).toBe(false);
        expect(!result.task || result.screened, variant).toBe(true);
      }
    },
  );

  it.each(cases.harmless.map((harmless) => [harmless.id, harmless.text] as const))(
    'keeps the harmless %s as a fact and as a task, whole',
    (_id, text) => {
      for (const variant of [text, withoutAccents(text), text.toLowerCase()])
        expect(kept(variant), variant).toEqual({ fact: true, task: true, screened: false });
    },
  );
});
