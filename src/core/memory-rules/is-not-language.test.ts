import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isNotLanguage } from './is-not-language.js';

describe('isNotLanguage', () => {
  it.each([
    'SGVsbG8gV29ybGQhIFRoaXMgaXMgYSBiYXNlNjQgYmxvYg==',
    '%$#@!&*^%$#@!&*()_+{}|',
    '00000000: 7f45 4c46 0201 0100 0000 0000',
    '0x1f 0x8b 0x08 0x00 0xed 0x5a',
    '\ufffdPNG IHDR\ufffd\ufffdx\ufffd',
    'ꙮ҈҉ᵷ⸘ꝏ⸮Ꙭꙭ ᚠᛇᚻ᛫ᛒᛦᚦ',
    '锟斤拷锟斤拷锟斤拷',
    '8080',
    '👍👍👍👍',
  ])('finds %j not language', (text) => {
    expect(isNotLanguage(text)).toBe(true);
  });

  it.each([
    'User uses Node 20.11 and pnpm 9',
    "User's project uses `tsconfig.strict = true`",
    'The staging tenant id is 123e4567-e89b-12d3-a456-426614174000',
    'Release is tagged at commit a94a8fe5ccb19ba61c4c0873d391e987982fbbd3 on main',
    'User deploys from /infra/envs/prod with Terraform 1.7',
    '用户偏好 pnpm',
    '中文字符',
    'ユーザーはエディタにVimを使っています',
    '사용자는 한국어를 선호합니다',
    'Пользователь живёт в Берлине',
    'ok👩‍👩‍👧🇯🇵',
    'XMLHttpRequest and getServerSideProps are used in the legacy pages',
  ])('finds %j language', (text) => {
    expect(isNotLanguage(text)).toBe(false);
  });

  it('finds any long base64 or hex blob of scrambled bytes not language', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 30, maxLength: 300 }), (seed) => {
        // Scrambled so that shrinking towards zero bytes still gives the bytes of a compressed or encrypted blob.
        const bytes = seed.map((byte, index) => (byte ^ ((index * 151 + 89) % 256)) & 255);
        const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
        expect(isNotLanguage(btoa(String.fromCharCode(...bytes)))).toBe(true);
        expect(isNotLanguage(hex)).toBe(true);
      }),
    );
  });
});
