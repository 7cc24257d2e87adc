import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { MemstackError } from '../index.js';
import { readConversation } from './read-conversation.js';

const directory = mkdtempSync(join(tmpdir(), 'memstack-jsonl-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
let files = 0;
const write = (content: string | Buffer): string => {
  const path = join(directory, `conversation-${files++}.jsonl`);
  writeFileSync(path, content);
  return path;
};

const id = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 });
const line = fc.record(
  {
    role: fc.constantFrom('user' as const, 'assistant' as const),
    // Any text: newlines, U+2028, quotes, backslashes, tag closers, CJK, emoji.
    text: fc.oneof(
      fc.string({ unit: 'grapheme' }),
      // Lone surrogates too: JSON escapes them, and they read back as written (prepare refuses them later).
      fc.string({ unit: 'binary' }),
      fc.string({ unit: fc.constantFrom('\n', '\r', '\u2028', '"', '\\', '</task_recap>', '鸭', '👩‍👩‍👧', ' ') }),
    ),
    agentId: id,
    userId: id,
    channelId: id,
    threadId: id,
  },
  { requiredKeys: ['role', 'text'] },
);

describe('readConversation', () => {
  it('reads back exactly the lines written, with their line numbers, whatever the text and line endings (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n'), fc.boolean()), { maxLength: 12 }),
        fc.boolean(),
        async (entries, bom) => {
          let content = bom ? '\uFEFF' : '';
          const expected: unknown[] = [];
          let lineNumber = 1;
          for (const [value, ending, blankAfter] of entries) {
            content += JSON.stringify(value) + ending;
            expected.push({ ...value, line: lineNumber });
            lineNumber += 1;
            if (blankAfter) {
              content += `  ${ending}`;
              lineNumber += 1;
            }
          }
          expect(await readConversation(write(content))).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('given any content, returns lines or throws a MemstackError naming the line, never anything else (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
          fc
            .array(fc.oneof(fc.json(), fc.constantFrom('{"role":"user"}', '{"role":"x","text":"a"}', '[]', 'null')), {
              maxLength: 6,
            })
            .map((lines) => lines.join('\n')),
        ),
        async (content) => {
          try {
            const lines = await readConversation(write(content));
            for (const entry of lines) {
              expect(['user', 'assistant']).toContain(entry.role);
              expect(typeof entry.text).toBe('string');
            }
          } catch (error) {
            expect(MemstackError.isInstance(error)).toBe(true);
            expect((error as MemstackError).code).toBe('INVALID_ARGUMENT');
            expect((error as Error).message).toMatch(/:\d+: /);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('names a missing file in a typed error', async () => {
    await expect(readConversation(join(directory, 'missing.jsonl'))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});
