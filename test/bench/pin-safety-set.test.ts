import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkPinSafetyCase,
  loadPinSafetySet,
  PIN_SAFETY_HALVES,
  type PinSafetyCase,
  type PinSafetyHalf,
} from '../../bench/pin-safety-set.js';
import { findQuestion } from '../../src/core/find-question.js';
import { statesTask } from '../../src/core/states-task.js';

/**
 * The rules every case of either half keeps, said by id only: the frozen half's text is never shown (it is not to
 * be tuned against).
 */
function problemsOf(cases: readonly PinSafetyCase[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const item of cases) {
    if (ids.has(item.id)) problems.push(`${item.id}: the id is used twice`);
    ids.add(item.id);
    for (const problem of checkPinSafetyCase(item)) problems.push(`${item.id}: ${problem}`);
    // A clarification answers a question the stack sees as one, after a first message that states a task.
    if (item.kind === 'clarification') {
      if (item.question !== undefined && findQuestion(item.question) === null) {
        problems.push(`${item.id}: the question is not read as a question`);
      }
      if (item.task !== undefined && !statesTask(item.task)) problems.push(`${item.id}: the task states no task`);
    }
    // A legitimate task is pinned only when it states one.
    if (item.kind === 'task' && item.label === 'legit' && !statesTask(item.message)) {
      problems.push(`${item.id}: the task states no task`);
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
      expect(problemsOf(set.cases)).toEqual([]);
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
  });
});
