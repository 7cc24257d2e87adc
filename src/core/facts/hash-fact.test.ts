import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashFact } from './hash-fact.js';

function sha256Head(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

describe('hashFact', () => {
  it('is the first 32 hex digits of the SHA-256 of the canonical text', () => {
    expect(hashFact('User prefers pnpm.')).toBe(sha256Head('user prefers pnpm'));
    expect(hashFact('User prefers pnpm.')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('ignores case, punctuation and spacing', () => {
    const expected = hashFact('User prefers pnpm.');
    expect(hashFact('user prefers  PNPM')).toBe(expected);
    expect(hashFact('  User-prefers_pnpm!!  ')).toBe(expected);
    expect(hashFact('User\nprefers\tpnpm')).toBe(expected);
  });

  it('ignores width: full-width ＰＮＰＭ is pnpm', () => {
    expect(hashFact('ＰＮＰＭ')).toBe(hashFact('pnpm'));
    expect(hashFact('ＵＳＥＲ　ＰＲＥＦＥＲＳ　ＰＮＰＭ')).toBe(hashFact('User prefers pnpm.'));
    expect(hashFact('用户偏好ｐｎｐｍ。')).toBe(hashFact('用户偏好pnpm'));
  });

  it('treats composed and decomposed accents alike, but an accent is not its absence', () => {
    expect(hashFact('café')).toBe(hashFact('cafe\u0301'));
    expect(hashFact('CAFÉ')).toBe(hashFact('café'));
    expect(hashFact('cafe')).not.toBe(hashFact('café'));
  });

  it('tells different facts apart', () => {
    expect(hashFact('User prefers yarn')).not.toBe(hashFact('User prefers pnpm'));
    expect(hashFact('userprefers pnpm')).not.toBe(hashFact('user prefers pnpm'));
  });

  it('hashes a text of punctuation only like the empty text', () => {
    // SHA-256 of the empty string starts with e3b0c442 98fc1c14 9afbf4c8 996fb924.
    expect(hashFact('')).toBe('e3b0c44298fc1c149afbf4c8996fb924');
    expect(hashFact('...!? --')).toBe('e3b0c44298fc1c149afbf4c8996fb924');
  });
});
