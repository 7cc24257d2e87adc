/**
 * Folds the commonest English inflections, so that "deploys services" and "deploy service" compare equal. Light on
 * purpose: it never merges two different words the way an aggressive stemmer can ("university", "universe"). The
 * full-text index stems with Porter's algorithm on its side; this is for the comparisons made in code.
 */
export function lightStem(word: string): string {
  if (word.length <= 4) return word;
  return word
    .replace(/ies$/u, 'y')
    .replace(/sses$/u, 'ss')
    .replace(/(?<=[^s])s$/u, '')
    .replace(/(?:ing|ed)$/u, '');
}

/**
 * A prefix that every inflection of the word starts with: its light stem without a final `y` or `e` ("studies" →
 * "stud", finding "study" and "studied"; "releases" → "releas"). For finding a word in a text by a pattern.
 */
export function stemPrefix(word: string): string {
  const stem = lightStem(word);
  const prefix = stem.length > 4 && /[ye]$/u.test(stem) ? stem.slice(0, -1) : stem;
  // "flies" stems to "fly", which "flies" does not start with: the word is its own prefix then.
  return word.startsWith(prefix) ? prefix : word;
}
