const WIDE_CHARACTER = /[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;
const TERMINAL = /[.!?。！？…:;：；]$/;

/**
 * Joins sentences into one text: with a space between English sentences and none between Chinese or Japanese ones.
 * A sentence without terminal punctuation (a line of a list) gets a period, `。` when it ends in CJK text.
 */
export function joinSentences(sentences: readonly string[]): string {
  let joined = '';
  for (const sentence of sentences) {
    const last = sentence.at(-1) ?? '';
    const terminated = TERMINAL.test(sentence) ? sentence : `${sentence}${WIDE_CHARACTER.test(last) ? '。' : '.'}`;
    const wide = WIDE_CHARACTER.test(joined.at(-1) ?? '') && WIDE_CHARACTER.test(terminated[0] ?? '');
    joined = joined === '' ? terminated : `${joined}${wide ? '' : ' '}${terminated}`;
  }
  return joined;
}
