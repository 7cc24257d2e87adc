import { EXTRACTIONS } from '../../locales/locale-table.js';

// Each language's greetings, thanks and laughter that open or close a sentence without adding to it.
const OPENINGS = EXTRACTIONS.flatMap((extraction) => (extraction.courtesy ? [extraction.courtesy.opening] : []));
const CLOSINGS = EXTRACTIONS.flatMap((extraction) => (extraction.courtesy ? [extraction.courtesy.closing] : []));
// Emoji and pictographs at either end, which carry no content here.
const DECORATION_CHARACTER = '(?:\\p{Extended_Pictographic}|\\p{Emoji_Modifier}|\\u200d|\\ufe0f|\\s)';
const LEADING_DECORATION = new RegExp(`^${DECORATION_CHARACTER}+`, 'u');
const TRAILING_DECORATION = new RegExp(`${DECORATION_CHARACTER}+$`, 'u');
// Longer than any closing courtesy with its punctuation.
const TAIL = 80;

/**
 * A sentence without the greetings it opens with and the thanks it closes with ("Hi, can you help…", "…, thanks!").
 * Returns '' when the sentence was nothing but courtesy.
 */
export function stripCourtesy(sentence: string): string {
  let text = sentence.trim();
  // A few rounds peel "Hi, thanks!" or "🙂 Hey, …"; more would only be repetition.
  for (let round = 0; round < 4; round += 1) {
    const next = stripEnd(stripOpening(text.replace(LEADING_DECORATION, ''))).trim();
    if (next === text) break;
    text = next;
  }
  return text;
}

/** Courtesy at the end is looked for in the tail only: end-anchored patterns cost quadratic time on long text. */
function stripEnd(text: string): string {
  if (text.length <= TAIL) return stripClosing(text.replace(TRAILING_DECORATION, ''));
  // The tail gets a letter in front, so that `^` in the pattern cannot match in the middle of the text.
  const tailStart = text.length - TAIL;
  const tail = stripClosing(`x${text.slice(tailStart)}`.replace(TRAILING_DECORATION, ''));
  return text.slice(0, tailStart) + tail.slice(1);
}

function stripOpening(text: string): string {
  return OPENINGS.reduce((stripped, opening) => stripped.replace(opening, ''), text);
}

function stripClosing(text: string): string {
  return CLOSINGS.reduce((stripped, closing) => stripped.replace(closing, ''), text);
}
