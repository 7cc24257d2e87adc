import type { TurnCandidate } from '../../spec/memory-store.js';
import { type AnswerKind, saysAnswerKind } from './answer-kind.js';
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
 * In a chat between a user and an assistant, a message about the user ("what did I cook?") is answered by the user's
 * own messages, one about the assistant ("which book did you recommend?") by its replies (`spokenOfRole`): those
 * turns are lifted by this share.
 */
export const ROLE_WEIGHT = 0.2;

/**
 * A message whose question word asks for a kind of answer ("when", "how often", "how many", in any pack's words) is
 * answered by a turn that says one (a time, a frequency, a number: `saysAnswerKind`): those turns are lifted by this
 * share.
 */
export const ANSWER_KIND_WEIGHT = 0.3;

/** The constants of `rankTurns`, as one value: today's are `TURN_RANK_WEIGHTS`; a bench re-fits them. */
export interface TurnRankWeights {
  entityWeight: number;
  questionWeight: number;
  roleWeight: number;
  answerKindWeight: number;
}

export const TURN_RANK_WEIGHTS: Readonly<TurnRankWeights> = {
  entityWeight: ENTITY_WEIGHT,
  questionWeight: QUESTION_WEIGHT,
  roleWeight: ROLE_WEIGHT,
  answerKindWeight: ANSWER_KIND_WEIGHT,
};

/**
 * Orders turn search hits: the store's relevance, lifted for turns that name the people the message names, for
 * turns of the side the message asks about (`role`) and for turns that say the kind of answer it asks for
 * (`answerKind`), lowered for turns that are questions.
 */
export function rankTurns(
  candidates: readonly TurnCandidate[],
  entities: readonly string[] = [],
  role: 'user' | 'assistant' | null = null,
  answerKind: AnswerKind | null = null,
  weights: Readonly<TurnRankWeights> = TURN_RANK_WEIGHTS,
): Array<TurnCandidate & { score: number }> {
  return candidates
    .map((candidate) => ({
      ...candidate,
      score:
        candidate.relevance *
        (1 + weights.entityWeight * entityShare(candidate.turn.text, entities)) *
        (1 - weights.questionWeight * questionShare(candidate.turn.text) ** 2) *
        (role !== null && candidate.turn.role === role ? 1 + weights.roleWeight : 1) *
        (answerKind !== null && saysAnswerKind(candidate.turn.text, answerKind) ? 1 + weights.answerKindWeight : 1),
    }))
    .sort((a, b) => b.score - a.score || b.turn.id - a.turn.id);
}
