import { isSubstantive } from '../facts/is-substantive.js';
import { splitSentences } from '../text/split-sentences.js';
import { isTaskSentence } from './is-task-sentence.js';

// A first message is a request, then pasted material: only its start is read.
const LONGEST_READ = 4_000;
const MOST_SENTENCES = 30;

/**
 * Does this message state a task the session could be pinned to? Some sentence of it must set work (a request, a
 * goal, a constraint); a greeting, small talk, a question asking for information ("What database did we pick?") or a
 * plain statement ("I moved to Berlin") does not. Until such a message comes, a session has no pin.
 */
export function statesTask(text: string): boolean {
  if (!isSubstantive(text)) return false;
  return splitSentences(text.slice(0, LONGEST_READ))
    .slice(0, MOST_SENTENCES)
    .some((sentence) => isTaskSentence(sentence.replace(/^[\s>*_#-]+/u, '')));
}
