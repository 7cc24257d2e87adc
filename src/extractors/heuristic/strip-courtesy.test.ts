import { describe, expect, it } from 'vitest';
import { stripCourtesy } from './strip-courtesy.js';

describe('stripCourtesy', () => {
  it.each([
    ['Hi, can you help me migrate to Vite?', 'can you help me migrate to Vite?'],
    ['Hey there! Use pnpm', 'Use pnpm'],
    ['hi can you help', 'can you help'],
    ['Good morning, please keep the tests.', 'please keep the tests.'],
    ["Don't touch the auth flow, thanks!", "Don't touch the auth flow"],
    ['Keep the tests. Thank you so much!', 'Keep the tests'],
    ['你好，帮我迁移到 Vite', '帮我迁移到 Vite'],
    ['保留测试，谢谢！', '保留测试'],
    ['您好！請幫我升級 Node。謝謝', '請幫我升級 Node'],
    ['こんにちは、Viteに移行してください', 'Viteに移行してください'],
    ['テストは維持してください。よろしくお願いします', 'テストは維持してください'],
    ['🙂 use pnpm 🚀', 'use pnpm'],
  ])('strips courtesy from %j', (sentence, rest) => {
    expect(stripCourtesy(sentence)).toBe(rest);
  });

  it.each(['Hi!', 'Thanks!', 'thank you very much', 'hi, thanks lol', '谢谢！', 'ありがとうございます', '🙏'])(
    'returns an empty string for pure courtesy %j',
    (sentence) => {
      expect(stripCourtesy(sentence)).toBe('');
    },
  );

  it('keeps greetings that are content, and courtesy inside a sentence', () => {
    expect(stripCourtesy('Hello world program in Rust')).toBe('Hello world program in Rust');
    expect(stripCourtesy('I want to say hi')).toBe('I want to say hi');
    expect(stripCourtesy('Add a thanks page to the site')).toBe('Add a thanks page to the site');
    expect(stripCourtesy('Deploy 🚀 to prod')).toBe('Deploy 🚀 to prod');
  });
});
