import { quoteFts5 } from './to-fts5-match.js';

/**
 * Exact bm25 ranking costs time per matching document (a fact is indexed with its source exchange as context, so a
 * term matches about three times as many documents as by the fact text alone), so a query may rank at most this many
 * documents (summed over its terms' document frequencies) to keep `prepare` within its 2 ms budget. A larger budget
 * cost time without changing LoCoMo's recall (decision 1).
 */
export const RANKED_DOCUMENT_BUDGET = 250;
const FREQUENT_TERMS_USED = 3;
/** Frequent terms are looked up among each term's most recent documents in the scope, this many per term. */
export const RECENT_PER_FREQUENT_TERM = 30;

/**
 * What one FTS5 index is asked for a search: `ranked`, one MATCH of the rare terms (an OR of them) to rank with bm25;
 * `recent`, one MATCH per frequent term, narrowed to the scope inside the index, to look up among its most recent
 * documents; null when no term is in the index.
 */
export type Fts5SearchPlan = { ranked: string } | { recent: string[] } | null;

/**
 * Splits a query's terms by document frequency (`documents`, counted up to the budget and one more): the rarest, up
 * to the ranking budget, are ranked exactly; when every term is frequent, the rarest few are looked up by recency in
 * the scope (`scopeToken`). Pure, so that the benchmark can time the very queries a search runs.
 */
export function planFts5Search(
  counted: ReadonlyArray<{ term: string; documents: number }>,
  scopeToken: string,
): Fts5SearchPlan {
  const present = counted.filter((entry) => entry.documents > 0).sort((a, b) => a.documents - b.documents);
  if (present.length === 0) return null;
  const rare: string[] = [];
  let budget = RANKED_DOCUMENT_BUDGET;
  for (const { term, documents } of present) {
    if (documents > budget) break;
    rare.push(term);
    budget -= documents;
  }
  if (rare.length > 0) return { ranked: rare.map((term) => `(${term})`).join(' OR ') };
  // Narrowed to the scope inside the index, so that other scopes' newer facts cannot crowd this one's out.
  const inScope = `scope : ${quoteFts5(scopeToken)}`;
  return { recent: present.slice(0, FREQUENT_TERMS_USED).map(({ term }) => `${inScope} AND (${term})`) };
}
