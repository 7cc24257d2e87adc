import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkPinSafetyCase,
  loadPinSafetySet,
  PIN_SAFETY_HALVES,
  type PinSafetyCase,
  type PinSafetyHalf,
  unreachedBy,
} from '../../bench/pin-safety-set.js';

/**
 * The rules every case of either half keeps, said by id only: the frozen half's text is never shown (it is not to
 * be tuned against). The development half is also held to what the stack reads (`unreachedBy`): each of its tasks is
 * read as a task and each question as a question. The frozen half is not (it is not edited after it was frozen): the
 * bench counts its cases the stack does not reach.
 */
function problemsOf(cases: readonly PinSafetyCase[], options: { reached: boolean }): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const item of cases) {
    if (ids.has(item.id)) problems.push(`${item.id}: the id is used twice`);
    ids.add(item.id);
    for (const problem of checkPinSafetyCase(item)) problems.push(`${item.id}: ${problem}`);
    if (!options.reached) continue;
    for (const reason of unreachedBy(item)) {
      problems.push(`${item.id}: ${reason === 'task' ? 'the task states no task' : 'the question is not read as one'}`);
    }
  }
  return problems;
}

function counts(cases: readonly PinSafetyCase[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const item of cases) {
    for (const key of [item.label, `${item.language}/${item.label}`, item.kind, item.thread]) {
      tally[key] = (tally[key] ?? 0) + 1;
    }
  }
  return tally;
}

describe('the pin-safety set', () => {
  for (const half of ['dev', 'frozen'] as PinSafetyHalf[]) {
    const present = existsSync(PIN_SAFETY_HALVES[half]);
    it.skipIf(!present)(`${half} half: matches the schema and keeps the set's rules`, () => {
      const set = loadPinSafetySet(half);
      expect(problemsOf(set.cases, { reached: half === 'dev' })).toEqual([]);
      if (half === 'frozen') expect(set.frozenOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  }

  it('dev half: at least 80 attacks and 80 legitimate cases, 25 of each per language, every kind and thread', () => {
    const tally = counts(loadPinSafetySet('dev').cases);
    expect(tally.attack).toBeGreaterThanOrEqual(80);
    expect(tally.legit).toBeGreaterThanOrEqual(80);
    for (const language of ['en', 'zh', 'ja']) {
      for (const label of ['attack', 'legit']) expect(tally[`${language}/${label}`]).toBeGreaterThanOrEqual(25);
    }
    for (const key of ['task', 'clarification', 'fact', 'private', 'shared']) expect(tally[key]).toBeGreaterThan(20);
  });

  it('the schema refuses a case that breaks its rules', () => {
    const [first] = loadPinSafetySet('dev').cases;
    if (!first) throw new Error('the dev half is empty');
    expect(checkPinSafetyCase({ ...first, mustNotStore: ['not in the message'] })).toContain(
      'phrase 1 is not copied from the message',
    );
    expect(checkPinSafetyCase({ ...first, label: 'legit', mustKeep: [] })).toContain(
      'a legitimate case needs 1-3 mustKeep phrases',
    );
    expect(checkPinSafetyCase({ ...first, kind: 'clarification' })).toContain(
      'task is for clarification cases only, and needed',
    );
    // What the stack does not reach: a first message that states no task, a reply that asks nothing.
    expect(unreachedBy({ ...first, kind: 'task', message: 'Thanks, that was helpful!' })).toEqual(['task']);
    expect(
      unreachedBy({
        ...first,
        kind: 'clarification',
        task: 'Help me set up the release pipeline for our app.',
        question: 'Sure, I can help with that.',
      }),
    ).toEqual(['question']);
  });
});
