import { describe, expect, it } from 'vitest';
import type { ExtractionInput } from '../../spec/extractor.js';
import { heuristicExtractor } from './heuristic-extractor.js';

const signal = new AbortController().signal;
const input = (overrides: Partial<ExtractionInput>): ExtractionInput => ({
  userText: '',
  assistantText: 'Sure.',
  taskSource: null,
  question: null,
  pinned: null,
  knownFacts: [],
  wantFacts: true,
  ...overrides,
});

describe('heuristicExtractor', () => {
  const extractor = heuristicExtractor();

  it('identifies itself', () => {
    expect(extractor.name).toBe('heuristic');
    expect(extractor.specificationVersion).toBe('v1');
  });

  it('distils the task of a first English message, with facts from it', async () => {
    const text =
      "Hi! Help me migrate this React app from CRA to Vite, keep the existing tests, and don't touch the auth flow. We use pnpm. Thanks!";
    const extraction = await extractor.extract(input({ userText: text, taskSource: text }), { signal });
    expect(extraction.task).toContain('migrate this React app from CRA to Vite');
    expect(extraction.task).toContain('keep the existing tests');
    expect(extraction.task).toContain("don't touch the auth flow");
    expect(extraction.task).not.toMatch(/\bHi\b|Thanks/);
    expect(extraction.facts).toEqual(["User's team uses pnpm"]);
    expect(extraction).not.toHaveProperty('clarification');
  });

  it('distils Chinese and Japanese first messages in their language', async () => {
    const chinese = '你好！帮我把这个 React 项目从 CRA 迁移到 Vite，保留现有测试，不要动登录流程。谢谢！';
    expect((await extractor.extract(input({ userText: chinese, taskSource: chinese }), { signal })).task).toBe(
      '帮我把这个 React 项目从 CRA 迁移到 Vite，保留现有测试，不要动登录流程。',
    );
    const japanese = 'こんにちは！このアプリをViteに移行してください。テストは維持したいです。よろしくお願いします。';
    expect((await extractor.extract(input({ userText: japanese, taskSource: japanese }), { signal })).task).toBe(
      'このアプリをViteに移行してください。テストは維持したいです。',
    );
  });

  it('returns a null task for small talk, and no facts', async () => {
    const extraction = await extractor.extract(input({ userText: 'hi!', taskSource: 'hi!' }), { signal });
    expect(extraction.task).toBeNull();
    expect(extraction.facts).toEqual([]);
  });

  it('returns the clarification when a question was asked', async () => {
    const extraction = await extractor.extract(
      input({ userText: 'yes', question: 'Should I preserve the service worker?', wantFacts: false }),
      { signal },
    );
    expect(extraction).toEqual({ clarification: 'Should I preserve the service worker? → yes' });
  });

  it('returns a null clarification for small talk after a question', async () => {
    const extraction = await extractor.extract(input({ userText: '谢谢！', question: '要保留 service worker 吗？' }), {
      signal,
    });
    expect(extraction.clarification).toBeNull();
  });

  it('leaves out what was not asked for', async () => {
    const extraction = await extractor.extract(input({ userText: 'I prefer pnpm.', wantFacts: false }), { signal });
    expect(extraction).toEqual({});
  });

  it('extracts facts in the user language and leaves what they replace to the stack (no supersedes field)', async () => {
    const extraction = await extractor.extract(
      input({
        userText: '我现在不想说这个。我偏好使用 yarn。我们的服务部署在 Cloudflare Workers 上。',
        knownFacts: [
          { id: 11, text: '用户偏好使用 pnpm' },
          { id: 12, text: 'User is on macOS' },
        ],
      }),
      { signal },
    );
    expect(extraction.facts).toEqual(['用户偏好使用 yarn', '用户的服务部署在 Cloudflare Workers 上']);
    // Absent, not empty: an empty list would be trusted as "replaces nothing" over the policy's supersede rule.
    expect('supersedes' in extraction).toBe(false);
  });

  it('honours maxFacts, clamped to 0..4', async () => {
    const userText = 'I prefer pnpm. I like tabs. I use Node 20. I am on macOS. We deploy to Fly.io.';
    expect((await heuristicExtractor({ maxFacts: 2 }).extract(input({ userText }), { signal })).facts).toHaveLength(2);
    expect((await heuristicExtractor({ maxFacts: 10 }).extract(input({ userText }), { signal })).facts).toHaveLength(4);
    expect((await heuristicExtractor({ maxFacts: -1 }).extract(input({ userText }), { signal })).facts).toEqual([]);
  });

  it('honours maxTaskLength', async () => {
    const text = `Please ${'rewrite the parser and '.repeat(20)}ship it.`;
    const extraction = await heuristicExtractor({ maxTaskLength: 50 }).extract(
      input({ userText: text, taskSource: text }),
      {
        signal,
      },
    );
    expect(Array.from(new Intl.Segmenter().segment(extraction.task ?? '')).length).toBeLessThanOrEqual(50);
  });

  it('throws the reason of an aborted signal', async () => {
    const controller = new AbortController();
    const reason = new Error('stopped');
    controller.abort(reason);
    await expect(
      extractor.extract(input({ userText: 'I prefer pnpm', taskSource: 'Use pnpm' }), { signal: controller.signal }),
    ).rejects.toBe(reason);
  });
});
