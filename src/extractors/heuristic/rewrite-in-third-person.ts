import { EXTRACTIONS } from '../../locales/locale-table.js';

const REWRITES = EXTRACTIONS.flatMap((extraction) => (extraction.inThirdPerson ? [extraction.inThirdPerson] : []));

/**
 * The statement rephrased about the user in third person where a mechanical rewrite is reliable ("I prefer pnpm" →
 * "User prefers pnpm", "Our service runs on Fly" → "User's service runs on Fly"); else the sentence as it is. Each pack's rewrite is
 * tried in the table's order: each needs its own language's first person. Terminal punctuation is dropped either way.
 */
export function rewriteInThirdPerson(sentence: string): string {
  const text = sentence.trim().replace(/[.!。！]+$/u, '');
  for (const rewrite of REWRITES) {
    const rewritten = rewrite(text);
    if (rewritten !== null) return rewritten;
  }
  return text;
}
