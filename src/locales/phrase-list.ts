/** A comma-separated list of phrases (each a regular-expression source), trimmed, blanks dropped. */
export function phraseList(list: string): string[] {
  return list
    .split(',')
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase !== '');
}
