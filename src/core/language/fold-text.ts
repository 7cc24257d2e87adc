/**
 * The form texts are compared in: NFKC (full-width letters and digits to ASCII, compatibility ideographs to the
 * unified ones, ligatures apart), lower case, and typographic apostrophes and backticks as `'`. No letter of any
 * script is dropped.
 */
export function foldCase(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[‘’`]/gu, "'");
}

/**
 * `foldCase`, then every run of characters that are not letters or digits (nor apostrophes, with `apostrophes`) as
 * one space, trimmed: "User prefers  PNPM!" and "user prefers pnpm" are the same words.
 */
export function foldToWords(text: string, options: { apostrophes?: boolean } = {}): string {
  const separators = options.apostrophes ? /[^\p{L}\p{N}']+/gu : /[^\p{L}\p{N}]+/gu;
  return foldCase(text).replace(separators, ' ').trim();
}
