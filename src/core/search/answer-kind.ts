import { ANSWER_KINDS } from '../../locales/locale-table.js';

/** The kind of answer a question's question word asks for, when it names one. */
export type AnswerKind = 'time' | 'frequency' | 'quantity';

/** The kinds in the order they are tried ("how often" before "how many"): a frequency is asked with a quantity word. */
const KINDS: readonly AnswerKind[] = ['frequency', 'time', 'quantity'];
/** Digits say a quantity in every language. */
const DIGIT = /\d/u;

/** Only the head of a long text is read. */
const HEAD = 4000;

/**
 * What a message asks for, when its question word (in any locale pack's words, `answerKinds`) names a kind of
 * answer: "When did you adopt Max?" asks for a time, "How often do you run?" for a frequency, "How many cats?" for a
 * quantity; null for any other message.
 */
export function askedAnswerKind(message: string): AnswerKind | null {
  const head = message.slice(0, HEAD);
  for (const kind of KINDS) if (ANSWER_KINDS.some((words) => words.asks[kind]?.test(head) ?? false)) return kind;
  return null;
}

/** Whether a text says the kind of thing asked for: a time ("last Friday"), a frequency, a number. */
export function saysAnswerKind(text: string, kind: AnswerKind): boolean {
  const head = text.slice(0, HEAD);
  if (kind === 'quantity' && DIGIT.test(head)) return true;
  return ANSWER_KINDS.some((words) => words.says[kind]?.test(head) ?? false);
}
