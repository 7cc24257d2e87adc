/**
 * Porter's stemmer (1980), as SQLite's FTS5 `porter` tokenizer applies it, so that an index built from these stems
 * ranks as the FTS5 tokenizer did: rules match only a suffix shorter than the word, the first rule of a step whose
 * suffix matches is the only one tried, and a token under 3 or over 64 UTF-8 bytes is left as it is. Only ASCII
 * letters are vowels; any other character counts as a consonant (FTS5 works on bytes, and a byte of a multi-byte
 * character is never a vowel). `word` is a folded token (lower case, no diacritics): see `indexTokens`.
 */
export function porterStem(word: string): string {
  const known = STEMS.get(word);
  if (known !== undefined) return known;
  const stem = stemOf(word);
  // Forgetting them all at once keeps this a plain map: the common words are back within a message or two.
  if (STEMS.size >= STEMS_KEPT) STEMS.clear();
  STEMS.set(word, stem);
  return stem;
}

/** Stems of the words seen lately: a word recurs across messages, facts and turns; bounded. */
const STEMS = new Map<string, string>();
const STEMS_KEPT = 20_000;

function stemOf(word: string): string {
  const bytes = utf8Length(word);
  if (bytes < 3 || bytes > 64) return word;
  let stem = step1a(word);
  const afterEd = step1b(stem);
  stem = afterEd.removed ? step1b2(afterEd.stem) : afterEd.stem;
  // Step 1c.
  if (stem.endsWith('y') && hasVowel(stem, stem.length - 1)) stem = `${stem.slice(0, -1)}i`;
  stem = applyRules(stem, STEP_2, 0);
  stem = applyRules(stem, STEP_3, 0);
  stem = applyRules(stem, STEP_4, 1);
  // Step 5a.
  if (stem.endsWith('e')) {
    const length = stem.length - 1;
    const m = measure(stem, length);
    if (m > 1 || (m === 1 && !endsConsonantVowelConsonant(stem, length))) stem = stem.slice(0, -1);
  }
  // Step 5b.
  if (stem.length > 1 && stem.endsWith('ll') && measure(stem, stem.length - 1) > 1) stem = stem.slice(0, -1);
  return stem;
}

/** A rule of steps 2 to 4: the suffix and what replaces it. */
type Rule = readonly [suffix: string, replacement: string];

