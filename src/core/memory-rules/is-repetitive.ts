import { normalizeForMatching } from './normalize-for-matching.js';

const HEAD = 2000;
/** The longest repeated unit looked for: a sentence-sized block (a 40-character line repeated 20 times). */
const LONGEST_PERIOD = 200;
/** A repetition counts when it covers this share of the text, with at least this many copies and characters. */
const REPEATED_SHARE = 0.6;
const FEWEST_COPIES = 3.5;
const SHORTEST_REPETITION = 8;
/** Word variety: among the first words, this few distinct ones means the same words over and over. */
const WORDS_READ = 200;
const FEWEST_WORDS = 8;
const LEAST_VARIETY = 0.3;
const LATIN_WORD = /[a-z][a-z']*/g;

/**
 * Whether `text` is the same character, word or short block repeated ("aaaaaaaa…", "ha ha ha ha…", one Han letter
 * over and over, a 40-character line 20 times), or the same few words over and over ("test test foo test test…"). Reads only the
 * first 2,000 characters (after normalisation), and at most 200 periods of them: bounded at about 400,000
 * comparisons.
 */
export function isRepetitive(text: string): boolean {
  const normalized = normalizeForMatching(text.slice(0, HEAD));
  return isPeriodic(normalized) || hasLittleVariety(normalized);
}

function isPeriodic(text: string): boolean {
  const length = text.length;
  if (length < SHORTEST_REPETITION) return false;
  const longestPeriod = Math.min(LONGEST_PERIOD, Math.floor(length / FEWEST_COPIES));
  for (let period = 1; period <= longestPeriod; period++) {
    let run = 0;
    let longestRun = 0;
    for (let index = 0; index + period < length; index++) {
      if (text.charCodeAt(index) === text.charCodeAt(index + period)) {
        run += 1;
        if (run > longestRun) longestRun = run;
      } else {
        run = 0;
      }
    }
    const repeated = longestRun + period;
    if (repeated >= REPEATED_SHARE * length && repeated >= FEWEST_COPIES * period && repeated >= SHORTEST_REPETITION) {
      return true;
    }
  }
  return false;
}

function hasLittleVariety(text: string): boolean {
  const words = (text.match(LATIN_WORD) ?? []).slice(0, WORDS_READ);
  if (words.length < FEWEST_WORDS) return false;
  return new Set(words).size <= LEAST_VARIETY * words.length;
}
