import { cjkWordToMatch } from '../../core/language/cjk-bigrams.js';
import type { FactQuery } from '../../spec/memory-store.js';

/**
 * One FTS5 string per query term, for the words index, its dates column and the CJK bigram index. Every term is a
 * double-quoted string, so nothing a user typed (`"`, `*`, `:`, `OR`, `NEAR(`) is ever read as query syntax. The
 * store ORs them: never one phrase of the whole message.
 */
export function toFts5Terms(query: FactQuery): { words: string[]; cjk: string[]; dates: string[] } {
  return {
    words: [...new Set(query.words.filter((word) => word !== '').map(quoteFts5))],
    cjk: [...new Set(query.cjk.map(cjkWordToMatch).filter((match): match is string => match !== null))],
    dates: [...new Set((query.dates ?? []).filter((term) => /^[a-z0-9]+$/.test(term)).map(quoteFts5))],
  };
}

export function quoteFts5(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}
