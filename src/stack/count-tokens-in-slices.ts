import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** UTF-16 units counted in one go: a few milliseconds of tokenizer work, whatever the script. */
const SLICE = 8192;
/** How far back a cut looks for a space, so that a word is not split. */
const LOOK_BACK = 512;

/**
 * The token count of a long text, a slice at a time, letting the event loop run between slices: a tokenizer is
 * synchronous, and counting a long message at once would block it for long. Slices end before a space, or
 * (in a run without spaces) between two characters that no grapheme cluster joins, so the sum differs from a count
 * of the whole text by at most a token per slice. Texts up to a slice are counted at once, without yielding (the
 * count is short, and a turn of the event loop is not: it would delay a response held back for the record).
 */
export async function countTokensInSlices(count: (text: string) => number, text: string): Promise<number> {
  if (text.length <= SLICE) return count(text);
  let total = 0;
  for (let start = 0; start < text.length; ) {
    const end = start + SLICE >= text.length ? text.length : cutBefore(text, start + SLICE);
    total += count(text.slice(start, end));
    start = end;
    // After the last slice too: the caller's next synchronous work (a store transaction) waits a turn.
    await yieldToEventLoop();
  }
  return total;
}

/** Combining marks, variation selectors, skin-tone modifiers and tag characters: they extend the cluster before. */
const CONTINUES_A_CLUSTER = /^(?:\p{M}|[\u{fe00}-\u{fe0f}]|[\u{1f3fb}-\u{1f3ff}]|[\u{e0020}-\u{e007f}])/u;

/** A cut at or before `at`: before a space if one is near, else where no cluster continues. */
function cutBefore(text: string, at: number): number {
  for (let index = at; index > at - LOOK_BACK; index -= 1) {
    if (text[index] === ' ' && text[index - 1] !== ' ') return index;
  }
  for (let index = at; index > at - LOOK_BACK; index -= 1) {
    if (joinsNothing(text, index)) return index;
  }
  return at;
}

/** True when a cut before `index` splits no surrogate pair, ZWJ sequence, combining mark or variation selector. */
function joinsNothing(text: string, index: number): boolean {
  const next = text.charCodeAt(index);
  const previous = text.charCodeAt(index - 1);
  if (next >= 0xdc00 && next <= 0xdfff) return false; // the second half of a surrogate pair
  if (previous === 0x200d || next === 0x200d) return false; // either side of a zero-width joiner
  return !CONTINUES_A_CLUSTER.test(text.slice(index, index + 2));
}
