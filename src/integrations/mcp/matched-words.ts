/** Words of a text, as a word segmenter cuts them (dictionary-based for scripts written without spaces), folded. */
const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

function words(text: string): string[] {
  const found: string[] = [];
  for (const segment of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (segment.isWordLike) found.push(segment.segment);
  }
  return found;
}

/** The shortest shared beginning that counts as the same word told apart by an ending (`prefer`, `prefers`). */
const STEM_LENGTH = 4;

/**
 * The query's words a fact shares, at most `most`, for a model to see why a memory was found: the same word, or
 * one that begins with the other over at least four characters. Empty when the fact was found by its stems or its
 * meaning alone (the ranking itself is the stack's: this only explains it).
 */
export function matchedWords(query: string, text: string, most = 5): string[] {
  const inText = new Set(words(text));
  const matched = new Set<string>();
  for (const word of words(query)) {
    if (matched.size >= most) break;
    if (inText.has(word)) {
      matched.add(word);
      continue;
    }
    if (word.length < STEM_LENGTH) continue;
    for (const other of inText) {
      const [short, long] = word.length <= other.length ? [word, other] : [other, word];
      if (short.length >= STEM_LENGTH && long.startsWith(short)) {
        matched.add(word);
        break;
      }
    }
  }
  return [...matched];
}
