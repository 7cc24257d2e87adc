/**
 * The Snowball Spanish stemmer (Porter's algorithm for Spanish, snowballstem.org), run on a word as the index folds
 * it: lower case, accents off (`vivía` arrives as `vivia`, `año` as `ano`). The suffix lists are the algorithm's with
 * their accents dropped the same way, so that a word typed without accents, as people type on phones, stems as the
 * accented one does: `vivía`, `vivia`, `vive`, `vivo` and `viviré` all stem to `viv`; `Málaga` and `malaga` to
 * `malag`. Dropping the accents merges a few suffixes the algorithm tells apart (`-ía`/`-ia`); none of the merged
 * pairs stems a word differently enough to matter for finding it.
 */
export function spanishStem(word: string): string {
  const known = STEMS.get(word);
  if (known !== undefined) return known;
  const stem = stemOf(word);
  // A long run of letters is no word to meet again, and would hold its length in the map.
  if (word.length > LONGEST_KEPT) return stem;
  // Forgetting them all at once keeps this a plain map: the common words are back within a message or two.
  if (STEMS.size >= STEMS_KEPT) STEMS.clear();
  STEMS.set(word, stem);
  return stem;
}

/** Stems of the words seen lately: a word recurs across messages, facts and turns; bounded. */
const STEMS = new Map<string, string>();
const STEMS_KEPT = 20_000;
const LONGEST_KEPT = 64;

function stemOf(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/u.test(word)) return word;
  const rv = regionV(word);
  const r1 = regionAfterConsonantVowel(word, 0);
  const r2 = regionAfterConsonantVowel(word, r1);
  let stem = attachedPronoun(word, rv);
  const standard = standardSuffix(stem, r1, r2);
  if (standard !== null) stem = standard;
  else {
    const verb = verbSuffixWithY(stem, rv) ?? otherVerbSuffix(stem, rv);
    if (verb !== null) stem = verb;
  }
  return residualSuffix(stem, rv);
}

const VOWEL = /[aeiou]/u;
const isVowel = (letter: string | undefined): boolean => letter !== undefined && VOWEL.test(letter);

/**
 * RV: after the next vowel when the second letter is a consonant; after the next consonant when the first two are
 * vowels; else (consonant then vowel) after the third letter. The word's end when there is no such place.
 */
function regionV(word: string): number {
  if (word.length < 2) return word.length;
  if (!isVowel(word[1])) {
    for (let index = 2; index < word.length; index += 1) if (isVowel(word[index])) return index + 1;
    return word.length;
  }
  if (isVowel(word[0])) {
    for (let index = 2; index < word.length; index += 1) if (!isVowel(word[index])) return index + 1;
    return word.length;
  }
  return Math.min(3, word.length);
}

/** R1 (from 0) or R2 (from R1): after the first consonant that follows a vowel, from `from` on. */
function regionAfterConsonantVowel(word: string, from: number): number {
  for (let index = from + 1; index < word.length; index += 1) {
    if (!isVowel(word[index]) && isVowel(word[index - 1])) return index + 1;
  }
  return word.length;
}

/**
 * The longest of `suffixes` the word ends with, or undefined; with `region`, the longest inside it (Snowball's
 * `setlimit`: "usábamos" ends with "ábamos", which starts before RV, so the verb suffix is "amos").
 */
function longest(word: string, suffixes: readonly string[], region = 0): string | undefined {
  let found: string | undefined;
  for (const suffix of suffixes) {
    if (!word.endsWith(suffix) || !inRegion(word, suffix, region)) continue;
    if (found === undefined || suffix.length > found.length) found = suffix;
  }
  return found;
}

const inRegion = (word: string, suffix: string, region: number): boolean => word.length - suffix.length >= region;

const PRONOUNS = ['me', 'se', 'sela', 'selo', 'selas', 'selos', 'la', 'le', 'lo', 'las', 'les', 'los', 'nos'];
const BEFORE_PRONOUN = ['iendo', 'ando', 'ar', 'er', 'ir'];

/** Step 0: a pronoun attached to a gerund or an infinitive ("dándole", "comerlo", "cayendolo"). */
function attachedPronoun(word: string, rv: number): string {
  const pronoun = longest(word, PRONOUNS);
  if (pronoun === undefined || !inRegion(word, pronoun, rv)) return word;
  const rest = word.slice(0, -pronoun.length);
  if (longest(rest, BEFORE_PRONOUN) !== undefined) return rest;
  if (rest.endsWith('uyendo')) return rest;
  return word;
}

const DELETE_IN_R2 = [
  'anza',
  'anzas',
  'ico',
  'ica',
  'icos',
  'icas',
  'ismo',
  'ismos',
  'able',
  'ables',
  'ible',
  'ibles',
  'ista',
  'istas',
  'oso',
  'osa',
  'osos',
  'osas',
  'amiento',
  'amientos',
  'imiento',
  'imientos',
];
const AGENT = ['adora', 'ador', 'acion', 'adoras', 'adores', 'aciones', 'ante', 'antes', 'ancia', 'ancias'];
const LOGY = ['logia', 'logias'];
const UTION = ['ucion', 'uciones'];
const ENCE = ['encia', 'encias'];
const IDAD = ['idad', 'idades'];
const IVE = ['iva', 'ivo', 'ivas', 'ivos'];
const ALL_STANDARD = [...DELETE_IN_R2, ...AGENT, ...LOGY, ...UTION, ...ENCE, 'amente', 'mente', ...IDAD, ...IVE];

