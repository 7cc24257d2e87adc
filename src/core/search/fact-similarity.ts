import { chooseIndexStemmer } from '../language/choose-index-stemmer.js';
import { foldCase } from '../language/fold-text.js';
import { indexWords } from '../language/index-tokens.js';
import { CJK_RUN } from '../text/scripts.js';

/**
 * Jaccard similarity (0-1) of two facts' content: words of spaced scripts without stop words, and character
 * bigrams of Chinese/Japanese runs. Used to catch near-duplicates that a hash misses ("The user prefers pnpm"
 * vs "User prefers using pnpm!"); deliberately strict, because "prefers pnpm" and "prefers yarn over pnpm" differ.
 */
export function factSimilarity(a: string, b: string): number {
  const left = contentShingles(a);
  const right = contentShingles(b);
  // Facts without a content word cannot be judged alike: only an exact (hash) duplicate catches them.
  if (left.size === 0 || right.size === 0) return 0;
  let shared = 0;
  for (const shingle of left) if (right.has(shingle)) shared += 1;
  return shared / (left.size + right.size - shared);
}

/**
 * Content words (the stop words of the text's language out, stemmed as the index stems the text) and CJK character
 * bigrams of a text.
 */
export function contentShingles(text: string): Set<string> {
  const normalised = foldCase(text);
  const shingles = new Set<string>();
  for (const run of normalised.match(CJK_RUN) ?? []) {
    const characters = [...run];
    if (characters.length === 1) shingles.add(run);
    for (let index = 0; index + 1 < characters.length; index += 1) {
      shingles.add(`${characters[index]}${characters[index + 1]}`);
    }
  }
  const words = indexWords(normalised.replace(CJK_RUN, ' '));
  const { stem, stopWords } = chooseIndexStemmer(words);
  for (const word of words) if (!stopWords.has(word) && word !== 'user') shingles.add(stem(word));
  return shingles;
}
