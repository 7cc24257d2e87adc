import { describe, expect, it } from 'vitest';
import { isTaskSentence } from './is-task-sentence.js';

describe('isTaskSentence', () => {
  it.each([
    'Help me migrate this React app from CRA to Vite.',
    'Migrate the tests to Vitest.',
    'I need a CLI that converts CSV to JSON.',
    'I want it in TypeScript.',
    "I'd like a dark theme.",
    'Please add a README.',
    'Can you review this PR?',
    'Keep the existing tests.',
    "Don't touch the auth flow.",
    'do not use any new dependencies',
    'It must run on Node 18.',
    'The output should be a CSV file.',
    'Do it without breaking the public API.',
    'So, also keep the old routes.',
    "Let's start with the parser.",
    'My goal is a green build.',
    'How do I deploy this to Fly.io?',
    'Could you add pagination to the orders page?',
    'Book a flight to Lisbon for Friday.',
    '能帮我修一下这个接口吗？',
    '这个脚本能帮我改成异步的吗？',
    'このバグを直してもらえますか？',
    '予約をキャンセルしてくれませんか？',
    '帮我把这个项目迁移到 Vite。',
    '請幫我升級 Node。',
    '我想用 TypeScript 重写。',
    '我需要一个命令行工具。',
    '不要改动登录流程。',
    '别动认证流程。',
    '必须保留现有测试。',
    '保留现有测试。',
    '使用 pnpm。',
    '用 pnpm 管理依赖。',
    '把配置文件改成 YAML。',
    'このアプリをViteに移行してください。',
    'テストは維持したいです。',
    '認証フローは触らないでください。',
    'pnpmを使ってください。',
    '新しい依存関係は必要ありません。',
  ])('is true for %j', (sentence) => {
    expect(isTaskSentence(sentence)).toBe(true);
  });

  it.each([
    'The app has 30 routes.',
    'It was written in 2019.',
    'Let me know when it is done.',
    'We had a long week.',
    '这个项目特别大。',
    '别的项目都很好。',
    'このアプリは古いです。',
    'Which framework did we settle on?',
    'Can you explain how the event loop works?',
    'Could you tell me what time it is in Lima?',
    'Update: my sister got a new job.',
    '你能介绍一下什么是协程吗？',
    '上次我们定的是哪个方案？',
    'ReduxとZustandの違いは何ですか？',
    'この関数について教えてもらえますか？',
  ])('is false for %j', (sentence) => {
    expect(isTaskSentence(sentence)).toBe(false);
  });
});
