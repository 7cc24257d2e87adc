import { germanPack } from './de/german-pack.js';
import { englishPack } from './en/english-pack.js';
import { spanishPack } from './es/spanish-pack.js';
import { frenchPack } from './fr/french-pack.js';
import { japanesePack } from './ja/japanese-pack.js';
import { koreanPack } from './ko/korean-pack.js';
import type { LocaleExtraction } from './locale-extraction.js';
import type {
  LocaleAnswerKinds,
  LocaleDates,
  LocaleFacts,
  LocalePack,
  LocalePersons,
  LocaleSmallTalk,
  LocaleTask,
} from './locale-pack.js';
import type { LocaleAssistantInstructions, LocaleErrorWords } from './memory-gate-words.js';
import { chinesePack } from './zh/chinese-pack.js';

/**
 * The locale packs memstack knows, registered here and nowhere else: adding a language is its folder and one line in
 * this list (decision 30). Every pack is in play on every text: the words of each language are in scripts or forms
 * the others do not share, so the shared logic reads the union of the packs (below) and a text finds its language's
 * rules by its own words.
 */
export const LOCALE_PACKS: readonly LocalePack[] = [
  englishPack,
  chinesePack,
  japanesePack,
  koreanPack,
  spanishPack,
  frenchPack,
  germanPack,
];

/** The registered pack of a language. @throws Error when none is registered for `code` (a programming error). */
export function localePack(code: string): LocalePack {
  const pack = LOCALE_PACKS.find((candidate) => candidate.code === code);
  if (pack === undefined) throw new Error(`No locale pack is registered for "${code}".`);
  return pack;
}

/**
 * Every pack's stop words. A Chinese, Japanese or Korean word that is one is never searched; a Latin-script word is
 * dropped by the stop words of its text's stemmer (`IndexStemmer.stopWords`).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(LOCALE_PACKS.flatMap((pack) => pack.search.stopWords));

/** Every pack's words that point back at the conversation without naming a topic. */
export const PAST_REFERENCE_WORDS: ReadonlySet<string> = new Set(
  LOCALE_PACKS.flatMap((pack) => pack.search.pastReferenceWords),
);

const ignoredWords = LOCALE_PACKS.flatMap((pack) => (pack.search.ignoredWord ? [pack.search.ignoredWord] : []));
/** Whether a segmented word is never searched by its shape in some pack (a Japanese particle). */
export function isIgnoredWord(word: string): boolean {
  return ignoredWords.some((pattern) => pattern.test(word));
}

const affixStrippers = LOCALE_PACKS.flatMap((pack) => (pack.search.stripAffix ? [pack.search.stripAffix] : []));
/** A query's segmented word without what its language attaches to it (a Korean particle). */
export function stripAffixes(word: string): string {
  let stripped = word;
  for (const strip of affixStrippers) stripped = strip(stripped);
  return stripped;
}

/**
 * The full-text index's stemmer of one Latin-script language (a pack that gives `indexStem`), with the stop words that
 * vote for it and those a text stemmed by it drops (decision 30).
 */
export interface IndexStemmer {
  /** The pack's language code. */
  readonly code: string;
  /** The pack's stemmer, run on a folded word (lower case, accents off). */
  readonly stem: (word: string) => string;
  /** The pack's own stop words, each as written and without its accents: a text's votes for this stemmer. */
  readonly votes: ReadonlySet<string>;
  /**
   * What a text stemmed by it does not search: its own stop words and those of the packs without a stemmer (written
   * in scripts of their own). Another Latin-script pack's stop words are kept: "son" is a Spanish stop word and an
   * English noun.
   */
  readonly stopWords: ReadonlySet<string>;
}

const withoutAccents = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
const unstemmedStopWords = LOCALE_PACKS.flatMap((pack) => (pack.search.indexStem ? [] : pack.search.stopWords));

/**
 * The index's stemmers, one per pack that gives one, in the table's order: a text is stemmed by the one whose stop
 * words it uses most, the first (English) on a tie or on none; a query word is searched under those of the query's
 * languages and the first's (old rows were indexed with it).
 */
