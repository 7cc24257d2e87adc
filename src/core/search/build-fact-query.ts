import { isIgnoredWord, STOP_WORDS, stripAffixes } from '../../locales/locale-table.js';
import type { FactQuery } from '../../spec/memory-store.js';
import { chooseIndexStemmer, votedIndexStemmers } from '../language/choose-index-stemmer.js';
import { foldCase } from '../language/fold-text.js';
import { CJK_RUN, UNSPACED_LETTERS } from '../text/scripts.js';
import { stripSenderMetadata } from '../text/strip-sender-metadata.js';
import { truncateGraphemes } from '../text/truncate-graphemes.js';
import { findDates } from './date-terms.js';

/** The letters of a spaced-script word at the end of a text (a cut there would search a fragment of the word). */
const TRAILING_SPACED_WORD = new RegExp(`(?:(?![${UNSPACED_LETTERS}])[\\p{L}\\p{N}\\p{M}])+$`, 'u');
const wordSegmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const SEGMENT_CHUNK = 200;

export interface BuildFactQueryOptions {
  maxWords?: number;
  maxCjkTerms?: number;
  /** Only the head of a very long message is searched: it is where the intent usually is. */
  maxChars?: number;
  /**
   * Neighbouring single Chinese/Japanese characters searched as two-character words (true, what ships); false only
   * for the bench that measures what this adds.
   */
  pairSingleCharacters?: boolean;
}

/**
 * The search terms of a message: words of spaced scripts (lower-cased, one-letter words and the stop words of the
 * message's language removed: `chooseIndexStemmer`),
 * words of Chinese/Japanese runs as the ICU word segmenter splits them, Korean words without their particles, and
 * the calendar terms of the dates it names. Sender metadata is ignored.
 * The terms are plain values: each store quotes them for its own query syntax, so no user text is ever syntax.
 */
export function buildFactQuery(text: string, options: BuildFactQueryOptions = {}): FactQuery {
  const { maxWords = 32, maxCjkTerms = 16, maxChars = 2000, pairSingleCharacters = true } = options;
  const message = stripSenderMetadata(text);
  let head = truncateGraphemes(message, maxChars, { ellipsis: '' });
  // A cut inside a word would search for a fragment of it.
  // (Chinese and Japanese runs have no word boundary to back up to: they are cut as they are.)
  if (head.length < message.length) head = head.replace(TRAILING_SPACED_WORD, '');
  const normalised = foldCase(head);

  // A single Chinese character is a prefix search over every bigram it starts: kept only when the message has
  // nothing more specific to search.
  const specific = new Set<string>();
  const single = new Set<string>();
  // Characters the segmenter leaves alone side by side are usually a word its dictionary lacks (a new compound comes
  // out one character at a time): each pair of neighbours is searched as a two-character word, as a bigram index
  // would.
  let loose: string[] = [];
  const flushLoose = () => {
    for (let index = 0; pairSingleCharacters && index + 1 < loose.length && specific.size < maxCjkTerms; index += 1) {
      specific.add(`${loose[index]}${loose[index + 1]}`);
    }
    loose = [];
  };
  for (const run of normalised.match(CJK_RUN) ?? []) {
    // ICU's word segmentation slows down more than linearly on long input: feed it short pieces.
    let start = 0;
    while (start < run.length && specific.size < maxCjkTerms) {
      let end = Math.min(run.length, start + SEGMENT_CHUNK);
      const last = run.charCodeAt(end - 1);
      if (end < run.length && last >= 0xd800 && last <= 0xdbff) end += 1; // never split a surrogate pair
      for (const piece of wordSegmenter.segment(run.slice(start, end))) {
        if (!piece.isWordLike) {
          flushLoose();
          continue;
        }
        // A Korean word is searched without its particle (ICU splits Hangul only at spaces).
        const segment = stripAffixes(piece.segment);
        if (STOP_WORDS.has(segment) || isIgnoredWord(segment)) {
          flushLoose();
          continue;
        }
        if (Array.from(segment).length > 1) {
          flushLoose();
          specific.add(segment);
        } else {
          loose.push(segment);
          if (single.size < maxCjkTerms) single.add(segment);
        }
        if (specific.size >= maxCjkTerms) break;
      }
      start = end;
    }
    flushLoose();
  }

  const words = new Set<string>();
  const spaced = normalised
    .replace(CJK_RUN, ' ')
    .split(/[^\p{L}\p{N}\p{M}'’]+/u)
    .map((token) => token.replace(/’/g, "'").replace(/^'+|'+$/g, ''));
  // The stop words of the message's language: "son" is a Spanish stop word but an English noun.
  const { stopWords } = chooseIndexStemmer(spaced);
  for (const word of spaced) {
    if (words.size >= maxWords) break;
    if (stopWords.has(word)) continue; // "don't", "i'm"
    // The apostrophe is a separator for the FTS tokenizer: "user's" is indexed as "user" and "s".
    for (const part of word.split("'")) {
      const keep = ([...part].length > 1 || /^\p{N}$/u.test(part)) && !stopWords.has(part);
      if (keep && words.size < maxWords) words.add(part);
    }
  }
  const cjk = specific.size > 0 || words.size > 0 ? [...specific] : [...single];
  const stemmedAs = votedIndexStemmers(spaced).map(({ code }) => code);
  return { words: [...words], cjk: cjk.slice(0, maxCjkTerms), dates: findDates(head), stemmedAs };
}

/** True when the query has nothing to search for. */
export function isEmptyQuery(query: FactQuery): boolean {
  return query.words.length === 0 && query.cjk.length === 0 && (query.dates ?? []).length === 0;
}
