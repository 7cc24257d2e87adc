import { describe, expect, it } from 'vitest';
import type { TurnCandidate } from '../../spec/memory-store.js';
import { rankTurns, TURN_RANK_WEIGHTS } from './rank-turns.js';

const candidate = (id: number, text: string, relevance: number): TurnCandidate => ({
  turn: {
    id,
    role: 'user',
    text,
    userId: null,
    tokens: 1,
    path: null,
    createdAt: new Date(0),
  },
  relevance,
});

describe('rankTurns', () => {
  it('orders by relevance, lifting turns that name the people the message names', () => {
    const ranked = rankTurns(
      [candidate(1, 'John: I adopted a dog', 1.2), candidate(2, 'James: I adopted a dog', 1.0)],
      ['james'],
    );
    expect(ranked.map((hit) => hit.turn.id)).toEqual([2, 1]);
    expect(ranked[0]?.score).toBeCloseTo(1.3);
  });

  it('keeps the store order without names, newest first among equals', () => {
    const ranked = rankTurns([candidate(1, 'a', 1), candidate(3, 'b', 2), candidate(2, 'c', 1)]);
    expect(ranked.map((hit) => hit.turn.id)).toEqual([3, 2, 1]);
  });

  it('lowers a turn that only asks below the reply that answers it', () => {
    const ranked = rankTurns([
      candidate(1, 'Got any paintings to show?', 1.2),
      candidate(2, "Caroline: Here's one I did last week, inspired by sunsets.", 1.0),
    ]);
    expect(ranked.map((hit) => hit.turn.id)).toEqual([2, 1]);
    expect(ranked[1]?.score).toBeCloseTo(1.2 * 0.5);
    // A statement with a question after it keeps most of its score.
    const [mixed] = rankTurns([candidate(3, 'I adopted a cat named Luna last week! Do you have pets?', 1)]);
    expect(mixed?.score).toBeGreaterThan(0.9);
  });

  it("lifts the turns of the side the message asks about: the user's for 'I', the assistant's for 'you'", () => {
    const user = candidate(1, 'I made braised fish for lunch', 1);
    const assistant = { ...candidate(2, 'Braised fish sounds delicious for lunch', 1.1) };
    assistant.turn = { ...assistant.turn, role: 'assistant' };
    expect(rankTurns([user, assistant], [], 'user').map((hit) => hit.turn.id)).toEqual([1, 2]);
    expect(rankTurns([user, assistant], [], 'assistant').map((hit) => hit.turn.id)).toEqual([2, 1]);
    expect(rankTurns([user, assistant]).map((hit) => hit.turn.id)).toEqual([2, 1]);
  });

  it("takes other weights, and ranks with today's when given none", () => {
    const input = [
      candidate(1, 'John: I adopted a dog', 1.2),
      candidate(2, 'James: I adopted a dog', 1.0),
      candidate(3, 'Got a dog?', 1.5),
    ];
    expect(rankTurns(input, ['james'], 'user', 'time', TURN_RANK_WEIGHTS)).toEqual(
      rankTurns(input, ['james'], 'user', 'time'),
    );
    expect(TURN_RANK_WEIGHTS).toEqual({
      entityWeight: 0.3,
      questionWeight: 0.5,
      roleWeight: 0.2,
      answerKindWeight: 0.3,
    });
    expect(rankTurns(input, ['james']).map((hit) => hit.turn.id)).toEqual([2, 1, 3]);
    // Names not lifted: the store's order among the statements.
    const noNames = { ...TURN_RANK_WEIGHTS, entityWeight: 0 };
    expect(rankTurns(input, ['james'], null, null, noNames).map((hit) => hit.turn.id)).toEqual([1, 2, 3]);
    // Questions not lowered: the question first.
    const questionsKept = { ...TURN_RANK_WEIGHTS, questionWeight: 0 };
    expect(rankTurns(input, ['james'], null, null, questionsKept).map((hit) => hit.turn.id)).toEqual([3, 2, 1]);
  });
});
