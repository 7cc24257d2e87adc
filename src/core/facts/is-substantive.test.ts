import { describe, expect, it } from 'vitest';
import { isSubstantive } from './is-substantive.js';

describe('isSubstantive', () => {
  it.each([
    'hi',
    'Hello!',
    'hey there',
    'thanks!',
    'Thank you so much!!',
    'thx',
    'ok',
    'OK.',
    'okay, cool',
    '👍',
    '🙏🙏',
    'lol',
    'hahaha',
    'got it, thanks',
    'Got it. Thanks a lot!',
    'sounds good',
    'yes',
    'no',
    'sure thing?',
    'great job, thanks again',
    'how are you?',
    'good morning everyone',
    '好的',
    '谢谢',
    '謝謝你！',
    '好的，谢谢',
    '收到',
    '哈哈哈',
    '嗯嗯',
    'ありがとう',
    'ありがとうございます！',
    'はい、了解です',
    'よろしくお願いします',
    '草www',
    'ｗｗｗ',
    '',
    '   \n\t ',
    '?!',
    'k',
    '行',
    'npm',
    '部',
    '👍 npm 👍',
  ])('is false for %j', (text) => {
    expect(isSubstantive(text)).toBe(false);
  });

  it.each([
    'use pnpm, not npm',
    'Node 20',
    'Vite',
    'no, use yarn',
    'ok, now migrate the tests',
    'thanks, and please keep the tests',
    'I prefer tabs',
    'hello world program in Rust',
    '我们的服务部署在 Cloudflare Workers 上',
    '用 pnpm',
    '好的，用方案C',
    '部署',
    'テストは維持してください',
    'Okapi',
    'lol the build is red again on main',
    'pnpm',
    'a部b',
    '👍 pnpm 👍',
  ])('is true for %j', (text) => {
    expect(isSubstantive(text)).toBe(true);
  });

  it('is true for long text without reading all of it', () => {
    expect(isSubstantive('thanks '.repeat(10_000))).toBe(true);
  });
});
