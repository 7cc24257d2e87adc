import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { askedAnswerKind, saysAnswerKind } from './answer-kind.js';
import { rankTurns } from './rank-turns.js';

describe('askedAnswerKind', () => {
  it.each([
    ['When did you adopt Max?', 'time'],
    ['So when is the launch?', 'time'],
    ['What year did Caroline move?', 'time'],
    ['我们什么时候去的海边？', 'time'],
    ['いつ引っ越したの？', 'time'],
    ['How often do you run?', 'frequency'],
    ['你多久一次去健身房？', 'frequency'],
    ['週に何回泳ぐ？', 'frequency'],
    ['How many cats does Nate have?', 'quantity'],
    ['我养了几只猫？', 'quantity'],
    ['何人来たっけ？', 'quantity'],
  ] as const)('%s asks for a %s', (message, kind) => {
    expect(askedAnswerKind(message)).toBe(kind);
  });

  it.each([
    'I burn the food when I cook, any tips?',
    'What did Caroline research?',
    'Which test runner do we use?',
    '你喜欢什么颜色？',
    'どこに住んでいる？',
    '',
  ])('%j names no kind of answer', (message) => {
    expect(askedAnswerKind(message)).toBeNull();
  });
});

describe('saysAnswerKind', () => {
  it.each([
    ['I went to the support group yesterday.', 'time'],
    ['We moved in March 2021.', 'time'],
    ['上周我们去了海边。', 'time'],
    ['先週引っ越した。', 'time'],
    ['Three times a week; it keeps us on track.', 'frequency'],
    ['我每天都跑步。', 'frequency'],
    ['We have two cats and a dog.', 'quantity'],
    ['猫が3匹いる。', 'quantity'],
  ] as const)('%s says a %s', (text, kind) => {
    expect(saysAnswerKind(text, kind)).toBe(true);
  });

  it.each([
    ['That sounds lovely!', 'time'],
    ['好的，明白了。', 'frequency'],
    ['Sounds good to me.', 'quantity'],
  ] as const)('%s says no %s', (text, kind) => {
    expect(saysAnswerKind(text, kind)).toBe(false);
  });

  it('reads any text, of any size, without throwing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const kind = askedAnswerKind(text);
        for (const asked of ['time', 'frequency', 'quantity'] as const)
          expect(typeof saysAnswerKind(text, asked)).toBe('boolean');
        return kind === null || ['time', 'frequency', 'quantity'].includes(kind);
      }),
    );
    expect(saysAnswerKind(`${'a'.repeat(500_000)} yesterday`, 'time')).toBe(false);
  });
});

describe('rankTurns with the kind of answer asked for', () => {
  const turn = (id: number, text: string) => ({
    turn: { id, role: 'assistant' as const, text, userId: null, tokens: 1, path: null, createdAt: new Date(0) },
    relevance: 1,
  });

  it('lifts the turn that says when above one that matches as well and does not', () => {
    const candidates = [
      turn(2, 'Max is such a good boy.'),
      turn(1, 'We adopted Max last spring, yesterday a year ago.'),
    ];
    expect(rankTurns(candidates, [], null, 'time').map((hit) => hit.turn.id)).toEqual([1, 2]);
    // Without a kind asked for, the newer turn wins the tie.
    expect(rankTurns(candidates).map((hit) => hit.turn.id)).toEqual([2, 1]);
  });
});