const STEP_2: readonly Rule[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['logi', 'log'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
];
const STEP_3: readonly Rule[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];
const STEP_4: readonly Rule[] = [
  ['al', ''],
  ['ance', ''],
  ['ence', ''],
  ['er', ''],
  ['ic', ''],
  ['able', ''],
  ['ible', ''],
  ['ant', ''],
  ['ement', ''],
  ['ment', ''],
  ['ent', ''],
  ['ion', ''],
  ['ou', ''],
  ['ism', ''],
  ['ate', ''],
  ['iti', ''],
  ['ous', ''],
  ['ive', ''],
  ['ize', ''],
];

/**
 * Steps 2 to 4: the first rule whose suffix ends the word, among those sharing the word's next-to-last letter (how
 * FTS5 groups them), is applied if the stem's measure exceeds `minimum`; no other rule is tried.
 */
function applyRules(word: string, rules: readonly Rule[], minimum: number): string {
  const key = word.charAt(word.length - 2);
  for (const [suffix, replacement] of rules) {
    if (suffix.charAt(suffix.length - 2) !== key) continue;
    if (!(word.length > suffix.length && word.endsWith(suffix))) continue;
    const length = word.length - suffix.length;
    const eligible = suffix === 'ion' ? /[st]$/u.test(word.slice(0, length)) : true;
    return eligible && measure(word, length) > minimum ? word.slice(0, length) + replacement : word;
  }
  return word;
}

function step1a(word: string): string {
  if (!word.endsWith('s')) return word;
  if (word.endsWith('es')) {
    const strip = (word.length > 4 && word.endsWith('sses')) || (word.length > 3 && word.endsWith('ies'));
    return word.slice(0, strip ? -2 : -1);
  }
  return word.endsWith('ss') ? word : word.slice(0, -1);
}

/** Step 1b: `eed` to `ee` (m > 0), or the word without `ed`/`ing` when the rest has a vowel (`removed`). */
function step1b(word: string): { stem: string; removed: boolean } {
  if (word.length > 3 && word.endsWith('eed')) {
    // When "eed" ends the word, "ed" is not tried.
    return { stem: measure(word, word.length - 3) > 0 ? word.slice(0, -1) : word, removed: false };
  }
  for (const suffix of ['ed', 'ing']) {
    if (word.length > suffix.length && word.endsWith(suffix)) {
      const length = word.length - suffix.length;
      return hasVowel(word, length) ? { stem: word.slice(0, length), removed: true } : { stem: word, removed: false };
    }
  }
  return { stem: word, removed: false };
}

/** After `ed`/`ing` went: `at`, `bl`, `iz` gain an `e`; a double consonant loses one; a short cvc stem gains `e`. */
function step1b2(stem: string): string {
  for (const suffix of ['at', 'bl', 'iz']) {
    if (stem.length > 2 && stem.endsWith(suffix)) return `${stem}e`;
  }
  // A double consonant (y counting as one here) other than ll, ss, zz. FTS5 compares bytes, which could cut a
  // multi-byte character: only ASCII letters are compared here.
  const last = stem.charAt(stem.length - 1);
  if (/^[a-z]$/u.test(last) && !'aeioulsz'.includes(last) && last === stem.charAt(stem.length - 2)) {
    return stem.slice(0, -1);
  }
  if (measure(stem, stem.length) === 1 && endsConsonantVowelConsonant(stem, stem.length)) return `${stem}e`;
  return stem;
}

/** Porter's m of the first `length` characters: how many vowel-consonant sequences follow the first vowel. */
function measure(word: string, length: number): number {
  let m = 0;
  let previousVowel = false;
  let seenVowel = false;
  let consonant = true;
  for (let index = 0; index < length; index += 1) {
    const character = word.charAt(index);
    // y is a vowel after a consonant (FTS5 reads it so in its measure).
    const vowel: boolean = 'aeiou'.includes(character) || (character === 'y' && consonant && index > 0);
    consonant = !vowel;
    if (vowel) seenVowel = true;
    else if (previousVowel && seenVowel) m += 1;
    previousVowel = vowel;
  }
  return m;
}

/** *v*: the first `length` characters hold a vowel (y counts after the first character). */
function hasVowel(word: string, length: number): boolean {
  for (let index = 0; index < length; index += 1) {
    const character = word.charAt(index);
    if ('aeiou'.includes(character) || (character === 'y' && index > 0)) return true;
  }
  return false;
}

/** *o: the first `length` characters end consonant, vowel, consonant, the last not w, x or y. */
function endsConsonantVowelConsonant(word: string, length: number): boolean {
  if (length < 3) return false;
  const last = word.charAt(length - 1);
  // A non-ASCII last character is several consonant bytes to FTS5: never cvc.
  if (last === 'w' || last === 'x' || last === 'y' || last.charCodeAt(0) > 0x7f) return false;
  const kinds = consonantMask(word, length);
  return (kinds & 0b111) === 0b101;
}

function consonantMask(word: string, length: number): number {
  let mask = 0;
  let consonant = false;
  for (let index = 0; index < length; index += 1) {
    const character = word.charAt(index);
    consonant = !('aeiou'.includes(character) || (character === 'y' && consonant));
    mask = ((mask << 1) | (consonant ? 1 : 0)) & 0xff;
  }
  return mask;
}

function utf8Length(word: string): number {
  let bytes = 0;
  for (let index = 0; index < word.length; index += 1) {
    const unit = word.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}
