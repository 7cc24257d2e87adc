import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import { stemPrefix } from '../language/english-stem.js';
import { dropLatinAccents } from '../language/index-tokens.js';
import { countGraphemes } from '../text/count-graphemes.js';
import { graphemeBoundaries, isCertainBoundary } from '../text/grapheme-boundaries.js';
import { CJK_LETTER } from '../text/scripts.js';
import { truncateGraphemes } from '../text/truncate-graphemes.js';

const ELLIPSIS = '…';
const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** Term occurrences looked at when choosing where to centre: enough for any turn worth recalling. */
const MAX_MATCHES = 256;
/** How far a cut may move to fall between two words rather than inside one (UTF-16 units). */
const WORD_SNAP = 16;
const WORD_UNIT = /[\p{L}\p{N}]/u;
const WHITESPACE = /\s/u;
const SEPARATOR = /[\s\p{P}]/u;
const EMOJI = /^\p{Extended_Pictographic}$/u;

/**
 * A recalled turn cut to at most `maxGraphemes` grapheme clusters (ellipses included), centred on the part where the
 * most distinct query `terms` occur, with `…` where it was cut. Whitespace runs in what is kept become one space, so
 * a snippet is one line. The whole text when it fits (a short one once folded); its head when no term occurs in it;
 * empty when only whitespace would be kept. Terms are those of `buildFactQuery`: lower-cased words, matched
 * case-insensitively at word starts by their stem prefix (`stemPrefix`), and Chinese/Japanese words, matched anywhere. No cluster
 * is ever split, and only the kept part is segmented (plus the few units needed to reach a certain boundary before
 * it), so a long turn costs little more than a short one: a search for the terms and a look back.
 *
 * @throws InvalidInputError `INVALID_ARGUMENT` unless `maxGraphemes` is a non-negative integer.
 */
export function recallSnippet(text: string, terms: readonly string[], maxGraphemes: number): string {
  if (!(Number.isSafeInteger(maxGraphemes) && maxGraphemes >= 0)) {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'maxGraphemes',
      `maxGraphemes must be a non-negative integer, got ${String(maxGraphemes)}.`,
    );
  }
  // A text not much longer than the budget may fit once its whitespace is folded; folding a long one would cost more
  // than everything else here, so only the kept part of it is folded.
  if (text.length <= maxGraphemes * 4 + 256) {
    const folded = fold(text);
    if (countGraphemes(folded, { stopAfter: maxGraphemes }) <= maxGraphemes) return folded;
  } else if (countGraphemes(text, { stopAfter: maxGraphemes }) <= maxGraphemes) return fold(text);
  // Room for the kept clusters between two ellipses.
  const width = maxGraphemes - 2;
  const anchor = width > 0 ? findAnchor(text, terms, width) : null;
  if (!anchor) return cutEnd(text, maxGraphemes);

  const span = countGraphemes(text.slice(anchor.start, anchor.end), { stopAfter: width });
  let start = boundaryBefore(text, anchor.start, Math.max(0, Math.floor((width - span) / 2)));
  // Near the end of the text, spend what the end leaves unused on more text before.
  const after = countGraphemes(text.slice(start), { stopAfter: maxGraphemes });
  if (start > 0 && after < maxGraphemes - 1) start = boundaryBefore(text, start, maxGraphemes - 1 - after);
  if (start === 0) return cutEnd(text, maxGraphemes, anchor.end);
  start = snapStart(text, start, anchor.start);
  const rest = cutEnd(text.slice(start), maxGraphemes - 1, anchor.end - start);
  return rest === '' ? '' : ELLIPSIS + rest;
}

/** Whitespace runs as one space, none at either end. (Cuts count clusters before folding, which only shortens.) */
function fold(text: string): string {
  const folded = text.replace(/\s+/gu, ' ');
  // An end space is dropped only when it is a cluster of its own, which only its one neighbour can change (a
  // combining mark after it, a prepended sign before it): three units are enough to tell.
  const start = folded.startsWith(' ') && firstCluster(folded.slice(0, 3)) === ' ' ? 1 : 0;
  const end = folded.length > start && folded.endsWith(' ') && lastCluster(folded.slice(-3)) === ' ' ? 1 : 0;
  return folded.slice(start, folded.length - end);
}

