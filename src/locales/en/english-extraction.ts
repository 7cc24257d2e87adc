import { COURTESY_PUNCTUATION as PUNCTUATION } from '../courtesy-punctuation.js';
import type { LocaleExtraction } from '../locale-extraction.js';
import { splitEnglishClauses } from './english-clauses.js';
import { ENGLISH_FACT_RULES } from './english-fact-rules.js';
import { restateEnglish } from './english-restate.js';
import { rewriteEnglish } from './english-third-person.js';

const GREETINGS =
  '(?:hi+|hello+|hey+|hiya|howdy|good (?:morning|afternoon|evening)|(?:hi|hello|hey) (?:there|all|everyone|team)|dear \\w+|thanks?(?: (?:a lot|so much|very much|in advance|again))?(?: for (?:the|your) help)?|thank (?:you|u)(?: (?:so much|very much|in advance|again))?(?: for (?:the|your) help)?|thx|ty|tysm|cheers|much appreciated|lol|haha+|hehe+|lmao|bye)';
// Only thanks and laughter close a sentence: "…say hi" keeps its "hi".
const CLOSINGS =
  '(?:thanks?(?: (?:a lot|so much|very much|in advance|again))?(?: for (?:the|your) help)?|thank (?:you|u)(?: (?:so much|very much|in advance|again))?(?: for (?:the|your) help)?|thx|ty|tysm|cheers|much appreciated|lol|haha+|hehe+|lmao)';

// Words that add nothing to a fact, and times relative to the moment of speaking, which a stored fact would carry
// into a future where they are wrong ("I moved to Berlin last week" read a year later).
const LEADING_FILLER = /^(?:(?:quick |small |status )?update|edit|fyi|note|heads up|ps|p\.s\.)\s*[:：-]\s*/i;
const TRAILING_FILLER =
  /(?:,?\s+(?:by the way|btw|fyi|haha+|lol|though|anyway|actually)|(?<!\b(?:right|for|just|until|by|from|as of))\s+(?:now|these days|nowadays|at this point)|,\s*(?:just so you know|for (?:the record|context|reference)))+$/i;
const RELATIVE_TIME =
  /\s+(?:last (?:week|month|year|weekend|spring|summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:a (?:few |couple of )?|\d+ |two |three |several )(?:weeks?|months?|years?) ago|recently)\b/gi;

/** How English states a durable fact, and what it says around one. */
export const englishExtraction: LocaleExtraction = {
  courtesy: {
    // "Hello world" is content: a greeting opens a sentence only before punctuation, or when it is a bare hi/hey.
    opening: new RegExp(
      `^(?:${GREETINGS}(?:${PUNCTUATION.replace('\\s', '')}+\\s*|$)|(?:hi+|hey+|hiya|howdy)\\s+)`,
      'iu',
    ),
    closing: new RegExp(`(?:^|${PUNCTUATION}+)(?:${CLOSINGS})${PUNCTUATION}*$`, 'iu'),
  },
  asides:
    'by the way|btw|fyi|fwiw|tbh|honestly|frankly|also|and|oh|plus|just so you know|for (?:the record|context|reference)|note|ps|p\\.s\\.|actually|anyway|so|well|ok(?:ay)?|ugh|welp|update|news|(?:ok )?confession',
  hypotheticals:
    "if|when|whether|maybe|perhaps|what if|suppose|assuming|unless|in case|i (?:think|guess|wonder|don't know|am not sure|'m not sure)",
  ephemeral:
    /\b(?:today|tonight|tomorrow|yesterday|right now|just now|at the moment|this (?:morning|afternoon|evening|week)|(?:a|one|few|couple of) (?:minutes?|moments?|seconds?|hours?) ago|earlier today|for now|temporarily|this (?:error|bug|issue|crash|warning|exception|stack ?trace|log|time|run|message|output|failure)|that (?:error|bug|crash|warning|exception))\b/,
  changeMarkers: {
    now: /\bnow\b|\bthese days\b/i,
    noLonger: /\bno longer\b|\bnot anymore\b|\bany ?more\b|\bstopped\b|\bquit\b|\bleft\b/i,
  },
  changesSubject:
    "never ?mind|nvm|forget (?:it|that|about)|actually,? (?:let's|can you|could you|forget)|by the way|btw|unrelated|different question|another question|on another note|new question|switching gears|instead,? (?:can|could) you",
  dropFiller: (clause) => clause.replace(LEADING_FILLER, '').replace(RELATIVE_TIME, '').replace(TRAILING_FILLER, ''),
  splitClauses: splitEnglishClauses,
  factRules: ENGLISH_FACT_RULES,
  restate: restateEnglish,
  inThirdPerson: rewriteEnglish,
};