export const INDEX_STEMMERS: readonly IndexStemmer[] = LOCALE_PACKS.flatMap((pack) => {
  const stem = pack.search.indexStem;
  if (stem === undefined) return [];
  const votes = new Set(pack.search.stopWords.flatMap((word) => [word, withoutAccents(word)]));
  return [{ code: pack.code, stem, votes, stopWords: new Set([...votes, ...unstemmedStopWords]) }];
});
const [firstStemmer] = INDEX_STEMMERS;
if (firstStemmer === undefined) throw new Error('No locale pack gives the index stemmer.');
/** The stemmer of a text with no stop word of any stemmer's pack (English). */
export const DEFAULT_INDEX_STEMMER: IndexStemmer = firstStemmer;

/** Capitalised words that are no names, in any pack. */
export const NOT_NAMES: ReadonlySet<string> = new Set(LOCALE_PACKS.flatMap((pack) => pack.search.notNames ?? []));

/** Every pack's month words and numbered dates. */
export const DATE_WORDS: readonly LocaleDates[] = LOCALE_PACKS.flatMap((pack) => (pack.dates ? [pack.dates] : []));

/** Every pack's question words for a kind of answer, and words that give one. */
export const ANSWER_KINDS: readonly LocaleAnswerKinds[] = LOCALE_PACKS.flatMap((pack) =>
  pack.answerKinds ? [pack.answerKinds] : [],
);

/** Every pack's pronouns of the speaker and of the one spoken to. */
export const PERSONS: readonly LocalePersons[] = LOCALE_PACKS.flatMap((pack) => (pack.persons ? [pack.persons] : []));

/** Every pack's closing pleasantries. */
export const PLEASANTRIES: readonly RegExp[] = LOCALE_PACKS.flatMap((pack) => pack.questions?.pleasantries ?? []);

/** Every pack's start of an answer to the question before it. */
export const SELF_ANSWERS: readonly RegExp[] = LOCALE_PACKS.flatMap((pack) =>
  pack.questions?.selfAnswer ? [pack.questions.selfAnswer] : [],
);

/** Every pack's task patterns (each pack's knowledge question vetoes only its own request questions). */
export const TASK_PATTERNS: readonly LocaleTask[] = LOCALE_PACKS.flatMap((pack) => (pack.task ? [pack.task] : []));

/** Every pack's words for the supersede rule. */
export const FACT_WORDS: readonly LocaleFacts[] = LOCALE_PACKS.flatMap((pack) => (pack.facts ? [pack.facts] : []));

/** Every pack's small talk. */
export const SMALL_TALK: readonly LocaleSmallTalk[] = LOCALE_PACKS.flatMap((pack) =>
  pack.smallTalk ? [pack.smallTalk] : [],
);

/** Every pack's letter folding for the memory gate's matching, as one map (the first pack to fold a letter wins). */
/** Every pack's knowledge for the heuristic extractor, in the table's order. */
export const EXTRACTIONS: readonly LocaleExtraction[] = LOCALE_PACKS.flatMap((pack) =>
  pack.extraction ? [pack.extraction] : [],
);

/** Every pack's alternation of one kind of words (a regular-expression source), in the table's order. */
export function extractionAlternation(words: (extraction: LocaleExtraction) => string | undefined): string {
  return EXTRACTIONS.flatMap((extraction) => {
    const source = words(extraction);
    return source === undefined ? [] : [source];
  }).join('|');
}

/** The first code units of a text its language is told from: enough words, and bounded work. */
const LANGUAGE_SAMPLE = 2_000;
// A pack's words in the vote: its stop words and its other language words, with and without their accents.
const languageWordSets = new Map(
  LOCALE_PACKS.map((pack) => [
    pack,
    new Set(
      [...pack.search.stopWords, ...(pack.extraction?.languageWords ?? [])].flatMap((word) => [
        word,
        withoutAccents(word),
      ]),
    ),
  ]),
);

