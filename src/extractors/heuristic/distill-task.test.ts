import { describe, expect, it } from 'vitest';
import { distillTask } from './distill-task.js';

const options = { maxLength: 600, fallbackLength: 300 };
const graphemes = (text: string) => Array.from(new Intl.Segmenter().segment(text)).length;

describe('distillTask', () => {
  it('keeps the request and its constraints, without greetings and thanks', () => {
    const task = distillTask(
      "Hi! Help me migrate this React app from CRA to Vite, keep the existing tests, and don't touch the auth flow. Thanks!",
      options,
    );
    expect(task).toBe(
      "Help me migrate this React app from CRA to Vite, keep the existing tests, and don't touch the auth flow.",
    );
  });

  it('drops small talk and context sentences around the request', () => {
    const task = distillTask(
      'Hey there, hope you are doing well! I run a small bakery website. It has 30 pages. ' +
        'Can you convert it to Astro? It must stay under 100 KB per page. Thanks in advance!',
      options,
    );
    expect(task).toBe('Can you convert it to Astro? It must stay under 100 KB per page.');
  });

  it('keeps list items of requirements, each as a sentence', () => {
    const task = distillTask(
      'Hello!\nI need a CLI that converts CSV to JSON:\n- use TypeScript\n- no new dependencies\n- keep it under 200 lines\nCheers',
      options,
    );
    expect(task).toBe(
      'I need a CLI that converts CSV to JSON: use TypeScript. no new dependencies. keep it under 200 lines.',
    );
  });

  it('drops code blocks from the task', () => {
    const task = distillTask(
      'Fix this error please:\n```\nTypeError: x is undefined\n```\nDo not change the API.',
      options,
    );
    expect(task).toBe('Fix this error please: Do not change the API.');
  });

  it('distils a Simplified Chinese first message in Chinese', () => {
    expect(
      distillTask('你好！帮我把这个 React 项目从 CRA 迁移到 Vite，保留现有测试，不要动登录流程。谢谢！', options),
    ).toBe('帮我把这个 React 项目从 CRA 迁移到 Vite，保留现有测试，不要动登录流程。');
  });

  it('distils a Traditional Chinese first message in Chinese', () => {
    expect(distillTask('您好！我們的網站很舊了。請幫我把專案升級到 Node 22，必須保留現有的測試。謝謝！', options)).toBe(
      '請幫我把專案升級到 Node 22，必須保留現有的測試。',
    );
  });

  it('distils a Japanese first message in Japanese', () => {
    expect(
      distillTask(
        'こんにちは！このReactアプリをCRAからViteに移行してください。既存のテストは維持して、認証フローは触らないでください。よろしくお願いします。',
        options,
      ),
    ).toBe('このReactアプリをCRAからViteに移行してください。既存のテストは維持して、認証フローは触らないでください。');
  });

  it('keeps the context of what the user is building, and constraints stated with can’t', () => {
    expect(
      distillTask(
        "I'm building a Discord bot in Python. It has a long history. Use discord.py 2.x. We can't install anything new.",
        options,
      ),
    ).toBe("I'm building a Discord bot in Python. Use discord.py 2.x. We can't install anything new.");
  });

  it('strips sender metadata', () => {
    expect(distillTask('[sender_id: 12345] Please add dark mode.', options)).toBe('Please add dark mode.');
  });

  it('falls back to the opening sentences when no sentence reads as a task', () => {
    expect(distillTask('Hi! The nightly build on main broke after the Postgres upgrade. Logs attached.', options)).toBe(
      'The nightly build on main broke after the Postgres upgrade. Logs attached.',
    );
  });

  it('keeps the fallback to its shorter cap, in whole sentences', () => {
    const sentence = 'The report generator produces a very long PDF document every night. ';
    const task = distillTask(sentence.repeat(10), options);
    expect(task).not.toBeNull();
    expect(graphemes(task ?? '')).toBeLessThanOrEqual(300);
    expect(task?.endsWith('night.')).toBe(true);
  });

  it('keeps the task under its cap, cutting a single overlong sentence', () => {
    const task = distillTask(`Please ${'refactor the module and '.repeat(60)}ship it.`, options);
    expect(graphemes(task ?? '')).toBeLessThanOrEqual(600);
    expect(task?.endsWith('…')).toBe(true);
    expect(task?.startsWith('Please refactor')).toBe(true);
  });

  it.each(['Hi!', 'thanks!', '你好！', 'こんにちは！', 'hey 👋 how are you?', '  '])(
    'returns null for small talk %j',
    (text) => {
      expect(distillTask(text, options)).toBeNull();
    },
  );
});

describe('distillTask with lists', () => {
  it('keeps the items of a list that a plain "Requirements:" line introduces', () => {
    expect(
      distillTask('Hi team!\nOur API is old.\nRequirements:\n1. Postgres 16\n2. three replicas\nThat is all.', options),
    ).toBe('Requirements: Postgres 16. three replicas.');
  });

  it('keeps only the list items that read as tasks under a sentence that does not', () => {
    expect(distillTask('The repo is old.\n- 30 routes\n- keep the routes stable', options)).toBe(
      'keep the routes stable.',
    );
  });
});
