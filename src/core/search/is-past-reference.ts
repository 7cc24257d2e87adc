import { PAST_REFERENCE_WORDS } from '../../locales/locale-table.js';
import type { FactQuery } from '../../spec/memory-store.js';

/**
 * True when a message's terms only point back at the conversation ("what did we decide?", in any pack's words):
 * it asks about the past without saying about what, so the facts most recently in play answer it better than a
 * search for "decide" would. A named date is content.
 */
export function isPastReference(query: FactQuery): boolean {
  const terms = [...query.words, ...query.cjk];
  return terms.length > 0 && (query.dates ?? []).length === 0 && terms.every((term) => PAST_REFERENCE_WORDS.has(term));
}