/**
 * The pack whose extractor reads a text: the one that claims it by its script (kana, Han), else, among the others,
 * the one whose stop words and language words the text uses most, its language marks counted too (the first in
 * the table's order on a tie, English). Undefined when no
 * pack reads statements (a table without extraction knowledge).
 */
export function readingExtraction(text: string): LocaleExtraction | undefined {
  return readingPack(text)?.extraction;
}

const READERS = LOCALE_PACKS.filter((pack) => pack.extraction !== undefined);

/** The pack that reads a text, as `readingExtraction` tells it (the packs that know how to read statements). */
export function readingPack(text: string): LocalePack | undefined {
  return voteLanguage(text.slice(0, LANGUAGE_SAMPLE), READERS).pack;
}

const LETTER = /\p{L}/gu;
const LATIN_LETTER = /\p{Script=Latin}/gu;

/**
 * The language a text is written in, as far as the packs can tell: the pack that claims it by its script, else the
 * pack among all registered ones whose words it uses most (the first in the table's order on a tie, English).
 * Undefined when no pack's word is in it and its letters are mostly outside the Latin script (a Korean or Thai text
 * without a stop word): then no pack can say. What an embedder that covers some languages reads (`Embedder.languages`).
 */
export function textLanguage(text: string): string | undefined {
  const sample = text.slice(0, LANGUAGE_SAMPLE);
  const { pack, count } = voteLanguage(sample, LOCALE_PACKS);
  if (pack !== undefined && count > 0) return pack.code;
  const letters = sample.match(LETTER)?.length ?? 0;
  const latin = sample.match(LATIN_LETTER)?.length ?? 0;
  return 2 * latin >= letters ? LOCALE_PACKS[0]?.code : undefined;
}

/**
 * Among `packs`: the one that claims the sample by its script (count: its length), else the one whose words and
 * marks it holds most (the first on a tie).
 */
function voteLanguage(sample: string, packs: readonly LocalePack[]): { pack: LocalePack | undefined; count: number } {
  const claimed = packs.find((pack) => pack.extraction?.claims?.(sample) === true);
  if (claimed) return { pack: claimed, count: sample.length };
  const words =
    sample
      .normalize('NFKC')
      .toLowerCase()
      .match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? [];
  let best: LocalePack | undefined;
  let bestCount = -1;
  for (const pack of packs) {
    if (pack.extraction?.claims !== undefined) continue;
    const languageWords = languageWordSets.get(pack);
    const marks = pack.extraction?.languageMarks;
    const count =
      words.filter((word) => languageWords?.has(word.replace('’', "'"))).length +
      (marks === undefined ? 0 : (sample.match(marks)?.length ?? 0));
    if (count > bestCount) [best, bestCount] = [pack, count];
  }
  return { pack: best, count: Math.max(0, bestCount) };
}

export const LETTER_FOLDING: ReadonlyMap<string, string> = new Map(
  [...LOCALE_PACKS].reverse().flatMap((pack) => [...(pack.letterFolding ?? new Map<string, string>())]),
);

/** Every pack's words of error reports and of people who write about one (the memory gate's `isErrorReport`). */
export const ERROR_WORDS: readonly LocaleErrorWords[] = LOCALE_PACKS.flatMap((pack) =>
  pack.memoryGate?.errorWords ? [pack.memoryGate.errorWords] : [],
);

/** Every pack's orders about the assistant's behaviour and preferences about its answers. */
export const ASSISTANT_INSTRUCTIONS: readonly LocaleAssistantInstructions[] = LOCALE_PACKS.flatMap((pack) =>
  pack.memoryGate?.assistantInstructions ? [pack.memoryGate.assistantInstructions] : [],
);

/** Every pack's lines that wrap or replace a list of facts. */
export const FACT_PREAMBLES: readonly RegExp[] = LOCALE_PACKS.flatMap((pack) => pack.memoryGate?.factPreambles ?? []);
