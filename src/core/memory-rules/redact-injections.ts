import { splitSentences } from '../text/split-sentences.js';
import { findInjection } from './find-injection.js';

const LIST_MARKER = /^\s*(?:[-*•·]\s+|\d{1,3}[.)]\s+)?/;
/** A phrase split over sentences or lines ("Ignore all previous\ninstructions") spans at most this many of them. */
const WIDEST_SPLIT = 6;

interface Sentence {
  line: number;
  text: string;
  dropped: boolean;
}

/**
 * A compression summary without the sentences that carry override or jailbreak phrasing, so that one attack quoted
 * in a conversation ("the page said: ignore all previous instructions…") does not make every later compression
 * fail. Other sentences and the line structure are kept; a line that loses its first sentence keeps its list marker,
 * a line that loses all of them goes. A phrase split over sentences or line breaks takes those sentences with it.
 * `redacted` counts the sentences dropped; the text is unchanged when it is 0.
 *
 * Linear in the length of `text`; still, run the memory gate first and redact only what it rejects as 'injection',
 * so that an oversized output is rejected as too long before any of this runs.
 */
export function redactInjections(text: string): { text: string; redacted: number } {
  if (findInjection(text) === null) return { text, redacted: 0 };
  const lines = text.split('\n');
  const sentences: Sentence[] = lines.flatMap((line, index) =>
    splitSentences(line).map((sentence) => ({
      line: index,
      text: sentence,
      dropped: findInjection(sentence) !== null,
    })),
  );
  for (let width = 2; width <= WIDEST_SPLIT && findInjection(assemble(lines, sentences)) !== null; width++) {
    const kept = sentences.filter((sentence) => !sentence.dropped);
    for (let start = 0; start + width <= kept.length; start++) {
      const window = kept.slice(start, start + width);
      if (findInjection(window.map((sentence) => sentence.text).join('\n')) !== null) {
        for (const sentence of window) sentence.dropped = true;
      }
    }
  }
  let result = assemble(lines, sentences);
  if (findInjection(result) !== null) {
    for (const sentence of sentences) sentence.dropped = true;
    result = '';
  }
  return { text: result, redacted: sentences.filter((sentence) => sentence.dropped).length };
}

/** The text from the sentences kept, line by line, with the list marker of a line whose first sentence went. */
function assemble(lines: readonly string[], sentences: readonly Sentence[]): string {
  const byLine = new Map<number, Sentence[]>();
  for (const sentence of sentences) {
    const own = byLine.get(sentence.line);
    if (own) own.push(sentence);
    else byLine.set(sentence.line, [sentence]);
  }
  const output: string[] = [];
  lines.forEach((line, index) => {
    const own = byLine.get(index) ?? [];
    const kept = own.filter((sentence) => !sentence.dropped);
    if (kept.length === own.length) {
      output.push(line);
    } else if (kept.length > 0) {
      const marker = kept[0] === own[0] ? '' : (LIST_MARKER.exec(line)?.[0] ?? '');
      output.push(`${marker}${kept.map((sentence) => sentence.text).join(' ')}`);
    }
  });
  return output.join('\n');
}
