import { describe, expect, it } from 'vitest';
import type { RecalledTurn } from '../../spec/prepared-turn.js';
import { countGraphemes } from '../text/count-graphemes.js';
import { fitRecalledTurns, SNIPPET_MAX_GRAPHEMES } from './fit-recalled-turns.js';
import { formatRecalledTurns } from './format-recalled-turns.js';

/** About four characters a token, as English text goes. */
const count = (text: string) => Math.ceil(text.length / 4);
const createdAt = new Date('2026-11-02T10:00:00Z');
const turn = (id: number, text: string, role: RecalledTurn['role'] = 'assistant'): RecalledTurn => ({
  id,
  role,
  text,
  createdAt,
});
const filler = (from: number, words: number) =>
  Array.from({ length: words }, (_, index) => `word${from + index}`).join(' ');
const options = turn(
  3,
  `${filler(0, 100)} Option A: Postgres with pgvector; Option B: SQLite with FTS5. ${filler(100, 100)}`,
);
const question = turn(2, 'Which store should we use for the memory?', 'user');

describe('fitRecalledTurns', () => {
  it('keeps short turns whole, oldest first, within the budget', () => {
    const fitted = fitRecalledTurns([turn(9, 'We chose SQLite.'), question], {
      terms: ['sqlite'],
      tokenBudget: 300,
      count,
    });
    expect(fitted).toEqual([question, turn(9, 'We chose SQLite.')]);
    expect(count(formatRecalledTurns(fitted))).toBeLessThanOrEqual(300);
  });

  it('cuts a long turn to a snippet around the terms, at most SNIPPET_MAX_GRAPHEMES long', () => {
    const [fitted] = fitRecalledTurns([options], { terms: ['sqlite', 'option'], tokenBudget: 10_000, count });
    expect(fitted?.text).toContain('Option B: SQLite with FTS5');
    expect(fitted?.text.startsWith('…')).toBe(true);
    expect(countGraphemes(fitted?.text ?? '')).toBeLessThanOrEqual(SNIPPET_MAX_GRAPHEMES);
    expect(fitted).toMatchObject({ id: 3, role: 'assistant', createdAt });
  });

  it('shrinks the snippets until the whole section, heading included, fits the budget', () => {
    for (const tokenBudget of [30, 45, 60, 100, 150]) {
      const fitted = fitRecalledTurns([options, turn(7, `${filler(300, 80)} SQLite again ${filler(400, 80)}`)], {
        terms: ['sqlite'],
        tokenBudget,
        count,
      });
      expect(fitted.length).toBeGreaterThan(0);
      expect(fitted.every((recalled) => recalled.text.includes('SQLite'))).toBe(true);
      expect(count(formatRecalledTurns(fitted))).toBeLessThanOrEqual(tokenBudget);
    }
  });

  it('gives each turn a share of the budget, so that the best one cannot crowd out the next', () => {
    const second = turn(1, `${filler(500, 100)} the SQLite file lives in .memstack ${filler(600, 100)}`, 'user');
    const fitted = fitRecalledTurns([options, second], { terms: ['sqlite'], tokenBudget: 120, count });
    expect(fitted.map((recalled) => recalled.id)).toEqual([1, 3]);
  });

  it('drops a turn that cannot fit at a useful length, and returns nothing for a budget too small', () => {
    expect(fitRecalledTurns([options], { terms: ['sqlite'], tokenBudget: 12, count })).toEqual([]);
    expect(fitRecalledTurns([options], { terms: ['sqlite'], tokenBudget: 0, count })).toEqual([]);
    expect(fitRecalledTurns([], { terms: ['sqlite'], tokenBudget: 300, count })).toEqual([]);
  });

  it('fits Chinese text, which costs about a token a character, by its tokens and not its length', () => {
    const chinese = turn(
      4,
      `${'我们讨论了很多方案。'.repeat(40)}最后决定使用数据库索引来加速查询。${'然后讨论部署。'.repeat(40)}`,
    );
    const perCharacter = (text: string) => countGraphemes(text);
    const [fitted] = fitRecalledTurns([chinese], { terms: ['数据库'], tokenBudget: 80, count: perCharacter });
    expect(fitted?.text).toContain('数据库');
    expect(perCharacter(formatRecalledTurns(fitted ? [fitted] : []))).toBeLessThanOrEqual(80);
  });
});
