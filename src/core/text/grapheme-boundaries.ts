/**
 * Windowed grapheme segmentation. `Intl.Segmenter` gets slower per segment as its input grows (tens of thousands of
 * CJK characters in one call take seconds), so it is only ever given short windows, and runs of common characters
 * (Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari and Thai letters, CJK, kana, Hangul syllables) are split without
 * it, and so are the clusters it is slowest on: emoji sequences, flags, letters with their marks and Devanagari
 * conjuncts (`clusterEndByHand`).
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** UTF-16 units handed to `Intl.Segmenter` at most per call, unless one cluster is longer. */
const defaultWindowSize = 256;

/**
 * A window stops before this many certain boundaries in a row: from there on, splitting by hand beats the cost of
 * one more segmenter call (about as much as eight segments).
 */
const simpleRunToStop = 8;

const carriageReturn = 0x0d;
const lineFeed = 0x0a;

/**
 * BMP code units whose grapheme break property is Control, CR, LF, Other, LV or LVT. Between two of them there is
 * always a boundary, except CR × LF (UAX #29): no rule joins these classes, and the rules that look further back
 * (GB9c, GB11, GB12) need a virama, a ZWJ or a regional indicator just before, none of which is in the set.
 * Checked against `Intl.Segmenter` for every BMP code unit in grapheme-boundaries.test.ts.
 */
const simpleUnits = buildSimpleUnits([
  [0x0000, 0x02ff], // ASCII, Latin-1, Latin Extended-A/B, IPA, spacing modifiers (combining marks start at U+0300)
  [0x0370, 0x0482], // Greek, Cyrillic (Cyrillic combining marks are U+0483..U+0489)
  [0x048a, 0x052f], // Cyrillic
  [0x05d0, 0x05f4], // Hebrew letters (the points before them are combining)
  [0x0606, 0x060f], // Arabic signs (U+0600..U+0605 prepend to the next character)
  [0x061b, 0x064a], // Arabic letters (harakat U+064B..U+065F are combining)
  [0x0660, 0x066f], // Arabic digits and letters
  [0x0671, 0x06d5], // Arabic letters (U+06D6 onwards: Quranic marks)
  [0x0904, 0x0939], // Devanagari vowels and consonants (signs and virama are combining)
  [0x093d, 0x093d], // Devanagari avagraha
  [0x0950, 0x0950], // Devanagari om
  [0x0958, 0x0961], // Devanagari consonants with nukta
  [0x0964, 0x097f], // Devanagari punctuation, digits, letters
  [0x0e01, 0x0e30], // Thai consonants and vowels written on the line
  [0x0e32, 0x0e32], // Thai sara aa (sara am, U+0E33, is a spacing mark)
  [0x0e3f, 0x0e46], // Thai baht, leading vowels
  [0x0e4f, 0x0e5b], // Thai punctuation and digits
  [0x1e00, 0x1eff], // Latin Extended Additional (Vietnamese)
  [0x2010, 0x2027], // dashes, quotes, bullets, ellipsis (U+200B..U+200F include ZWJ and ZWNJ)
  [0x2030, 0x205e], // per mille, primes, more punctuation
  [0x20a0, 0x20bf], // currency signs
  [0x3000, 0x3029], // CJK punctuation (U+302A..U+302F are combining tone marks)
  [0x3030, 0x303f], // more CJK punctuation
  [0x3041, 0x3096], // hiragana (U+3099 and U+309A are combining voicing marks)
  [0x309b, 0x30ff], // spacing voicing marks, katakana
  [0x3400, 0x4dbf], // CJK Extension A
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xac00, 0xd7a3], // Hangul syllables (LV and LVT: only conjoining jamo extend them)
  [0xff01, 0xff9d], // fullwidth forms, halfwidth katakana (U+FF9E and U+FF9F are combining)
  [0xfffc, 0xfffd], // object replacement, and the replacement character that `cleanText` puts for lone surrogates
]);

function buildSimpleUnits(ranges: ReadonlyArray<readonly [number, number]>): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (const [first, last] of ranges) table.fill(1, first, last + 1);
  return table;
}

/**
 * True when there is certainly a grapheme boundary between `text[offset - 1]` and `text[offset]` (both common
 * characters, not CR LF), judged from those two units alone. False means "not known", not "no boundary". Segmenting
 * from such an offset gives the same boundaries as segmenting the whole text, so it is where a window may start.
 */
