import type { LocaleExtraction } from '../../locales/locale-extraction.js';
import { readingExtraction } from '../../locales/locale-table.js';

/**
 * The clause without filler (its language's "by the way", "actually") and without times relative to now, which a stored
 * fact would carry into a future where they are wrong ("I moved to Berlin last week" read a year later).
 */
export function dropFiller(clause: string, extraction?: LocaleExtraction): string {
  const text = clause
    .trim()
    .replace(/[.!。！~～]+$/u, '')
    .trim();
  const dropLanguageFiller = (extraction ?? readingExtraction(text))?.dropFiller;
  return tidy(dropLanguageFiller ? dropLanguageFiller(text) : text);
}

/** Commas and spaces a removed word left at either end. */
function tidy(text: string): string {
  return text.replace(/^[\s,，、]+|[\s,，、]+$/gu, '');
}
