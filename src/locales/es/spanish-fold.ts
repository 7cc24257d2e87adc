const UNACCENTED: Readonly<Record<string, string>> = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u', ü: 'u', ñ: 'n' };

/**
 * Lower case without accents, one letter for one: Spanish typed without accents ("vivia", "ingenieria", "nino")
 * reads as written with them, and the rules are written once, without.
 */
export function foldSpanish(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[áéíóúüñ]/gu, (letter) => UNACCENTED[letter] ?? letter);
}
