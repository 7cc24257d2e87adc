import { isSubstantive } from '../../core/facts/is-substantive.js';
import { isTaskSentence } from '../../core/task/is-task-sentence.js';
import { stripSenderMetadata } from '../../core/text/strip-sender-metadata.js';
import { truncateGraphemes } from '../../core/text/truncate-graphemes.js';
import { cleanSentence } from './clean-sentence.js';
import { joinSentences } from './join-sentences.js';
import { leadingSentences } from './leading-sentences.js';
import { stripCourtesy } from './strip-courtesy.js';

export interface DistillTaskOptions {
  /** Cap on the task, in grapheme clusters. */
  maxLength: number;
  /** Cap on the fallback (the opening sentences, when no sentence states a task). */
  fallbackLength: number;
}

const LIST_ITEM = /^(?:[-*+•・]\s|\d{1,3}[.)]\s|\d{1,3}、|[（(]\d{1,3}[)）])/;
// Only the start of a very long message is read: a first message is a request, then pasted material.
const MOST_SENTENCES = 60;
const LONGEST_SOURCE = 20_000;

/**
 * The core task of a first message: its sentences that state goals, requests, constraints, parameters and
 * deliverables, without greetings, thanks and small talk, in the user's words. When no sentence reads as a task but
 * the message has content, its opening sentences. Null for small talk only.
 */
export function distillTask(source: string, options: DistillTaskOptions): string | null {
  const text = stripSenderMetadata(source);
  if (!isSubstantive(text)) return null;
  const sentences = leadingSentences(text, LONGEST_SOURCE)
    .slice(0, MOST_SENTENCES)
    .map((sentence) => ({ listItem: LIST_ITEM.test(sentence), text: stripCourtesy(cleanSentence(sentence)) }))
    .filter((sentence) => sentence.text !== '' && isSubstantive(sentence.text));
  const task = taskSentences(sentences);
  if (task.length > 0) return fitSentences(task, options.maxLength);
  if (sentences.length > 0)
    return fitSentences(
      sentences.map((sentence) => sentence.text),
      options.fallbackLength,
    );
  return null;
}

/**
 * The sentences that read as a task. The items of a list belong to the sentence that introduces it: all are kept
 * when it is ("I need a CLI:" / "Requirements:" followed by "- no new dependencies", "- Postgres 16").
 */
function taskSentences(sentences: ReadonlyArray<{ listItem: boolean; text: string }>): string[] {
  const task: string[] = [];
  let keepList = false;
  sentences.forEach((sentence, index) => {
    if (sentence.listItem) {
      if (keepList || isTaskSentence(sentence.text)) task.push(sentence.text);
      return;
    }
    const introducesList = /[:：]$/.test(sentence.text) && sentences[index + 1]?.listItem === true;
    keepList = introducesList || isTaskSentence(sentence.text);
    if (keepList) task.push(sentence.text);
  });
  return task;
}

/** Whole sentences, in order, while they fit; the first one is cut when it alone is too long. */
function fitSentences(sentences: readonly string[], limit: number): string {
  const kept: string[] = [];
  for (const sentence of sentences) {
    const candidate = joinSentences([...kept, sentence]);
    if (truncateGraphemes(candidate, limit) !== candidate) break;
    kept.push(sentence);
  }
  if (kept.length === 0) return truncateGraphemes(joinSentences(sentences.slice(0, 1)), limit);
  return joinSentences(kept);
}