function firstCluster(text: string): string | undefined {
  for (const { segment } of segmenter.segment(text)) return segment;
  return undefined;
}

function lastCluster(text: string): string | undefined {
  let last: string | undefined;
  for (const { segment } of segmenter.segment(text)) last = segment;
  return last;
}

interface Occurrence {
  start: number;
  end: number;
  /** Which term it is, as an index into the patterns. */
  term: number;
}

/**
 * The densest stretch of term occurrences: the one whose `width` units hold the most distinct terms (then the most
 * occurrences, then the earliest). Null when no term occurs.
 */
function findAnchor(text: string, terms: readonly string[], width: number): { start: number; end: number } | null {
  const patterns = [...new Set(terms)].filter((term) => term !== '').map(termPattern);
  if (patterns.length === 0) return null;
  const pattern = new RegExp(patterns.map((source) => `(${source})`).join('|'), 'giu');
  const found: Occurrence[] = [];
  for (const match of text.matchAll(pattern)) {
    const term = match.findIndex((group, index) => index > 0 && group !== undefined) - 1;
    found.push({ start: match.index, end: match.index + match[0].length, term });
    if (found.length >= MAX_MATCHES) break;
  }

  // A sliding window over the occurrences, counting each term's occurrences inside it.
  const counts = new Array<number>(patterns.length).fill(0);
  let distinct = 0;
  let best: { distinct: number; occurrences: number; start: number; end: number } | null = null;
  let next = 0;
  for (const [first, head] of found.entries()) {
    next = Math.max(next, first);
    for (let occurrence = found[next]; occurrence && occurrence.end - head.start <= width; occurrence = found[next]) {
      if (counts[occurrence.term] === 0) distinct += 1;
      counts[occurrence.term] = (counts[occurrence.term] ?? 0) + 1;
      next += 1;
    }
    // An occurrence longer than the width is a window of its own.
    const occurrences = Math.max(1, next - first);
    const window = { distinct: Math.max(1, distinct), occurrences };
    if (
      !best ||
      window.distinct > best.distinct ||
      (window.distinct === best.distinct && occurrences > best.occurrences)
    ) {
      best = { ...window, start: head.start, end: Math.max(head.end, found[next - 1]?.end ?? head.end) };
    }
    if (next > first) {
      counts[head.term] = (counts[head.term] ?? 1) - 1;
      if (counts[head.term] === 0) distinct -= 1;
    }
  }
  return best;
}

/**
 * A term as a pattern: a Chinese/Japanese word anywhere, a word by its stem at the start of a word, its Latin letters
 * with or without accents (as the index folds them: "malaga" finds "Málaga", "vivia" finds "vivía").
 */
function termPattern(term: string): string {
  if (CJK_LETTER.test(term)) return escapeRegExp(term);
  const forms = accentedForms();
  const letters = [...stemPrefix(dropLatinAccents(term))].map((letter) => {
    const accented = forms.get(letter);
    return accented === undefined ? escapeRegExp(letter) : `[${letter}${accented}]\\p{M}*`;
  });
  return `(?<![\\p{L}\\p{N}\\p{M}])${letters.join('')}`;
}

