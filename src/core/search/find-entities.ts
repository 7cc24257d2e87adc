import { NOT_NAMES } from '../../locales/locale-table.js';

// A capitalised word that follows a word (not the start of a sentence): "what did Caroline say", "ask Bob's team".
// The word before and the space are matched, the name only looked ahead at, so that the next search starts at the
// name ("Alice Bob Carol"). A lookbehind over `\s+` would rescan a run of spaces at each of its positions: quadratic.
const CAPITALISED = /[\p{L}\p{N},;:'"’”)]\s+(?=(\p{Lu}[\p{L}\p{M}\p{N}]*(?:['’-]\p{L}+)*))/gu;

/**
 * The names a message mentions: capitalised words inside a sentence, lower-cased, possessive dropped. Words that
 * start a sentence, "I", and month and day names (the packs' `notNames`) are not names. Scripts without case have
 * none. Linear in the length of `text`.
 */
export function findEntities(text: string, limit = 8): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(CAPITALISED)) {
    const name = (match[1] ?? '').toLowerCase().replace(/['’]s$/u, '');
    if ([...name].length < 2 || NOT_NAMES.has(name.replace(/['’]/gu, ''))) continue;
    found.add(name);
    if (found.size >= limit) break;
  }
  return [...found];
}

/** The share of the names that a text contains as words (0 when there are no names). */
export function entityShare(text: string, entities: readonly string[]): number {
  if (entities.length === 0) return 0;
  const words = new Set(text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu) ?? []);
  let hits = 0;
  for (const entity of entities) {
    if (words.has(entity) || words.has(`${entity}'s`) || words.has(`${entity}’s`)) hits += 1;
  }
  return hits / entities.length;
}
