import type { TurnCandidate } from '../spec/memory-store.js';
import { entityShare } from './find-entities.js';
import { ENTITY_WEIGHT } from './rank-facts.js';

/** Orders turn search hits: the store's relevance, lifted for turns that name the people the message names. */
export function rankTurns(
  candidates: readonly TurnCandidate[],
  entities: readonly string[] = [],
): Array<TurnCandidate & { score: number }> {
  return candidates
    .map((candidate) => ({
      ...candidate,
      score: candidate.relevance * (1 + ENTITY_WEIGHT * entityShare(candidate.turn.text, entities)),
    }))
    .sort((a, b) => b.score - a.score || b.turn.id - a.turn.id);
}