let accentedLetters: Map<string, string> | undefined;
/** Each Latin letter and the accented letters that fold to it (lower case: the pattern ignores case), learnt once. */
function accentedForms(): Map<string, string> {
  if (accentedLetters !== undefined) return accentedLetters;
  const forms = new Map<string, Set<string>>();
  for (const [first, last] of [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ] as const) {
    for (let code = first; code <= last; code += 1) {
      const letter = String.fromCharCode(code).toLowerCase();
      const base = dropLatinAccents(letter);
      if (base !== letter && /^[a-z]$/u.test(base)) forms.set(base, (forms.get(base) ?? new Set()).add(letter));
    }
  }
  accentedLetters = new Map([...forms].map(([base, letters]) => [base, [...letters].join('')]));
  return accentedLetters;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/**
 * The start of the cluster `clusters` clusters before the one holding `offset`, or 0 when there are fewer. Segments
 * only from a certain boundary a little before, widening the look-back until it has enough.
 */
function boundaryBefore(text: string, offset: number, clusters: number): number {
  let reach = clusters * 2 + 16;
  for (;;) {
    let from = Math.max(0, offset - reach);
    while (from > 0 && !isCertainBoundary(text, from) && !isEmojiBoundary(text, from)) from -= 1;
    const boundaries = [from];
    for (const boundary of graphemeBoundaries(text.slice(from))) {
      if (from + boundary > offset) break;
      boundaries.push(from + boundary);
    }
    const index = boundaries.length - 1 - clusters;
    if (index >= 0) return boundaries[index] as number;
    if (from === 0) return 0;
    reach *= 2;
  }
}

/**
 * True when an emoji starts at `offset` after an emoji, its variation selector or its skin tone, or after ASCII:
 * nothing joins those to the emoji but a ZWJ or a prepended sign, and none is either. Text written in emoji alone
 * has no boundary `isCertainBoundary` can see.
 */
function isEmojiBoundary(text: string, offset: number): boolean {
  const next = text.codePointAt(offset);
  if (next === undefined || (next >= 0xdc00 && next <= 0xdfff) || !EMOJI.test(String.fromCodePoint(next))) return false;
  const unit = text.charCodeAt(offset - 1);
  const previous = unit >= 0xdc00 && unit <= 0xdfff ? text.codePointAt(offset - 2) : unit;
  if (previous === undefined || Number.isNaN(previous)) return false;
  return (
    previous < 0x80 ||
    previous === 0xfe0f ||
    (previous >= 0x1f3fb && previous <= 0x1f3ff) ||
    EMOJI.test(String.fromCodePoint(previous))
  );
}

/** True when a cut between `before` and `after` (single units) would split a word of a spaced script. */
function insideWord(before: string | undefined, after: string | undefined): boolean {
  const isWord = (unit: string | undefined) => unit !== undefined && WORD_UNIT.test(unit) && !CJK_LETTER.test(unit);
  return isWord(before) && isWord(after);
}

/**
 * Moves a start inside a word to the start of the next word, and a start on spaces or punctuation to the word after
 * them, when that word starts soon and before `limit`.
 */
function snapStart(text: string, start: number, limit: number): number {
  const last = Math.min(limit, start + WORD_SNAP);
  let offset = start;
  if (insideWord(text[start - 1], text[start])) {
    while (offset < last && !WHITESPACE.test(text[offset] ?? '')) offset += 1;
    if (offset === last) return start;
  }
  while (offset < last && SEPARATOR.test(text[offset] ?? '')) offset += 1;
  return offset !== start && offset <= limit && isCertainBoundary(text, offset) ? offset : start;
}

/**
 * `text` cut to `max` clusters with `…` and folded, the cut moved back to the end of the previous word when it
 * splits one (but not before `keep` units).
 */
function cutEnd(text: string, max: number, keep = 0): string {
  const cut = truncateGraphemes(text, max);
  if (cut === text || !cut.endsWith(ELLIPSIS)) return fold(cut);
  let body = cut.slice(0, -ELLIPSIS.length);
  if (insideWord(body.at(-1), text[body.length])) {
    const first = Math.max(keep, body.length - WORD_SNAP, 1);
    for (let offset = body.length - 1; offset >= first; offset--) {
      if (WHITESPACE.test(body[offset] ?? '') && isCertainBoundary(body, offset)) {
        body = body.slice(0, offset);
        break;
      }
    }
  }
  const kept = fold(body);
  return kept === '' ? '' : kept + ELLIPSIS;
}
