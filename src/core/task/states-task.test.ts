import { describe, expect, it } from 'vitest';
import { statesTask } from './states-task.js';

describe('statesTask', () => {
  it.each([
    'Hey! Migrate the billing service to Node 22, please.',
    'Could you add dark mode to the settings page?',
    'I need a script that renames my photos by date.',
    '你好！帮我把日志改成 JSON 格式。',
    '能不能帮我订周六的餐厅？',
    'こんにちは。READMEを英語に翻訳してください。',
    'テストを追加してもらえますか？',
  ])('is true for a message that sets work: %j', (text) => {
    expect(statesTask(text)).toBe(true);
  });

  it.each([
    'Hello!',
    'good evening, how are you?',
    'Which version of Postgres are we on?',
    'Can you explain what a closure is?',
    'I visited my parents last weekend.',
    '晚上好！',
    '我们用的是哪个版本？',
    '昨天下雨了。',
    'お疲れさまです！',
    'どのブランチにマージしましたっけ？',
    '週末は海に行きました。',
    '我们已经改用 yarn 了。',
    'うちのチームはGCPを使っています。',
  ])('is false for a greeting, an information question or a plain statement: %j', (text) => {
    expect(statesTask(text)).toBe(false);
  });
});
