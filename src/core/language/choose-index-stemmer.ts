import { INDEX_STEMMERS, type IndexStemmer } from '../../locales/locale-table.js';

/**
 * The stemmer of a text's Latin-script words (decision 30): the one of the pack whose stop words the text uses most,
 * the first of `stemmers` (English) on a tie or on none. `words`: the text's folded words, with or without their
 * accents (a pack's votes hold both). A word that is a stop word of two packs ("a", "me", "no") votes for both.
 */
export function chooseIndexStemmer(
  words: readonly string[],
  stemmers: readonly IndexStemmer[] = INDEX_STEMMERS,
): IndexStemmer {
  const votes = countVotes(words, stemmers);
  let chosen = 0;
  for (let index = 1; index < votes.length; index += 1) if ((votes[index] ?? 0) > (votes[chosen] ?? 0)) chosen = index;
  const stemmer = stemmers[chosen];
  if (stemmer === undefined) throw new Error('No index stemmer to choose from.');
  return stemmer;
}

/**
 * The stemmers of the languages a text is written in, in the table's order: those whose pack's stop words it uses
 * most, several on a tie, every one when it uses none (a short text, "Málaga?", names no language). A query word is
 * searched under each of them (and the default's).
 */
export function votedIndexStemmers(
  words: readonly string[],
  stemmers: readonly IndexStemmer[] = INDEX_STEMMERS,
): IndexStemmer[] {
  const votes = countVotes(words, stemmers);
  const most = Math.max(0, ...votes);
  return stemmers.filter((_, index) => votes[index] === most);
}

function countVotes(words: readonly string[], stemmers: readonly IndexStemmer[]): number[] {
  return stemmers.map(({ votes }) => {
    let count = 0;
    for (const word of words) if (votes.has(word)) count += 1;
    return count;
  });
}
