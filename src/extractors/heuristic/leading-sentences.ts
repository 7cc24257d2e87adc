import { splitSentences } from '../../core/text/split-sentences.js';

/**
 * The sentences of the first `maxLength` code units of a text, without code blocks. Memory is distilled from the
 * start of a message; the rest of a very long one (a pasted log) is never split. When the text is cut, its last
 * sentence, likely cut too, is dropped unless it is the only one.
 */
export function leadingSentences(text: string, maxLength: number): string[] {
  const sentences = splitSentences(text.slice(0, maxLength)).filter((sentence) => !/^(?:```|~~~)/.test(sentence));
  if (text.length > maxLength && sentences.length > 1) sentences.pop();
  return sentences;
}
