import { askedAnswerKind } from '../core/search/answer-kind.js';
import { buildFactQuery, isEmptyQuery } from '../core/search/build-fact-query.js';
import { buildSearchQuery } from '../core/search/build-search-query.js';
import { findEntities } from '../core/search/find-entities.js';
import { rankTurns } from '../core/search/rank-turns.js';
import { spokenOfRole } from '../core/search/spoken-of-role.js';
import { stripSenderMetadata } from '../core/text/strip-sender-metadata.js';
import type { FactQuery, TurnRecord } from '../spec/memory-store.js';
import { fuseTurnVectors } from './fuse-with-vectors.js';
import type { StackContext } from './stack-context.js';

/**
 * A session's turns relevant to a text, best first (only those before `beforeTurnId` when given). `query`: the
 * text's `buildFactQuery`, when the caller has it already.
 */
export async function searchTurns(
  context: StackContext,
  sessionKey: string,
  text: string,
  options: { limit: number; beforeTurnId?: number | undefined; query?: FactQuery | undefined },
): Promise<Array<{ turn: TurnRecord; score: number }>> {
  const query = options.query ?? buildFactQuery(text);
  const turnSearch = context.store.turnSearch;
  if (turnSearch === undefined || isEmptyQuery(query) || options.limit <= 0) return [];
  const weights = context.ranking.turns;
  const candidates = await turnSearch.search(sessionKey, buildSearchQuery(query, weights.search), {
    limit: Math.max(options.limit, weights.candidates),
    ...(options.beforeTurnId === undefined ? {} : { beforeTurnId: options.beforeTurnId }),
  });
  const message = stripSenderMetadata(text);
  return rankTurns(candidates, findEntities(message), spokenOfRole(message), askedAnswerKind(message), weights.rank)
    .slice(0, options.limit)
    .map(({ turn, score }) => ({ turn, score }));
}

/**
 * `searchTurns` fused with the session's turn vectors (`fuseTurnVectors`) when `vector` gives the message's, lexical
 * only when it gives none: the one ranking of turn recall and `stack.searchTurns`. `vector`: from
 * `startQueryVector`, started by the caller beside its other reads.
 */
export async function searchTurnsWithVectors(
  context: StackContext,
  sessionKey: string,
  text: string,
  options: { limit: number; beforeTurnId?: number | undefined; query?: FactQuery | undefined },
  vector: Promise<Float32Array | null> | null,
): Promise<Array<{ turn: TurnRecord; score: number }>> {
  const lexical = await searchTurns(context, sessionKey, text, options);
  const queryVector = vector === null ? null : await vector;
  return queryVector === null
    ? lexical
    : fuseTurnVectors(context, sessionKey, lexical, queryVector, {
        limit: options.limit,
        beforeTurnId: options.beforeTurnId,
      });
}
