import type { FactQuery } from '../../spec/memory-store.js';
import { cjkWordToMatch } from './cjk-bigrams.js';

/**
 * FTS5 MATCH expressions for a fact query, narrowed to one scope. Every term is a double-quoted string, so
 * nothing a user typed (`"`, `*`, `:`, `OR`, `NEAR(`) is ever read as query syntax; terms OR-ed, never one phrase.
 */
export function toFts5Match(scopeToken: string, query: FactQuery): { words: string | null; cjk: string | null } {
  const words = query.words.map(quote).join(' OR ');
  const cjk = query.cjk
    .map(cjkWordToMatch)
    .filter((match): match is string => match !== null)
    .join(' OR ');
  const scope = `scope : ${quote(scopeToken)}`;
  return {
    words: words === '' ? null : `${scope} AND text : (${words})`,
    cjk: cjk === '' ? null : `${scope} AND grams : (${cjk})`,
  };
}

function quote(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}
