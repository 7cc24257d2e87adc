import type { Tokenizer } from '../spec/tokenizer.js';

export interface BoundedTokenizerOptions {
  /**
   * Longest run without a safe cut (see below), in UTF-16 units, handed to the wrapped tokenizer in one piece
   * (default 256). A longer run is counted in pieces of at most this length, cut between grapheme clusters.
   */
  maxRunLength?: number;
  /**
   * Pieces between safe cuts are grouped into calls of at most about this many UTF-16 units (default 4096): fewer
   * calls, each still quick. 1 counts every piece on its own (tests use it to check every cut).
   */
  maxCallLength?: number;
}

const DEFAULT_MAX_RUN_LENGTH = 256;
const DEFAULT_MAX_CALL_LENGTH = 4096;

/** Code point classes, as o200k's pre-tokenizer sees them (same engine, same `\s`, `\p{L}`, `\p{M}`, `\p{N}`). */
const OTHER = 0;
const SPACE = 1; // white space other than a line break
const LINE_BREAK = 2; // \r and \n
const LETTER = 3;
const MARK = 4;
const NUMBER = 5;
const APOSTROPHE = 6; // opens the contractions 's, 't, 'll… that o200k keeps with the word before
const SLASH = 7; // o200k keeps it with the line breaks before it
const END = 8; // past the end of the text

const UNKNOWN = 255;
/** The classes of code points, filled in as they are met: a text uses few distinct ones. */
const bmpClasses = new Uint8Array(0x10000).fill(UNKNOWN);
const astralClasses = new Map<number, number>();
const ASTRAL_CLASSES_KEPT = 4096;

function classOf(codePoint: number): number {
  if (codePoint >= 0x10000) {
    let known = astralClasses.get(codePoint);
    if (known === undefined) {
      known = classify(String.fromCodePoint(codePoint));
      if (astralClasses.size < ASTRAL_CLASSES_KEPT) astralClasses.set(codePoint, known);
    }
    return known;
  }
  let known = bmpClasses[codePoint] as number;
  if (known === UNKNOWN) {
    known = classify(String.fromCharCode(codePoint));
    bmpClasses[codePoint] = known;
  }
  return known;
}

function classify(character: string): number {
  if (character === '\r' || character === '\n') return LINE_BREAK;
  if (character === "'") return APOSTROPHE;
  if (character === '/') return SLASH;
  if (/^\s$/u.test(character)) return SPACE;
  if (/^\p{L}$/u.test(character)) return LETTER;
  if (/^\p{M}$/u.test(character)) return MARK;
  if (/^\p{N}$/u.test(character)) return NUMBER;
  return OTHER;
}

/**
 * True when o200k's pre-tokenizer (the `O200K_TOKEN_SPLIT_REGEX` of gpt-tokenizer) ends a pre-token between
 * `before` and `at` whatever comes before, and pre-tokenizes the text before the cut, alone, as it does in the
 * whole: then counting the two sides apart gives the count of the whole. `after` is the class after `at`.
 * - before a white space (not a line break) followed by a non-space: " word", " 42", " !" start there;
 * - after a line break followed by a non-space other than `/` (which `[\r\n/]*` would take);
 * - after a letter, before anything but a letter, a mark or an apostrophe (a word ends there);
 * - after a digit, before anything but a digit, and inside a run of digits after every third one (o200k groups
 *   digits by three from the left of their run; `digitsBefore` is the length of the run so far).
 * cl100k, and BPE tokenizers in general, split at least there too.
 */
function isSafeCut(before: number, at: number, after: number, digitsBefore: number): boolean {
  return (
    (at === SPACE && after !== SPACE && after !== LINE_BREAK && after !== END) ||
    (before === LINE_BREAK && at !== SPACE && at !== LINE_BREAK && at !== SLASH) ||
    (before === LETTER && at !== LETTER && at !== MARK && at !== APOSTROPHE) ||
    (before === NUMBER && (at !== NUMBER || digitsBefore % 3 === 0))
  );
}

/**
 * Bounds the work of any tokenizer. BPE tokenizers cost time quadratic in the length of a pre-token, and a text
 * without spaces (Chinese, a row of emoji, one long "word") is one huge pre-token: a few thousand characters of it
 * already block a call for long. This wrapper counts the text in pieces and sums the counts:
 * - pieces end only where the pre-tokenizer splits anyway (`isSafeCut`), so that a text whose runs without such a
 *   cut are at most `maxRunLength` long is counted exactly as the wrapped tokenizer counts it (ordinary spaced text,
 *   and Chinese or Japanese with punctuation);
 * - a longer run is cut between grapheme clusters (never inside a surrogate pair or a ZWJ sequence; a single cluster
 *   longer than `maxRunLength`, which no script needs, between code points) and counted piece by piece: each such
 *   cut adds at most one token (bounded-tokenizer.test.ts checks it; measured on runs of 16,000 characters: 0 per
 *   cut for Chinese, emoji and flags, 0.05 for Latin letters, 0.15 for Hangul, 0.4-0.5 for Thai and Devanagari).
 * Time is linear in the length of the text. Wrapping a bounded tokenizer again returns it unchanged.
 */
