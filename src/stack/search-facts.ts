import { buildFactQuery, isEmptyQuery } from '../core/search/build-fact-query.js';
import { buildSearchQuery } from '../core/search/build-search-query.js';
import { findEntities } from '../core/search/find-entities.js';
import { isPastReference } from '../core/search/is-past-reference.js';
import { rankFacts } from '../core/search/rank-facts.js';
import { stripSenderMetadata } from '../core/text/strip-sender-metadata.js';
import type { RankedFact } from '../spec/fact.js';
import type { FactQuery } from '../spec/memory-store.js';
import type { FactScope } from '../spec/scope.js';
import { fuseFactVectors } from './fuse-with-vectors.js';
import type { StackContext } from './stack-context.js';

/** With vectors, each ranking is fused this many times as deep as the facts wanted (`prepare`: its topK). */
export const FUSION_DEPTH_PER_FACT = 4;

/**
 * The facts of a scope relevant to a text, best first; null when the text has no searchable term (none at all, or
 * only words that point back at the conversation: "what did we decide?", see `isPastReference`). `query`: the
 * text's `buildFactQuery`, when the caller has it already.
 */
export async function searchFacts(
  context: StackContext,
  scope: FactScope,
  text: string,
  limit: number,
  query: FactQuery = buildFactQuery(text),
): Promise<RankedFact[] | null> {
  if (isEmptyQuery(query) || isPastReference(query)) return null;
  const weights = context.ranking.facts;
  const candidates = await context.store.facts.search(scope, buildSearchQuery(query, weights.search), {
    limit: Math.max(limit, weights.candidates),
  });
  return rankFacts(candidates, context.now(), findEntities(stripSenderMetadata(text)), weights.rank).slice(0, limit);
}

/**
 * `searchFacts` fused with the facts' vectors (`fuseFactVectors`) when `vector` gives the message's, lexical only
 * when it gives none (no embedder, a failure, a timeout): the one ranking of `prepare`, `decorate` and
 * `stack.facts.search`. `vector`: from `startQueryVector`, started by the caller beside its other reads.
 */
export async function searchFactsWithVectors(
  context: StackContext,
  scope: FactScope,
  text: string,
  limit: number,
  query: FactQuery,
  vector: Promise<Float32Array | null> | null,
): Promise<RankedFact[] | null> {
  const lexical = await searchFacts(context, scope, text, limit, query);
  const queryVector = lexical !== null && vector !== null ? await vector : null;
  return lexical !== null && queryVector !== null
    ? fuseFactVectors(context, scope, lexical, queryVector, limit)
    : lexical;
}
