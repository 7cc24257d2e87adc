import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countGraphemes } from '../../core/text/count-graphemes.js';
import { distillClarification } from './distill-clarification.js';

const options = { maxQuestionLength: 200, maxAnswerLength: 300 };
const sw = 'Should I preserve the service worker?';

describe('distillClarification', () => {
  it.each([
    ['yes', `${sw} → yes`],
    ['Yes.', `${sw} → Yes`],
    ['no', `${sw} → no`],
    ['ok, thanks!', `${sw} → ok`],
    ['👍', `${sw} → 👍`],
    ['keep it', `${sw} → keep it`],
    ['[sender_id: 9] yes please', `${sw} → yes please`],
  ])('quotes the question before the short answer %j', (answer, clarification) => {
    expect(distillClarification(sw, answer, options)).toBe(clarification);
  });

  it('quotes the question before a choice among options', () => {
    expect(distillClarification('Which option do you prefer: A, B or C?', 'option C', options)).toBe(
      'Which option do you prefer: A, B or C? → option C',
    );
  });

  it('quotes the question in Chinese and Japanese too', () => {
    expect(distillClarification('要保留 service worker 吗？', '是的', options)).toBe(
      '要保留 service worker 吗？ → 是的',
    );
    expect(distillClarification('你希望用哪个版本？', '用 React 18', options)).toBe('你希望用哪个版本？ → 用 React 18');
    expect(distillClarification('要保留 service worker 嗎？', '不用了，謝謝', options)).toBe(
      '要保留 service worker 嗎？ → 不用了',
    );
    expect(distillClarification('Service Workerは残しますか？', 'はい、お願いします', options)).toBe(
      'Service Workerは残しますか？ → はい、お願いします',
    );
  });

  it('quotes the question before a longer answer that opens with a bare yes or no', () => {
    expect(
      distillClarification(sw, 'Yes, but drop the old precache list and move the worker into src/sw.', options),
    ).toBe(`${sw} → Yes, but drop the old precache list and move the worker into src/sw.`);
    expect(
      distillClarification(
        '要保留 service worker 吗？',
        '是的，保留它，但是把旧的缓存列表删掉，再把文件移到 src 目录。',
        options,
      ),
    ).toBe('要保留 service worker 吗？ → 是的，保留它，但是把旧的缓存列表删掉，再把文件移到 src 目录。');
  });

  it('quotes the question before a longer answer too, so the pin says what the answer is about', () => {
    expect(
      distillClarification(
        'Which database should the service use?',
        'We already run Postgres 16 in production, so use that. Thanks!',
        options,
      ),
    ).toBe('Which database should the service use? → We already run Postgres 16 in production, so use that.');
    expect(distillClarification('要把旧的接口删掉吗？', '先别删，移动端还在调用这些接口。', options)).toBe(
      '要把旧的接口删掉吗？ → 先别删，移动端还在调用这些接口。',
    );
    expect(
      distillClarification('古いAPIは削除しますか？', 'まだ削除しないでください、アプリが使っています。', options),
    ).toBe('古いAPIは削除しますか？ → まだ削除しないでください、アプリが使っています。');
  });

  it('keeps question and answer within the cap, the question taking at most half', () => {
    const question = `${'Should the exporter keep every legacy column, '.repeat(10)}or drop them?`;
    const clarification = distillClarification(question, `Keep them: ${'the finance team reads them. '.repeat(20)}`, {
      maxQuestionLength: 200,
      maxAnswerLength: 120,
    });
    const graphemes = Array.from(new Intl.Segmenter().segment(clarification ?? ''));
    expect(graphemes.length).toBeLessThanOrEqual(120);
    expect(clarification).toContain(' → Keep them');
    const wide = distillClarification('离线模式'.repeat(40), '保留'.repeat(100), {
      maxQuestionLength: 200,
      maxAnswerLength: 50,
    });
    expect(Array.from(new Intl.Segmenter().segment(wide ?? '')).length).toBeLessThanOrEqual(50);
  });

  it('caps a long answer', () => {
    const clarification = distillClarification(sw, `Remove it and ${'clean every cache entry, '.repeat(40)}`, options);
    expect(Array.from(new Intl.Segmenter().segment(clarification ?? '')).length).toBeLessThanOrEqual(300);
  });

  it.each(['thanks!', 'lol', 'hi', '谢谢！', 'ありがとうございます', '🙏', '   '])(
    'returns null for small talk %j',
    (answer) => {
      expect(distillClarification(sw, answer, options)).toBeNull();
    },
  );

  it.each([
    'Never mind, can you look at the CSS instead?',
    'btw, the CI is red on main.',
    '算了，先看看 CSS 的问题吧。',
    'ところで、CSSの件はどうなりましたか？',
  ])('returns null when the user changes the subject: %j', (answer) => {
    expect(distillClarification(sw, answer, options)).toBeNull();
  });

  it('returns null for a counter-question', () => {
    expect(distillClarification(sw, 'What does it do exactly?', options)).toBeNull();
    expect(distillClarification(sw, '它是做什么的？', options)).toBeNull();
  });

  it('stays within its cap on whole grapheme clusters, whatever the question and answer (property)', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 400 });
    fc.assert(
      fc.property(text, text, fc.integer({ min: 8, max: 300 }), (question, answer, cap) => {
        const clarification = distillClarification(question, answer, { maxQuestionLength: 200, maxAnswerLength: cap });
        if (clarification === null) return;
        expect(countGraphemes(clarification)).toBeLessThanOrEqual(cap);
        expect(clarification.isWellFormed()).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
