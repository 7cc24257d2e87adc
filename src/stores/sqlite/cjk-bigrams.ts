import { CJK_RUN } from '../../core/build-fact-query.js';

/**
 * The index form of a text's Chinese/Japanese runs: overlapping character bigrams, space-separated, so that
 * the unicode61 tokenizer indexes each bigram as a token. Any word of 2+ characters inside a longer run is then
 * a phrase of consecutive bigrams (`偏好` finds `用戶偏好使用 pnpm 管理套件`), fully indexed. Each run's last
 * character is also indexed alone, so that a 1-character query (a prefix search over the bigrams) finds it too.
 */
export function cjkBigrams(text: string): string {
  const grams: string[] = [];
  for (const run of text.normalize('NFKC').toLowerCase().match(CJK_RUN) ?? []) {
    const characters = Array.from(run);
    for (let index = 0; index + 1 < characters.length; index += 1) {
      grams.push(`${characters[index]}${characters[index + 1]}`);
    }
    const last = characters.at(-1);
    if (last) grams.push(last);
  }
  return grams.join(' ');
}

/** The query form of one Chinese/Japanese word: its bigrams as a phrase, or a prefix search for one character. */
export function cjkWordToMatch(word: string): string | null {
  const characters = Array.from(word.normalize('NFKC').toLowerCase()).filter((character) => /\S/u.test(character));
  if (characters.length === 0) return null;
  if (characters.length === 1) return `"${escapeQuote(characters[0] ?? '')}"*`;
  const grams: string[] = [];
  for (let index = 0; index + 1 < characters.length; index += 1) {
    grams.push(`${characters[index]}${characters[index + 1]}`);
  }
  return `"${escapeQuote(grams.join(' '))}"`;
}

function escapeQuote(text: string): string {
  return text.replaceAll('"', '""');
}