export function boundedTokenizer(tokenizer: Tokenizer, options: BoundedTokenizerOptions = {}): Tokenizer {
  if (bounded.has(tokenizer) && options.maxRunLength === undefined && options.maxCallLength === undefined) {
    return tokenizer;
  }
  const maxRunLength = Math.max(2, Math.floor(options.maxRunLength ?? DEFAULT_MAX_RUN_LENGTH));
  const maxCallLength = Math.max(1, Math.floor(options.maxCallLength ?? DEFAULT_MAX_CALL_LENGTH));
  const wrapped: Tokenizer = {
    specificationVersion: 'v1',
    name: tokenizer.name,
    count: (text) => countBounded(tokenizer, text, maxRunLength, maxCallLength),
  };
  bounded.add(wrapped);
  return wrapped;
}

const bounded = new WeakSet<Tokenizer>();

function countBounded(tokenizer: Tokenizer, text: string, maxRunLength: number, maxCallLength: number): number {
  if (text === '') return 0;
  // No pre-token can be longer than the text.
  if (text.length <= maxRunLength && text.length <= maxCallLength) return tokenizer.count(text);

  let total = 0;
  let callStart = 0; // start of the text not counted yet
  let lastCut = 0; // the last safe cut seen (or a cut of a long run), at or after callStart
  const countUpTo = (end: number): void => {
    if (end > callStart) total += tokenizer.count(text.slice(callStart, end));
    callStart = end;
  };
  const reach = (cut: number): void => {
    if (cut - lastCut > maxRunLength) {
      // [lastCut, cut) has no safe cut and is too long for one call.
      countUpTo(lastCut);
      total += countLongRun(tokenizer, text, lastCut, cut, maxRunLength);
      callStart = cut;
    } else if (cut - callStart > maxCallLength) {
      countUpTo(lastCut);
    }
    lastCut = cut;
  };

  // Three code points in view: the one before the candidate cut, the one at it, and the next.
  const length = text.length;
  let before = END;
  let at = classOf(text.codePointAt(0) as number);
  let position = 0;
  let next = unitsAt(text, 0);
  let digitsBefore = 0;
  while (position < length) {
    const after = next < length ? classOf(text.codePointAt(next) as number) : END;
    if (position > 0 && isSafeCut(before, at, after, digitsBefore)) reach(position);
    digitsBefore = at === NUMBER ? digitsBefore + 1 : 0;
    before = at;
    at = after;
    position = next;
    if (next < length) next += unitsAt(text, next);
  }
  reach(length);
  countUpTo(length);
  return total;
}

/** UTF-16 units of the code point at `offset` (2 for a surrogate pair, else 1). */
function unitsAt(text: string, offset: number): number {
  const unit = text.charCodeAt(offset);
  if (unit >= 0xd800 && unit <= 0xdbff && offset + 1 < text.length) {
    const low = text.charCodeAt(offset + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return 2;
  }
  return 1;
}

/** The tokens of `text[start, end)`, a run with no safe cut, counted in pieces of at most `maxRunLength` units. */
function countLongRun(tokenizer: Tokenizer, text: string, start: number, end: number, maxRunLength: number): number {
  let total = 0;
  let position = start;
  while (end - position > maxRunLength) {
    const cut = clusterCut(text, position, position + maxRunLength);
    total += tokenizer.count(text.slice(position, cut));
    position = cut;
  }
  return total + tokenizer.count(text.slice(position, end));
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The last grapheme cluster boundary after `start` and at most `limit`: the start of the cluster that holds the code
 * point at `limit`, segmenting only up to that code point (whether a boundary falls before a code point depends on
 * what precedes it and on that code point alone). `containing` asks ICU for one boundary, about ten times cheaper
 * than iterating over the window's clusters. When one cluster fills the whole span, `limit`, or one unit before it
 * so as not to split a surrogate pair.
 */
function clusterCut(text: string, start: number, limit: number): number {
  const window = text.slice(start, limit + unitsAt(text, limit));
  const cut = start + (segmenter.segment(window).containing(limit - start)?.index ?? 0);
  if (cut > start) return cut;
  const unit = text.charCodeAt(limit - 1);
  return unit >= 0xd800 && unit <= 0xdbff && limit - 1 > start ? limit - 1 : limit;
}
