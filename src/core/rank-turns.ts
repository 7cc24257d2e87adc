import type { TurnCandidate } from '../spec/memory-store.js';
import { entityShare } from './find-entities.js';
import { questionShare } from './question-share.js';
import { ENTITY_WEIGHT } from './rank-facts.js';

/**
 * A turn that only asks ("When are you opening the studio?") holds no answer: its words match the message because it
 * names the topic, but what the message looks for is in the reply. Its score is lowered by up to this share, so that
 * the reply (which matches through its context, the question before it) can pass it. The share of the turn that asks
 * is squared: a statement followed by a question ("I adopted a cat! Do you have pets?") keeps most of its score.
 */
export const QUESTION_WEIGHT = 0.5;

/**
 * Orders turn search hits: the store's relevance, lifted for turns that name the people the message names and for
 * turns of the side the message asks about (`role`), lowered for turns that are questions.
 */
/**
 * In a chat between a user and an assistant, a message about the user ("what did I cook?") is answered by the user's
 * own messages, one about the assistant ("which book did you recommend?") by its replies (`spokenOfRole`): those
 * turns are lifted by this share.
 */
export const ROLE_WEIGHT = 0.2;

export function rankTurns(
  candidates: readonly TurnCandidate[],
  entities: readonly string[] = [],
  role: 'user' | 'assistant' | null = null,
): Array<TurnCandidate & { score: number }> {
  return candidates
    .map((candidate) => ({
      ...candidate,
      score:
        candidate.relevance *
        (1 + ENTITY_WEIGHT * entityShare(candidate.turn.text, entities)) *
        (1 - QUESTION_WEIGHT * questionShare(candidate.turn.text) ** 2) *
        (role !== null && candidate.turn.role === role ? 1 + ROLE_WEIGHT : 1),
    }))
    .sort((a, b) => b.score - a.score || b.turn.id - a.turn.id);
}
