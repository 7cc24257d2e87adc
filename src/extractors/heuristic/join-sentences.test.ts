import { describe, expect, it } from 'vitest';
import { joinSentences } from './join-sentences.js';

describe('joinSentences', () => {
  it('joins English sentences with a space', () => {
    expect(joinSentences(['Migrate to Vite.', 'Keep the tests!'])).toBe('Migrate to Vite. Keep the tests!');
  });

  it('joins CJK sentences without a space', () => {
    expect(joinSentences(['帮我迁移到 Vite。', '保留测试。'])).toBe('帮我迁移到 Vite。保留测试。');
    expect(joinSentences(['移行してください。', 'テストは維持して。'])).toBe('移行してください。テストは維持して。');
  });

  it('ends a list line with a period of its script', () => {
    expect(joinSentences(['keep the tests', 'use pnpm'])).toBe('keep the tests. use pnpm.');
    expect(joinSentences(['保留测试', '使用 pnpm'])).toBe('保留测试。使用 pnpm.');
  });

  it('puts no space after CJK punctuation, even before Latin text', () => {
    expect(joinSentences(['Slackボットを作りたいです。', 'Node.jsでお願いします。'])).toBe(
      'Slackボットを作りたいです。Node.jsでお願いします。',
    );
  });

  it('puts a space between English text and CJK text otherwise', () => {
    expect(joinSentences(['Use pnpm.', '保留测试。'])).toBe('Use pnpm. 保留测试。');
  });

  it('returns an empty string for no sentences', () => {
    expect(joinSentences([])).toBe('');
  });
});
