import type { LocalePack } from '../locale-pack.js';
import { spanishExtraction } from './spanish-extraction.js';
import { spanishFacts } from './spanish-facts.js';
import { SPANISH_INJECTION_PHRASES } from './spanish-injection-phrases.js';
import { spanishQuestions } from './spanish-questions.js';
import { spanishSmallTalk } from './spanish-small-talk.js';
import { spanishTask } from './spanish-task.js';

/** Spanish: tasks, small talk, an assistant's questions, the heuristic extractor's rules, injection phrases. */
export const spanishPack: LocalePack = {
  code: 'es',
  name: 'Spanish',
  search: { stopWords: [], pastReferenceWords: [] },
  questions: spanishQuestions,
  task: spanishTask,
  smallTalk: spanishSmallTalk,
  facts: spanishFacts,
  injectionPhrases: SPANISH_INJECTION_PHRASES,
  extraction: spanishExtraction,
};
