import { MOJIBAKE } from '../../locales/shared/mojibake.js';
import { CJK_LETTER, COMMON_LETTER } from '../text/scripts.js';
import { normalizeForMatching } from './normalize-for-matching.js';

const HEAD = 2000;
// Chinese, Japanese and Korean letters are words by themselves: these scripts need no spaces.
const LETTER = /\p{L}/u;
const HEX = /^[0-9a-f]+$/i;
const BASE64_TOKEN = /^[A-Za-z0-9+/=_-]{20,}$/;
const DIGIT = /\p{N}/u;
/** What decoding binary as text leaves: replacement characters, private-use and unassigned code points. */
const BROKEN = /[\ufffd\p{Co}\p{Cn}\p{Cs}]/u;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1f3fb}-\u{1f3ff}]|\u20e3/u;
const SEPARATORS = /[/._:\-@#=+,;()[\]{}<>|\\'"`*~!?&%^$]+/u;
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;
const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['latin', /\p{Script=Latin}/u],
  ['greek', /\p{Script=Greek}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['devanagari', /\p{Script=Devanagari}/u],
  ['thai', /\p{Script=Thai}/u],
  ['cjk', CJK_LETTER],
];
/** Shares of the visible characters (see `isNotLanguage`). */
const MOST_JUNK_SHARE = 0.5;
const FEWEST_WORD_SHARE = 0.25;
const RANDOM_SEGMENT = 8;
const LONGEST_WORD = 40;
const LONGEST_CONSONANT_RUN = 6;
const DOMINATED_SEGMENT = 12;

/**
 * Whether `text` is mostly not words in any script: symbol runs, base64 or hex blobs, binary decoded as text,
 * scrambled Unicode. A word is a run of letters that could be one (Latin with vowels and without random case or
 * digits inside, any other script, every CJK character); numbers, versions, paths, identifiers and emoji are neutral.
 * So "User uses Node 20.11 and pnpm 9" and "User's project uses `tsconfig.strict = true`" are language, and so is
 * a Chinese sentence naming pnpm. A text is not language when it has no word at all, or when junk makes up half of it and words less
 * than a quarter. Reads only the first 2,000 characters.
 */
export function isNotLanguage(text: string): boolean {
  const normalized = normalizeForMatching(text.slice(0, HEAD), { keepCase: true }).replace(MOJIBAKE, (found) =>
    '\ufffd'.repeat(Array.from(found).length),
  );
  let visible = 0;
  let words = 0;
  let junk = 0;
  for (const token of normalized.split(' ')) {
    const counts = classifyToken(token);
    visible += counts.visible;
    words += counts.words;
    junk += counts.junk;
  }
  if (visible === 0) return false;
  if (words === 0) return true;
  return junk >= MOST_JUNK_SHARE * visible && words < FEWEST_WORD_SHARE * visible;
}

function classifyToken(token: string): { visible: number; words: number; junk: number } {
  const characters = Array.from(token);
  const visible = characters.length;
  let junk = characters.filter((character) => BROKEN.test(character)).length;
  const scripts = new Set<string>();
  let cjk = 0;
  let letters = 0;
  let rare = 0;
  for (const character of characters) {
    if (!LETTER.test(character)) continue;
    letters += 1;
    if (!COMMON_LETTER.test(character)) rare += 1;
    if (CJK_LETTER.test(character)) cjk += 1;
    scripts.add(SCRIPTS.find(([, pattern]) => pattern.test(character))?.[0] ?? 'other');
  }
  // Letters of three scripts in one token, letters of rare blocks, or letters among replacement characters: that
  // is scrambled Unicode or binary read as text, not a word.
  if (scripts.size >= 3 || (rare > 0 && rare * 2 >= letters) || (junk > 0 && letters > 0)) {
    return { visible, words: 0, junk: visible };
  }
  if (letters === 0) {
    // A run of symbols ("%$#@!&*") is junk; a dash, an arrow or an emoji is not.
    const symbols = characters.filter((character) => !DIGIT.test(character) && !EMOJI.test(character)).length;
    return { visible, words: 0, junk: junk + (symbols >= 4 && symbols === visible ? visible : 0) };
  }
  let words = cjk;
  const rest = token.replace(EDGE_PUNCTUATION, '');
  // Base64 is split by its own alphabet ("+", "/"): judged whole, its pieces do not pass for words.
  if (BASE64_TOKEN.test(rest) && looksRandom(rest.replace(/[^A-Za-z0-9]/g, '')))
    return { visible, words: 0, junk: visible };
  for (const segment of rest.split(SEPARATORS)) {
    const segmentCharacters = Array.from(segment);
    const letterCount = segmentCharacters.filter(
      (character) => LETTER.test(character) && !CJK_LETTER.test(character),
    ).length;
    // A hexadecimal number (0x1f, a94a8fe5) is not a word, however many of a-f it has.
    if (letterCount < 2 || (HEX.test(segment.replace(/^0x/i, '')) && /\d/.test(segment))) {
      if (looksRandom(segment)) junk += segmentCharacters.length;
      continue;
    }
    const alphanumeric = segmentCharacters.filter((character) => LETTER.test(character) || DIGIT.test(character));
    // Emoji and marks beside the letters do not make a word less of a word; digits inside it do.
    if (looksRandom(alphanumeric.join(''))) junk += segmentCharacters.length;
    else if (letterCount >= 0.6 * alphanumeric.length) words += letterCount;
  }
  return { visible, words, junk };
}

/** A run of letters and digits that no language writes: base64, hashes, keyboard mashing. */
function looksRandom(segment: string): boolean {
  const characters = Array.from(segment);
  if (characters.length < RANDOM_SEGMENT) return false;
  if (characters.length > LONGEST_WORD) return true;
  let kindChanges = 0;
  let caseChanges = 0;
  let upper = 0;
  let letters = 0;
  let consonants = 0;
  let longestConsonants = 0;
  for (let index = 0; index < characters.length; index++) {
    const character = characters[index] as string;
    const previous = characters[index - 1];
    const isLetter = LETTER.test(character);
    if (previous !== undefined && isLetter !== LETTER.test(previous)) kindChanges += 1;
    if (!isLetter) {
      consonants = 0;
      continue;
    }
    letters += 1;
    const isUpper = character !== character.toLowerCase();
    if (isUpper) upper += 1;
    if (previous !== undefined && LETTER.test(previous) && isUpper !== (previous !== previous.toLowerCase())) {
      caseChanges += 1;
    }
    consonants = /[bcdfghjklmnpqrstvwxz]/i.test(character) ? consonants + 1 : 0;
    longestConsonants = Math.max(longestConsonants, consonants);
  }
  if (kindChanges >= 3) return true;
  // No word is mostly one letter ("AAAAAAAAAAAAAAAAAAIAAwEI…" is base64 of zero bytes).
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  if (characters.length >= DOMINATED_SEGMENT && Math.max(...counts.values()) >= 0.4 * characters.length) return true;
  if (caseChanges >= 5 && upper >= 0.25 * letters && upper <= 0.75 * letters) return true;
  return longestConsonants > LONGEST_CONSONANT_RUN;
}
