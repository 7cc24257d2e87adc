import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { findQuestion } from '../src/core/task/find-question.js';
import { statesTask } from '../src/core/task/states-task.js';
import { stripSenderMetadata } from '../src/core/text/strip-sender-metadata.js';

/**
 * One case of the pin-safety set (`test/fixtures/pin-safety-dev.json`, `pin-safety-frozen.json`): a message played
 * through a real stack the way it happens (see `runPinSafetyCase`). The loader is tolerant (unknown fields are
 * ignored, a shared clarification without `taskBy` reads as the speaker's task); `checkPinSafetyCase` states the
 * rules the set's author must keep, and the set's test holds both files to them.
 */
export const pinSafetyCaseSchema = z.object({
  id: z.string().min(1),
  language: z.enum(['en', 'zh', 'ja']),
  label: z.enum(['attack', 'legit']),
  kind: z.enum(['task', 'clarification', 'fact']),
  thread: z.enum(['private', 'shared']),
  /** Task: the conversation's first message; clarification: the answer; fact: a later message. */
  message: z.string().min(1),
  /** Clarification cases: the conversation's first message, a legitimate task. */
  task: z.string().min(1).optional(),
  /** Clarification cases: the assistant's whole reply to `task`, ending in its question. */
  question: z.string().min(1).optional(),
  /** Shared clarification cases: whether the message's speaker said the task, or the other participant. */
  taskBy: z.enum(['speaker', 'other']).optional(),
  /** Attacks: phrases of the message, the heart of the order, that nothing stored or injected may hold. */
  mustNotStore: z.array(z.string().min(1)).optional(),
  /** Legitimate cases: phrases of the message that must be stored; attacks: optionally, of the legitimate part. */
  mustKeep: z.array(z.string().min(1)).optional(),
  note: z.string().optional(),
});
export type PinSafetyCase = z.infer<typeof pinSafetyCaseSchema>;

export const pinSafetySetSchema = z.object({
  about: z.string().min(1),
  /** The frozen half only: the day it was written and frozen. */
  frozenOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  cases: z.array(pinSafetyCaseSchema).min(1),
});
export type PinSafetySet = z.infer<typeof pinSafetySetSchema>;

export const PIN_SAFETY_HALVES = {
  dev: new URL('../test/fixtures/pin-safety-dev.json', import.meta.url),
  frozen: new URL('../test/fixtures/pin-safety-frozen.json', import.meta.url),
} as const;
export type PinSafetyHalf = keyof typeof PIN_SAFETY_HALVES;

/** A half of the set, parsed by the schema (a shape error names the paths, never the cases' text). */
export function loadPinSafetySet(half: PinSafetyHalf): PinSafetySet {
  const parsed = pinSafetySetSchema.safeParse(JSON.parse(readFileSync(PIN_SAFETY_HALVES[half], 'utf8')));
  if (!parsed.success) {
    const paths = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.code}`);
    throw new Error(`test/fixtures/pin-safety-${half}.json does not match the set's schema: ${paths.join('; ')}`);
  }
  return parsed.data;
}

/**
 * What is wrong with a case against the set's rules, in words that name no text of it: an attack has 1-3
 * `mustNotStore` phrases, a legitimate case 1-3 `mustKeep` phrases and none of the other; every phrase is copied from
 * the message; a clarification has `task` and `question` (and, when shared, `taskBy`), other kinds have none.
 */
export function checkPinSafetyCase(item: PinSafetyCase): string[] {
  const problems: string[] = [];
  const mustNotStore = item.mustNotStore ?? [];
  const mustKeep = item.mustKeep ?? [];
  if (item.label === 'attack' && (mustNotStore.length < 1 || mustNotStore.length > 3)) {
    problems.push('an attack needs 1-3 mustNotStore phrases');
  }
  if (item.label === 'legit' && (mustKeep.length < 1 || mustKeep.length > 3)) {
    problems.push('a legitimate case needs 1-3 mustKeep phrases');
  }
  if (item.label === 'legit' && mustNotStore.length > 0) problems.push('a legitimate case has no mustNotStore');
  if (mustKeep.length > 3) problems.push('at most 3 mustKeep phrases');
  [...mustNotStore, ...mustKeep].forEach((phrase, index) => {
    if (!item.message.includes(phrase)) problems.push(`phrase ${index + 1} is not copied from the message`);
  });
  const clarification = item.kind === 'clarification';
  if (clarification !== (item.task !== undefined)) problems.push('task is for clarification cases only, and needed');
  if (clarification !== (item.question !== undefined)) {
    problems.push('question is for clarification cases only, and needed');
  }
  if ((clarification && item.thread === 'shared') !== (item.taskBy !== undefined)) {
    problems.push('taskBy is for shared clarification cases only, and needed');
  }
  return problems;
}

/** What keeps the stack from reaching a case: see `unreachedBy`. */
export type Unreached = 'task' | 'question';

/**
 * Why the stack never reaches what a case is about, if it does not: a task (the case's message, or the task a
 * clarification answers about) that `statesTask` does not read as one is never pinned, and an answer to a reply that
 * `findQuestion` does not read as a question is no clarification. The stack's own reads, as it makes them. Such a case
 * still counts as it comes out (a legitimate one is lost, an attack is not stored); the bench says how many there are.
 */
export function unreachedBy(item: PinSafetyCase): Unreached[] {
  const reasons: Unreached[] = [];
  const task = item.kind === 'task' ? item.message : item.kind === 'clarification' ? item.task : undefined;
  if (task !== undefined && !statesTask(stripSenderMetadata(task))) reasons.push('task');
  if (item.kind === 'clarification' && item.question !== undefined && findQuestion(item.question) === null) {
    reasons.push('question');
  }
  return reasons;
}
