import { cosineSimilarity } from '../core/search/cosine-similarity.js';
import { fuseWithStanding } from '../core/search/fuse-with-standing.js';
import type { Fact, RankedFact } from '../spec/fact.js';
import type { TurnRecord } from '../spec/memory-store.js';
import type { FactScope } from '../spec/scope.js';
import type { StackContext } from './stack-context.js';

/**
 * The rows compared by vector besides the lexical hits: the latest facts of the scope, the latest turns of the
 * session. The bound of a query's work: at most this many rows plus the lexical hits are read and scored (a few
 * milliseconds for 1,536-dimension vectors, see decision 22), whatever the size of the scope.
 */
export const VECTOR_RECENT_FACTS = 200;
export const VECTOR_RECENT_TURNS = 200;

/**
 * How much a row's standing by vector may add to its lexical score, as a share of the best lexical score
 * (`fuseWithStanding`): what a vector may overturn. A fact is one distilled sentence, which a sentence encoder reads
 * as it was trained to; a chat turn is loose, elliptical or long, and its vector says less, so it only breaks near
 * ties. Chosen on the tuning half of LoCoMo and the tuned MemoryBank questions (decision 9).
 */
export const FACT_VECTOR_WEIGHT = 0.25;
export const TURN_VECTOR_WEIGHT = 0.03;

/**
 * The lexical ranking of a message's facts fused with their ranking by cosine to the message's vector, over the
 * lexical hits and the scope's latest facts (`fuseWithStanding`): a fact worded differently from the message but
 * close in meaning comes in, close lexical hits are reordered by meaning, and a strong lexical match is never
 * demoted. Each fact's score becomes its fused score. The vector ranking is cut to the lexical list's depth, so that
 * it cannot bring in more than its share of far hits.
 */
export async function fuseFactVectors(
  context: StackContext,
  scope: FactScope,
  ranked: readonly RankedFact[],
  vector: Float32Array,
  limit: number,
): Promise<RankedFact[]> {
  const { embedding, store } = context;
  if (embedding === undefined || store.vectors === undefined) return ranked.slice(0, limit);
  const found = await store.vectors.readFacts(scope, {
    model: embedding.embedder.model,
    ids: ranked.map((fact) => fact.id),
    recent: VECTOR_RECENT_FACTS,
  });
  const depth = Math.max(limit, ranked.length);
  const byVector = byCosine(found, vector, depth, (row) => row.fact);
  const facts = new Map<number, Fact>([...byVector.map(({ item }) => [item.id, item] as const)]);
  for (const fact of ranked) facts.set(fact.id, fact);
  return fuseWithStanding(
    ranked.map((fact) => ({ key: fact.id, score: fact.score })),
    byVector.map(({ item, cosine }) => ({ key: item.id, cosine })),
    { weight: FACT_VECTOR_WEIGHT, depth },
  )
    .slice(0, limit)
    .flatMap(({ key, score }) => {
      const fact = facts.get(key);
      return fact ? [{ ...withoutScore(fact), score }] : [];
    });
}

/** The same fusion for turn recall: the lexical hits of a session's turns and its latest turns, by cosine. */
export async function fuseTurnVectors(
  context: StackContext,
  sessionKey: string,
  ranked: ReadonlyArray<{ turn: TurnRecord; score: number }>,
  vector: Float32Array,
  options: { limit: number; beforeTurnId?: number | undefined },
): Promise<Array<{ turn: TurnRecord; score: number }>> {
  const { embedding, store } = context;
  if (embedding === undefined || store.vectors === undefined) return ranked.slice(0, options.limit);
  const found = await store.vectors.readTurns(sessionKey, {
    model: embedding.embedder.model,
    ids: ranked.map(({ turn }) => turn.id),
    recent: VECTOR_RECENT_TURNS,
    beforeTurnId: options.beforeTurnId,
  });
  const depth = Math.max(options.limit, ranked.length);
  const byVector = byCosine(found, vector, depth, (row) => row.turn);
  const turns = new Map<number, TurnRecord>([...byVector.map(({ item }) => [item.id, item] as const)]);
  for (const { turn } of ranked) turns.set(turn.id, turn);
  return fuseWithStanding(
    ranked.map(({ turn, score }) => ({ key: turn.id, score })),
    byVector.map(({ item, cosine }) => ({ key: item.id, cosine })),
    { weight: TURN_VECTOR_WEIGHT, depth },
  )
    .slice(0, options.limit)
    .flatMap(({ key, score }) => {
      const turn = turns.get(key);
      return turn ? [{ turn, score }] : [];
    });
}

/**
 * The rows' items with their cosine, best first (the newer first on a tie), the first `depth`; a row of no
 * similarity drops.
 */
function byCosine<Row extends { vector: Float32Array }, Item extends { id: number }>(
  rows: readonly Row[],
  query: Float32Array,
  depth: number,
  item: (row: Row) => Item,
): Array<{ item: Item; cosine: number }> {
  return rows
    .map((row) => ({ item: item(row), cosine: cosineSimilarity(query, row.vector) }))
    .filter(({ cosine }) => cosine > 0)
    .sort((a, b) => b.cosine - a.cosine || b.item.id - a.item.id)
    .slice(0, depth);
}

function withoutScore(fact: Fact | RankedFact): Fact {
  const { score: _score, ...rest } = fact as RankedFact;
  return rest;
}