/** Step 1: a derivational suffix ("-amiento", "-mente", "-idad", ...), or null when there is none to remove. */
function standardSuffix(word: string, r1: number, r2: number): string | null {
  const suffix = longest(word, ALL_STANDARD);
  if (suffix === undefined) return null;
  const rest = word.slice(0, -suffix.length);
  const inR2 = (text: string, ending: string): boolean => inRegion(text, ending, r2);
  const drop = (text: string, ending: string): string => text.slice(0, -ending.length);
  if (DELETE_IN_R2.includes(suffix)) return inR2(word, suffix) ? rest : null;
  if (AGENT.includes(suffix)) {
    if (!inR2(word, suffix)) return null;
    return rest.endsWith('ic') && inR2(rest, 'ic') ? drop(rest, 'ic') : rest;
  }
  if (LOGY.includes(suffix)) return inR2(word, suffix) ? `${rest}log` : null;
  if (UTION.includes(suffix)) return inR2(word, suffix) ? `${rest}u` : null;
  if (ENCE.includes(suffix)) return inR2(word, suffix) ? `${rest}ente` : null;
  if (suffix === 'amente') {
    if (!inRegion(word, suffix, r1)) return null;
    if (rest.endsWith('iv') && inR2(rest, 'iv')) {
      const before = drop(rest, 'iv');
      return before.endsWith('at') && inR2(before, 'at') ? drop(before, 'at') : before;
    }
    for (const ending of ['os', 'ic', 'ad']) if (rest.endsWith(ending) && inR2(rest, ending)) return drop(rest, ending);
    return rest;
  }
  if (suffix === 'mente') {
    if (!inR2(word, suffix)) return null;
    for (const ending of ['ante', 'able', 'ible']) {
      if (rest.endsWith(ending) && inR2(rest, ending)) return drop(rest, ending);
    }
    return rest;
  }
  if (IDAD.includes(suffix)) {
    if (!inR2(word, suffix)) return null;
    for (const ending of ['abil', 'ic', 'iv'])
      if (rest.endsWith(ending) && inR2(rest, ending)) return drop(rest, ending);
    return rest;
  }
  // IVE
  if (!inR2(word, suffix)) return null;
  return rest.endsWith('at') && inR2(rest, 'at') ? drop(rest, 'at') : rest;
}

const Y_SUFFIXES = ['ya', 'ye', 'yan', 'yen', 'yeron', 'yendo', 'yo', 'yas', 'yes', 'yais', 'yamos'];

/** Step 2a: a verb ending that starts with y after u ("huyeron", "construyo"). */
function verbSuffixWithY(word: string, rv: number): string | null {
  const suffix = longest(word, Y_SUFFIXES, rv);
  if (suffix === undefined) return null;
  const rest = word.slice(0, -suffix.length);
  return rest.endsWith('u') ? rest : null;
}

const GU_SUFFIXES = ['en', 'es', 'eis', 'emos'];
const VERB_SUFFIXES = [
  'arian',
  'arias',
  'aran',
  'aras',
  'ariais',
  'aria',
  'areis',
  'ariamos',
  'aremos',
  'ara',
  'are',
  'erian',
  'erias',
  'eran',
  'eras',
  'eriais',
  'eria',
  'ereis',
  'eriamos',
  'eremos',
  'era',
  'ere',
  'irian',
  'irias',
  'iran',
  'iras',
  'iriais',
  'iria',
  'ireis',
  'iriamos',
  'iremos',
  'ira',
  'ire',
  'aba',
  'ada',
  'ida',
  'ia',
  'ara',
  'iera',
  'ad',
  'ed',
  'id',
  'ase',
  'iese',
  'aste',
  'iste',
  'an',
  'aban',
  'ian',
  'aran',
  'ieran',
  'asen',
  'iesen',
  'aron',
  'ieron',
  'ado',
  'ido',
  'ando',
  'iendo',
  'io',
  'ar',
  'er',
  'ir',
  'as',
  'abas',
  'adas',
  'idas',
  'ias',
  'aras',
  'ieras',
  'ases',
  'ieses',
  'is',
  'ais',
  'abais',
  'iais',
  'arais',
  'ierais',
  'aseis',
  'ieseis',
  'asteis',
  'isteis',
  'ados',
  'idos',
  'amos',
  'abamos',
  'iamos',
  'imos',
  'aramos',
  'ieramos',
  'iesemos',
  'asemos',
];

const VERB_AND_GU_SUFFIXES = [...GU_SUFFIXES, ...VERB_SUFFIXES];

/** Step 2b: any other verb ending in RV ("-aríamos", "-ieron", "-ando", "-es" after gu, ...). */
function otherVerbSuffix(word: string, rv: number): string | null {
  const suffix = longest(word, VERB_AND_GU_SUFFIXES, rv);
  if (suffix === undefined) return null;
  const rest = word.slice(0, -suffix.length);
  if (GU_SUFFIXES.includes(suffix) && rest.endsWith('gu')) return rest.slice(0, -1);
  return rest;
}

/**
 * Step 3: a final vowel in RV ("-os", "-a", "-o", "-i" as in "aquí", "-e"; "-e" after gu takes the u with it when
 * the u is in RV).
 */
function residualSuffix(word: string, rv: number): string {
  const suffix = longest(word, ['os', 'a', 'o', 'i', 'e']);
  if (suffix === undefined || !inRegion(word, suffix, rv)) return word;
  const rest = word.slice(0, -suffix.length);
  if (suffix === 'e' && rest.endsWith('gu') && inRegion(rest, 'u', rv)) return rest.slice(0, -1);
  return rest;
}
