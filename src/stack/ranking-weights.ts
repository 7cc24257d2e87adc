import { FACT_SEARCH_WEIGHTS, type SearchWeights, TURN_SEARCH_WEIGHTS } from '../core/search/build-search-query.js';
import { FACT_RANK_WEIGHTS, type FactRankWeights } from '../core/search/rank-facts.js';
import { TURN_RANK_WEIGHTS, type TurnRankWeights } from '../core/search/rank-turns.js';

/** How many fact hits to take from the store before the priors re-rank them. */
export const FACT_CANDIDATES = 12;
/** How many turn hits to take from the store before the names in the message re-rank them. */
export const TURN_CANDIDATES = 20;

/**
 * Every tuned constant of retrieval (decision 9) as one value, carried by the stack's context: the searches'
 * field weights, how many candidates the re-ranking reads, and the re-ranking's weights. The stack always uses
 * `RANKING_WEIGHTS` (today's values); another value is built only by the bench that re-fits them, so none of this
 * is part of the public API.
 */
export interface RankingWeights {
  facts: { search: SearchWeights; candidates: number; rank: Readonly<FactRankWeights> };
  turns: { search: SearchWeights; candidates: number; rank: Readonly<TurnRankWeights> };
}

export const RANKING_WEIGHTS: Readonly<RankingWeights> = {
  facts: { search: FACT_SEARCH_WEIGHTS, candidates: FACT_CANDIDATES, rank: FACT_RANK_WEIGHTS },
  turns: { search: TURN_SEARCH_WEIGHTS, candidates: TURN_CANDIDATES, rank: TURN_RANK_WEIGHTS },
};
