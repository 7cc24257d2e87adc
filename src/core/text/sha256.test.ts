import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { plainSha256, sha256, toBase64url, toHex } from './sha256.js';

const texts = [
  '',
  'abc',
  'User prefers pnpm.',
  // Around the padding's edges: 55, 56, 63, 64, 119, 120 bytes.
  ...[55, 56, 63, 64, 65, 119, 120, 128].map((length) => 'x'.repeat(length)),
  '用户喜欢 pnpm，住在里昂。',
  'emoji 👩‍👩‍👧 and é (e + \u0301)',
  // A lone surrogate: both encode it as U+FFFD.
  'broken \ud800 pair',
  'long '.repeat(40_000),
];

describe('sha256', () => {
  it("gives node:crypto's digest, in its plain implementation too, and its hex and base64url", () => {
    for (const text of texts) {
      const expected = createHash('sha256').update(text).digest();
      expect(toHex(plainSha256(new TextEncoder().encode(text)))).toBe(expected.toString('hex'));
      expect(toHex(sha256(text))).toBe(expected.toString('hex'));
      expect(toBase64url(sha256(text))).toBe(expected.toString('base64url'));
      expect(toBase64url(sha256(text).subarray(0, 16))).toBe(expected.subarray(0, 16).toString('base64url'));
    }
    expect(toHex(sha256(['ab', 'c', '']))).toBe(toHex(sha256('abc')));
  });
});

/** What the core derives with SHA-256, from modules loaded afresh. */
async function derived() {
  const { deriveSessionHandle, generationUuid } = await import('../scope/derive-session-handle.js');
  const { hashFact } = await import('../facts/hash-fact.js');
  const { requestKey } = await import('../wire/request-key.js');
  const { serializeSentPrompt } = await import('../prompt/serialize-sent-prompt.js');
  const handle = deriveSessionHandle({ agentId: 'bot', userId: 'ünïcode 用户' });
  return {
    handle,
    generation: generationUuid(handle.uuid, 3),
    facts: texts.map(hashFact),
    key: requestKey(texts),
    prompt: serializeSentPrompt({ format: 'anthropic', system: texts.join('\n'), earlierMessages: 0, current: [] })
      .systemHash,
  };
}

describe('the core without node:crypto (an edge runtime)', () => {
  it('derives the same session uuids, fact hashes, request keys and prompt hashes', async () => {
    vi.resetModules();
    const withNode = await derived();
    const asked: string[] = [];
    const getBuiltinModule = process.getBuiltinModule;
    process.getBuiltinModule = ((id: string) => {
      asked.push(id);
      return undefined;
    }) as typeof process.getBuiltinModule;
    try {
      vi.resetModules();
      expect(await derived()).toEqual(withNode);
    } finally {
      process.getBuiltinModule = getBuiltinModule;
      vi.resetModules();
    }
    expect(asked).toEqual(['node:crypto']);
  });
});