export function isCertainBoundary(text: string, offset: number): boolean {
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  return simpleUnits[before] === 1 && simpleUnits[after] === 1 && !(before === carriageReturn && after === lineFeed);
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

/**
 * Yields the end offset (in UTF-16 units) of every grapheme cluster of `text`, in order: the last one is
 * `text.length`, and an empty text yields nothing. The cluster number i (from 0) is
 * `text.slice(previousBoundary, boundary)`, with 0 as the first previous boundary. Linear in the length of `text`,
 * and lazy: stopping early costs only what was read.
 *
 * `windowSize` exists for tests, to exercise the window seams on short inputs; the default suits real text.
 */
export function* graphemeBoundaries(
  text: string,
  options?: { windowSize?: number },
): Generator<number, undefined, undefined> {
  const baseWindowSize = Math.max(2, Math.floor(options?.windowSize ?? defaultWindowSize));
  const length = text.length;
  let position = 0; // always a true boundary
  let windowSize = baseWindowSize;
  while (position < length) {
    const next = position + 1;
    if (next === length || isCertainBoundary(text, next)) {
      position = next;
      yield position;
      continue;
    }
    const handEnd = clusterEndByHand(text, position);
    if (handEnd !== -1) {
      position = handEnd;
      yield position;
      continue;
    }

    // Find where the window ends: at a certain boundary if there is one, preferably just before a long simple run.
    const limit = Math.min(length, position + windowSize);
    let end = -1;
    let runStart = -1;
    let lastRunStart = -1;
    for (let offset = next; offset <= limit; offset++) {
      if (offset === length) {
        end = length;
        break;
      }
      if (isCertainBoundary(text, offset)) {
        if (runStart === -1) {
          runStart = offset;
          lastRunStart = offset;
        } else if (offset - runStart >= simpleRunToStop) {
          end = runStart;
          break;
        }
      } else {
        runStart = -1;
      }
    }
    if (end === -1 && lastRunStart !== -1) end = lastRunStart;

    if (end !== -1) {
      // Both ends are true boundaries, so every boundary the segmenter finds in between is true too.
      for (const boundary of windowBoundaries(text, position, end)) yield boundary;
      yield end;
      position = end;
      windowSize = baseWindowSize;
      continue;
    }

    // No certain boundary in reach: cut anywhere but inside a surrogate pair, and trust neither the cut nor the
    // last boundary before it, since the cluster there may go on past the cut.
    const cut = isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
    const found = windowBoundaries(text, position, cut);
    if (found.length < 2) {
      // One or two clusters fill the whole window: look further.
      windowSize *= 2;
      continue;
    }
    const trusted = found.length - 1;
    for (let index = 0; index < trusted; index++) yield found[index] as number;
    position = found[trusted - 1] as number;
    windowSize = baseWindowSize;
  }
  return undefined;
}

const zeroWidthJoiner = 0x200d;
const UNKNOWN = 0;
const PICTOGRAPHIC = 1;
const NOT_PICTOGRAPHIC = 2;
/** Extended_Pictographic, by code point (all are below U+20000), filled in as code points are met. */
const pictographic = new Uint8Array(0x20000);

function isPictographic(codePoint: number): boolean {
  if (codePoint >= 0x20000) return false;
  let known = pictographic[codePoint];
  if (known === UNKNOWN) {
    known = /^\p{Extended_Pictographic}$/u.test(String.fromCodePoint(codePoint)) ? PICTOGRAPHIC : NOT_PICTOGRAPHIC;
    pictographic[codePoint] = known;
  }
  return known === PICTOGRAPHIC;
}

function isRegionalIndicator(codePoint: number): boolean {
  return codePoint >= 0x1f1e6 && codePoint <= 0x1f1ff;
}

/** The Extend code points that emoji sequences use: variation selectors, skin tones, tags, the keycap. */
function isEmojiExtend(codePoint: number): boolean {
  return (
    codePoint === 0xfe0f ||
    codePoint === 0xfe0e ||
    (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff) ||
    (codePoint >= 0xe0020 && codePoint <= 0xe007f) ||
    codePoint === 0x20e3
  );
}

const KNOWN = 1;
const PLAIN_MARK = 2;
const LINKER = 4;
const CONJUNCT_CONSONANT = 8;
/** What the segmenter says of BMP code units, as the flags above, asked once per unit as units are met. */
const unitTraits = new Uint8Array(0x10000);
const virama = '\u094d';

function traitsOf(unit: number): number {
  let traits = unitTraits[unit] as number;
  if (traits === 0) {
    traits = KNOWN;
    const character = String.fromCharCode(unit);
    const lengths = (text: string): number[] => Array.from(segmenter.segment(text), (piece) => piece.segment.length);
    const joinsOnly = (base: string): boolean =>
      lengths(`${base}${character}${base}`).join() === `${base.length + 1},1`;
    const isSurrogate = unit >= 0xd800 && unit <= 0xdfff;
    if (!isSurrogate && unit !== zeroWidthJoiner) {
      if (joinsOnly('a') && joinsOnly('क') && joinsOnly('ก')) traits |= PLAIN_MARK;
      else if (simpleUnits[unit] !== 1 && lengths(`क${character}क`).length === 1) traits |= LINKER;
      if (simpleUnits[unit] === 1 && lengths(`क${virama}${character}`).length === 1) traits |= CONJUNCT_CONSONANT;
    }
    unitTraits[unit] = traits;
  }
  return traits;
}

/**
 * True for a BMP code unit of grapheme break class Extend or SpacingMark that is no conjunct linker (a virama, which
 * joins the next consonant, GB9c): the segmenter itself says whether it joins "a", "क" and "ก" and is followed by a
 * boundary before the same letter. ZWJ is not one (GB11).
 */
function isPlainMark(unit: number): boolean {
  return (traitsOf(unit) & PLAIN_MARK) !== 0;
}

/** A virama that joins two consonants into one cluster (GB9c): "क्क" is one cluster for the segmenter. */
function isLinker(unit: number): boolean {
  return unit < 0x10000 && (traitsOf(unit) & LINKER) !== 0;
}

/** A common character that a virama joins to the consonant before it: "क्" + it is one cluster. */
function isConjunctConsonant(unit: number): boolean {
  return unit < 0x10000 && (traitsOf(unit) & CONJUNCT_CONSONANT) !== 0;
}

/** Control characters take no Extend after them (GB4): C0, C1, the soft hyphen and the Arabic letter mark. */
function isControl(unit: number): boolean {
  return unit < 0x20 || (unit >= 0x7f && unit <= 0x9f) || unit === 0xad || unit === 0x61c;
}

function unitsOf(codePoint: number): number {
  return codePoint >= 0x10000 ? 2 : 1;
}

/**
 * The end of the cluster at `start` (a true boundary) when it is an emoji sequence, a flag or a letter with marks
 * whose end is certain, else -1. Rows of emoji, Thai or Hindi cost the segmenter several times more than other text,
 * so these clusters are read by hand (UAX #29): a pictograph takes the Extend code points above and, with GB11, every
 * ZWJ + pictograph that follows; a regional indicator pairs with the next one (a true boundary before an indicator
 * means an even number of indicators before it, GB12/GB13); a common character other than a control takes the
 * Extend code points above and the plain marks (`isPlainMark`), and a virama joins two consonants (GB9c). The end is certain before the end of the text, a common
 * character (see `simpleUnits`), a pictograph or a regional indicator: none of them can extend the cluster, and
 * the rules that join across (GB9b, GB11, GB12/13) need a prepended sign, a ZWJ or an indicator just before, which
 * the end of such a cluster is not. Anything else (a combining mark after an emoji, a ZWJ before a letter) is left to
 * the segmenter. Checked against `Intl.Segmenter` for every pictograph and every BMP code unit in
 * grapheme-boundaries.test.ts.
 */
function clusterEndByHand(text: string, start: number): number {
  const first = text.codePointAt(start) as number;
  let end = start + unitsOf(first);
  if (isRegionalIndicator(first)) {
    const second = text.codePointAt(end);
    if (second !== undefined && isRegionalIndicator(second)) end += 2;
  } else if (isPictographic(first)) {
    while (end < text.length) {
      const codePoint = text.codePointAt(end) as number;
      if (isEmojiExtend(codePoint)) {
        end += unitsOf(codePoint);
        continue;
      }
      if (codePoint !== zeroWidthJoiner) break;
      const joined = text.codePointAt(end + 1);
      if (joined === undefined || !isPictographic(joined)) return -1;
      end += 1 + unitsOf(joined);
    }
  } else if (first < 0x10000 && simpleUnits[first] === 1 && !isControl(first)) {
    // A letter with its marks (Thai vowels and tones, Devanagari vowel signs, Arabic harakat, e + U+0301), a keycap
    // (1 + U+FE0F + U+20E3), a character with a variation selector; and a conjunct, consonant + virama + consonant
    // (स्त, क्ष), when the virama follows the consonant directly.
    let consonant = first;
    for (;;) {
      const marksStart = end;
      while (end < text.length) {
        const codePoint = text.codePointAt(end) as number;
        if (!(isEmojiExtend(codePoint) || (codePoint < 0x10000 && isPlainMark(codePoint)))) break;
        end += unitsOf(codePoint);
      }
      if (end !== marksStart || end + 1 >= text.length || !isLinker(text.charCodeAt(end))) break;
      if (!isConjunctConsonant(consonant)) return -1;
      consonant = text.charCodeAt(end + 1);
      if (!isConjunctConsonant(consonant)) return -1;
      end += 2;
    }
  } else {
    return -1;
  }
  if (end >= text.length) return text.length;
  const following = text.codePointAt(end) as number;
  const certain =
    (following < 0x10000 && simpleUnits[following] === 1) ||
    isPictographic(following) ||
    isRegionalIndicator(following);
  return certain ? end : -1;
}

/** The boundaries strictly between `start` and `end` (both true boundaries or `end` a window cut), as text offsets. */
function windowBoundaries(text: string, start: number, end: number): number[] {
  const boundaries: number[] = [];
  for (const segment of segmenter.segment(text.slice(start, end))) {
    if (segment.index > 0) boundaries.push(start + segment.index);
  }
  return boundaries;
}
