import { UNSPACED_CHARACTER as WIDE_CHARACTER } from '../../core/text/scripts.js';

const WIDE_TERMINATOR = /[。！？：；]/;
const TERMINAL = /[.!?。！？…:;：；]$/;

/**
 * Joins sentences into one text: with a space between English sentences, none after Chinese or Japanese punctuation.
 * A sentence without terminal punctuation (a line of a list) gets a period, `。` when it ends in CJK text.
 */
export function joinSentences(sentences: readonly string[]): string {
  const parts: string[] = [];
  let previousEnd = '';
  for (const sentence of sentences) {
    const last = sentence.at(-1) ?? '';
    const terminated = TERMINAL.test(last) ? sentence : `${sentence}${WIDE_CHARACTER.test(last) ? '。' : '.'}`;
    // Chinese and Japanese put no space after their own punctuation, even before a Latin word.
    const wide =
      WIDE_CHARACTER.test(previousEnd) &&
      (WIDE_TERMINATOR.test(previousEnd) || WIDE_CHARACTER.test(terminated[0] ?? ''));
    if (parts.length > 0 && !wide) parts.push(' ');
    parts.push(terminated);
    previousEnd = terminated.at(-1) ?? '';
  }
  return parts.join('');
}
