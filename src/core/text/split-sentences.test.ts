import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSentences } from './split-sentences.js';

describe('splitSentences', () => {
  it('splits English sentences at . ! ? followed by a space', () => {
    expect(splitSentences('Migrate the app. Keep the tests! Can you do it? Thanks')).toEqual([
      'Migrate the app.',
      'Keep the tests!',
      'Can you do it?',
      'Thanks',
    ]);
  });

  it('splits Chinese and Japanese sentences with no space after the terminator', () => {
    expect(splitSentences('你好！帮我迁移到 Vite。保留测试？谢谢')).toEqual([
      '你好！',
      '帮我迁移到 Vite。',
      '保留测试？',
      '谢谢',
    ]);
    expect(splitSentences('こんにちは。Viteに移行してください。テストは？')).toEqual([
      'こんにちは。',
      'Viteに移行してください。',
      'テストは？',
    ]);
  });

  it('splits at an ASCII ? or ! that CJK text follows directly', () => {
    expect(splitSentences('可以吗?我们用 pnpm')).toEqual(['可以吗?', '我们用 pnpm']);
  });

  it('splits at every line break', () => {
    expect(splitSentences('keep the tests\n\ndon’t touch auth\r\n- use pnpm')).toEqual([
      'keep the tests',
      'don’t touch auth',
      '- use pnpm',
    ]);
  });

  it('never splits inside URLs, decimals, versions or file names', () => {
    expect(
      splitSentences('See https://x.com/a.b?c=1&d=2.5 for it. Use Node 20.11.1 and 3.5 GB in vite.config.ts.'),
    ).toEqual(['See https://x.com/a.b?c=1&d=2.5 for it.', 'Use Node 20.11.1 and 3.5 GB in vite.config.ts.']);
  });

  it('lets a URL end before the punctuation that ends its sentence', () => {
    expect(splitSentences('Did you read https://example.com/docs? Then go on.')).toEqual([
      'Did you read https://example.com/docs?',
      'Then go on.',
    ]);
    expect(splitSentences('见https://example.com/a?b=1。然后继续')).toEqual([
      '见https://example.com/a?b=1。',
      '然后继续',
    ]);
  });

  it('does not split after common abbreviations', () => {
    expect(splitSentences('Use a bundler, e.g. Vite, i.e. a fast one. Ask Mr. Smith vs. Dr. Jones.')).toEqual([
      'Use a bundler, e.g. Vite, i.e. a fast one.',
      'Ask Mr. Smith vs. Dr. Jones.',
    ]);
    expect(splitSentences('It runs in the U.S. and the EU.')).toEqual(['It runs in the U.S. and the EU.']);
  });

  it('splits after etc. only when a capital letter follows', () => {
    expect(splitSentences('Lint, test, etc. and then ship.')).toEqual(['Lint, test, etc. and then ship.']);
    expect(splitSentences('Lint, test, etc. Then ship.')).toEqual(['Lint, test, etc.', 'Then ship.']);
  });

  it('splits after a single capital letter, which in chat ends far more sentences than it abbreviates', () => {
    expect(splitSentences("Let's go with option C. The budget is small.")).toEqual([
      "Let's go with option C.",
      'The budget is small.',
    ]);
  });

  it('keeps numbered-list markers with their item', () => {
    expect(splitSentences('1. Install deps\n2. Run tests. Then stop.')).toEqual([
      '1. Install deps',
      '2. Run tests.',
      'Then stop.',
    ]);
  });

  it('does not split inside an ellipsis before lowercase text, but does before a capital', () => {
    expect(splitSentences('I tried... but it failed. Hmm... What now?')).toEqual([
      'I tried... but it failed.',
      'Hmm...',
      'What now?',
    ]);
  });

  it('keeps closing quotes and brackets with their sentence', () => {
    expect(splitSentences('He said "no." Then left. (See the docs.) Done')).toEqual([
      'He said "no."',
      'Then left.',
      '(See the docs.)',
      'Done',
    ]);
  });

  it('does not split inside CJK quotation marks', () => {
    expect(splitSentences('他说：“你好。”然后走了。「どうする？」と聞いた。')).toEqual([
      '他说：“你好。”然后走了。',
      '「どうする？」と聞いた。',
    ]);
  });

  it('keeps inline code whole', () => {
    expect(splitSentences('Run `a?.b! c. d` now. Next')).toEqual(['Run `a?.b! c. d` now.', 'Next']);
  });

  it('returns a fenced code block whole, as one item', () => {
    const text = 'Try this:\n```js\nconst a = b ? c : d. e;\nfoo();\n```\nShould I continue?';
    expect(splitSentences(text)).toEqual([
      'Try this:',
      '```js\nconst a = b ? c : d. e;\nfoo();\n```',
      'Should I continue?',
    ]);
  });

  it('returns an unclosed fence to the end of the text', () => {
    expect(splitSentences('Look.\n~~~\nx? y.')).toEqual(['Look.', '~~~\nx? y.']);
  });

  it('does not split at ! or ? inside a word or an operator', () => {
    expect(splitSentences('Check a != b and Yahoo!Mail and what?now. End')).toEqual([
      'Check a != b and Yahoo!Mail and what?now.',
      'End',
    ]);
  });

  it('returns nothing for blank text', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences(' \n\t ')).toEqual([]);
  });

  it('returns trimmed, non-empty pieces of the text, in order', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'B', ' ', '.', '?', '!', '。', '\n', '`', '3', '你', 'h') }),
        (text) => {
          let from = 0;
          for (const sentence of splitSentences(text)) {
            expect(sentence).not.toBe('');
            expect(sentence).toBe(sentence.trim());
            const at = text.indexOf(sentence, from);
            expect(at).toBeGreaterThanOrEqual(0);
            from = at + sentence.length;
          }
        },
      ),
    );
  });
});
