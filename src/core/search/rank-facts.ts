import type { RankedFact } from '../../spec/fact.js';
import type { FactCandidate } from '../../spec/memory-store.js';
import { entityShare } from './find-entities.js';

const DAY_MS = 86_400_000;
/** Age at which a fact's recency prior halves. */
const RECENCY_HALF_LIFE_DAYS = 30;
/** Priors scale relevance by at most 1 + RECENCY_WEIGHT + USE_WEIGHT: they break ties, never beat relevance. */
const RECENCY_WEIGHT = 0.15;
const USE_WEIGHT = 0.1;
/**
 * A fact naming the people or things the message names (see `findEntities`) is lifted by up to this share: a name
 * that half the facts contain weighs almost nothing in bm25, yet "what does Nate like" is about Nate's facts.
 */
export const ENTITY_WEIGHT = 0.3;

/** The constants of `rankFacts`, as one value: today's are `FACT_RANK_WEIGHTS`; a bench re-fits them. */
export interface FactRankWeights {
  recencyHalfLifeDays: number;
  recencyWeight: number;
  useWeight: number;
  entityWeight: number;
}

export const FACT_RANK_WEIGHTS: Readonly<FactRankWeights> = {
  recencyHalfLifeDays: RECENCY_HALF_LIFE_DAYS,
  recencyWeight: RECENCY_WEIGHT,
  useWeight: USE_WEIGHT,
  entityWeight: ENTITY_WEIGHT,
};

/**
 * Orders search hits: relevance from the store, lifted for facts that contain the names the message mentions, and a
 * little for recent facts and for facts that have been injected often. A fact with no relevance gets no score from
 * its priors.
 */
export function rankFacts(
  candidates: readonly FactCandidate[],
  now: Date,
  entities: readonly string[] = [],
  weights: Readonly<FactRankWeights> = FACT_RANK_WEIGHTS,
): RankedFact[] {
  return candidates
    .map(({ fact, relevance }) => {
      const ageDays = Math.max(0, now.getTime() - fact.createdAt.getTime()) / DAY_MS;
      const recency = 0.5 ** (ageDays / weights.recencyHalfLifeDays);
      const use = Math.min(1, Math.log1p(fact.accessCount) / Math.log1p(20));
      const named = 1 + weights.entityWeight * entityShare(fact.text, entities);
      const score = relevance * named * (1 + weights.recencyWeight * recency + weights.useWeight * use);
      // The fields one by one, not a spread of the fact: with the spread, each young-generation collection promoted
      // more and paused longer (decision 1); most likely V8 pretenured the copies, which, dead in the old generation,
      // kept their young fields alive.
      const { id, agentId, userId, text, source, accessCount, createdAt, lastUsedAt } = fact;
      return { id, agentId, userId, text, source, accessCount, createdAt, lastUsedAt, score };
    })
    .sort((a, b) => b.score - a.score || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
}
