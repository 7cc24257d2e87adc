import { describe, expect, it } from 'vitest';
import { findQuestion } from './find-question.js';

describe('findQuestion', () => {
  it.each([
    ['Should I preserve the service worker?', 'Should I preserve the service worker?'],
    ['Which option do you prefer: A, B or C?', 'Which option do you prefer: A, B or C?'],
    ['你希望用哪个版本？', '你希望用哪个版本？'],
    ['你希望用哪個版本？', '你希望用哪個版本？'],
    ['どのバージョンを使いますか？', 'どのバージョンを使いますか？'],
    ['Do you want me to rename `foo` to `bar`?', 'Do you want me to rename `foo` to `bar`?'],
    ['Should I keep the "legacy" flag?', 'Should I keep the "legacy" flag?'],
    ['Did you mean https://example.com/docs?', 'Did you mean https://example.com/docs?'],
    ['Should we ship this today?!', 'Should we ship this today?!'],
  ])('finds the question in %j', (text, question) => {
    expect(findQuestion(text)).toBe(question);
  });

  it('returns the question sentence of a longer reply, without the prose around it', () => {
    const reply =
      'I migrated the build to Vite and all 42 tests pass. The service worker is still registered by index.js. ' +
      'Should I preserve the service worker, or remove it? Once you decide, I will update the docs.';
    expect(findQuestion(reply)).toBe('Should I preserve the service worker, or remove it?');
  });

  it('removes emphasis around the whole question', () => {
    expect(findQuestion('Done.\n\n**Should I also update the lockfile?**')).toBe('Should I also update the lockfile?');
  });

  it('returns the last real question when there are several', () => {
    expect(findQuestion('Should I use pnpm? Also, which Node version do you target?')).toBe(
      'Also, which Node version do you target?',
    );
  });

  it('skips a closing pleasantry after the real question', () => {
    expect(findQuestion('Should I preserve the service worker? Anything else?')).toBe(
      'Should I preserve the service worker?',
    );
    expect(findQuestion('要保留 service worker 吗？还有其他问题吗？')).toBe('要保留 service worker 吗？');
  });

  it('removes a list marker from a question in a list', () => {
    expect(findQuestion('Two things to decide:\n1. Should I keep the tests?\n- Which port do you use?')).toBe(
      'Which port do you use?',
    );
  });

  it.each([
    'See https://x.com/a?b=1 for details.',
    'Open https://example.com/search?q=vite&page=2',
    'Use `a?.b` here.',
    'Run `test ? a : b` to check.',
    'Here is the fix:\n```ts\nconst value = input ?? fallback;\nconst ok = a ? b : c?\n```',
    'The error says "Is the server running?" and exits.',
    'The docs ask: “Why is it slow?” and answer it.',
    'エラーは「接続できますか？」と表示されます。',
    '> Should I preserve the service worker?\nI kept it, as you said.',
    '## Why does this happen?\nThe cache is stale.',
  ])('finds no question in %j', (text) => {
    expect(findQuestion(text)).toBeNull();
  });

  it.each([
    'Anything else?',
    'Is there anything else I can help with?',
    'Any other questions?',
    'Do you have any questions?',
    'Does that help?',
    'Does this make sense?',
    'Let me know if you have any questions?',
    'Want me to do anything else?',
    'How else can I help?',
    'What else can I do for you?',
    'Hope this helps?',
    '还有其他问题吗？',
    '還有什麼需要幫忙的嗎？',
    '有其他需要吗？',
    '还有什么我可以帮你的吗？',
    '这样有帮助吗？',
    '他に何かありますか？',
    'ご不明な点はありますか？',
    '何かご質問はありますか？',
    'お役に立てましたか？',
  ])('treats the pleasantry %j as no question', (text) => {
    expect(findQuestion(`I updated the config. ${text}`)).toBeNull();
  });

  it('treats "Let me know if you have any questions." as no question', () => {
    expect(findQuestion('Done. Let me know if you have any questions.')).toBeNull();
  });

  it.each([
    'Why does this happen? Because the cache key ignores the locale.',
    'What went wrong? The short answer: a stale lockfile.',
    'Why is it slow? It turns out the loop runs twice.',
    '为什么会这样？因为缓存没有失效。',
    '為什麼會這樣？因為快取沒有失效。',
    'なぜ遅いのでしょうか？理由はループが二回実行されるからです。',
  ])('skips the rhetorical question in %j', (text) => {
    expect(findQuestion(text)).toBeNull();
  });

  it('keeps a question that is followed by something other than its answer', () => {
    expect(findQuestion('Should I bump the major version? I can also write a changelog.')).toBe(
      'Should I bump the major version?',
    );
  });

  it('does not treat a Japanese question ending in か。 as a question (a known, accepted gap)', () => {
    expect(findQuestion('どちらを使いますか。')).toBeNull();
  });

  it('returns null for text without any question mark', () => {
    expect(findQuestion('I fixed the build.')).toBeNull();
    expect(findQuestion('')).toBeNull();
  });
});
