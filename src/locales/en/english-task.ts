import type { LocaleTask } from '../locale-pack.js';

// Words that may open a sentence before the request itself: "So, please…", "Also keep…".
const OPENER =
  '(?:(?:so|also|and|then|but|now|ok|okay|oh|btw|finally|first|second|third|next|lastly|plus|additionally|basically|ideally|importantly),?\\s+)*';
const TASK_VERBS =
  'help|pick|choose|select|decide|migrate|fix|add|remove|delete|create|build|write|implement|refactor|update|upgrade|downgrade|convert|make|set ?up|configure|deploy|move|rename|replace|keep|preserve|retain|leave|ensure|use|switch|port|rewrite|translate|generate|review|check|find|investigate|debug|diagnose|optimi[sz]e|improve|test|document|explain|show|tell|give|list|summari[sz]e|design|plan|draft|compare|analy[sz]e|run|install|integrate|support|handle|extract|split|merge|clean ?up|change|modify|adjust|reduce|increase|limit|include|exclude|skip|stop|start|enable|disable|allow|prevent|target|output|return|send|set|put|wrap|bump|pin|drop|restructure|simplify|benchmark|measure|profile|only|avoid|stick|focus|prioriti[sz]e|aim|get|do|book|reserve|order|buy|schedule|organi[sz]e|arrange|cancel|call|email|remind me|translate|print|draw|paint|cook|prepare|send';

const STATEMENTS: readonly RegExp[] = [
  new RegExp(`^${OPENER}(?:please |pls |plz |kindly |just )?(?:${TASK_VERBS})\\b(?![:：])`, 'i'),
  new RegExp(`^${OPENER}(?:don't|do not|never|always|make sure|be sure)\\b`, 'i'),
  new RegExp(`^${OPENER}(?:please|pls|plz|kindly)\\b`, 'i'),
  new RegExp(
    `^${OPENER}(?:no|not|without|only|max(?:imum)?|min(?:imum)?|at most|at least|under|less than|fewer than|up to)\\b`,
    'i',
  ),
  new RegExp(`^${OPENER}(?:can|could|would|will) you\\b`, 'i'),
  new RegExp(
    `^${OPENER}(?:i|we)(?:'d| would) (?:like|love|prefer|want)|^${OPENER}(?:i|we) (?:need|want|have to|must|should|plan|hope|expect|require|am trying|are trying)\\b`,
    'i',
  ),
  new RegExp(
    `^${OPENER}(?:i|we)(?:'m|'re| am| are) (?:trying|looking|building|working on|migrating|writing|creating|making|developing|planning|moving|porting|switching)\\b`,
    'i',
  ),
  new RegExp(`^${OPENER}let(?:'s| us)\\b`, 'i'),
  /\b(?:must|mustn't|can't|cannot|can not|not allowed|should|shouldn't|shall|has to|have to|needs to|need to|required|requirement|without|no more than|at most|at least|deadline|budget|goal|deliverable|by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|end of)|output should|the result should)\b/i,
  /^(?:my|our|the) (?:goal|task|aim|objective|job|requirement|constraint|deliverable|output)s? (?:is|are|:)/i,
];
// Verbs that ask for knowledge rather than work: "Can you explain what a monad is?" asks, it sets no task.
const KNOWLEDGE_VERBS = 'explain|tell|show|describe|define|clarify|remind|recommend|suggest|think|know|mean';
const ACTION_QUESTION = new RegExp(
  `^${OPENER}(?:(?:can|could|would|will) you|(?:can|could) (?:i|we) (?:get|have) you to|how (?:do|can|should|would) (?:i|we))\\s+(?:please |kindly |just |also |help (?:me |us )?(?:to )?)?(?!(?:${KNOWLEDGE_VERBS})\\b)(?:${TASK_VERBS})\\b`,
  'i',
);
// A question asking for a choice to be made ("Which test runner for our monorepo?", "What should we use for
// caching?") sets work: the choice; one about a choice already made ("Which database did we pick?") does not.
const CHOICE_QUESTION = new RegExp(
  `^${OPENER}(?:which|what)\\b(?![^?]*\\b(?:did|was|were|had|has|have (?:i|we))\\b)[^?]*\\b(?:should|shall|to use|for)\\b`,
  'i',
);

/** English requests, goals and constraints; questions that ask for work or for a choice to be made. */
export const englishTask: LocaleTask = {
  statements: STATEMENTS,
  requestQuestions: [ACTION_QUESTION, CHOICE_QUESTION],
};
