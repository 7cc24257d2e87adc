import { isSubstantive } from '../../core/facts/is-substantive.js';
import { foldToWords } from '../../core/language/fold-text.js';
import { stripSenderMetadata } from '../../core/text/strip-sender-metadata.js';
import { mentionsNoLonger, mentionsNow } from './change-markers.js';
import { classifyFact } from './classify-fact.js';
import { cleanSentence } from './clean-sentence.js';
import { dropFiller } from './drop-filler.js';
import { isEphemeral } from './is-ephemeral.js';
import { leadingSentences } from './leading-sentences.js';
import { restateClause } from './restate-clause.js';
import { rewriteInThirdPerson } from './rewrite-in-third-person.js';
import { splitClauses } from './split-clauses.js';
import { stripCourtesy } from './strip-courtesy.js';

// Facts are stated early and briefly: a longer sentence is an explanation, a pasted text or a log line.
const MOST_SENTENCES = 80;
const LONGEST_TEXT = 20_000;
const LONGEST_SENTENCE = 240;
// Conditions, hypotheses and reported speech state no fact: "if we used pnpm…", "如果…", "もし…".
const HYPOTHETICAL =
  /^(?:if|when|whether|maybe|perhaps|what if|suppose|assuming|unless|in case|i (?:think|guess|wonder|don't know|am not sure|'m not sure)|如果|要是|假如|假设|假設|也许|也許|可能|或许|或許|もし|たぶん|多分)/i;

// "Now" in Chinese and Japanese before a lasting state: dropped as filler, not a sign of an ephemeral statement.
const DURABLE_NOW = /(?:现在|現在|目前)(?!开始|開始|起)|今は|今では/g;

// Openers that announce an aside: the fact follows them ("By the way, I'm on Windows", "对了，我们用 pnpm").
const ASIDE =
  /^(?:(?:by the way|btw|fyi|also|and|oh|plus|just so you know|for (?:the record|context|reference)|note|ps|p\.s\.|actually|anyway|so|well|另外|顺便说一下|順便說一下|顺便|順便|还有|還有|对了|對了|其实|其實|补充一下|補充一下|ちなみに|あと|それと|なお)(?:\s*[,，、:：]\s*|\s+))+/iu;

/**
 * Up to `maxFacts` durable facts about the user or project stated in the user's message (preferences, decisions,
 * constraints, environment), each a standalone statement in the user's language, in third person where a simple
 * rewrite is reliable. Questions, small talk, hypotheses and ephemeral detail are skipped; no duplicates.
 */
export function extractFacts(userText: string, options: { maxFacts: number }): string[] {
  const facts: string[] = [];
  const seen = new Set<string>();
  const sentences = leadingSentences(stripSenderMetadata(userText), LONGEST_TEXT).slice(0, MOST_SENTENCES);
  for (const raw of sentences) {
    if (facts.length >= options.maxFacts) break;
    if (raw.length > LONGEST_SENTENCE) continue;
    const sentence = stripCourtesy(cleanSentence(raw)).replace(ASIDE, '');
    if (/[?？]/.test(sentence) || HYPOTHETICAL.test(dropFiller(sentence).replace(/’/g, "'"))) continue;
    for (const fact of factsOf(sentence)) {
      const key = foldToWords(fact).replaceAll(' ', '');
      if (key === '' || seen.has(key) || facts.length >= options.maxFacts) continue;
      seen.add(key);
      facts.push(fact);
    }
  }
  return facts;
}

/** The facts of one statement, one per clause that states one. */
function factsOf(sentence: string): string[] {
  const clauses = splitClauses(sentence);
  // "不再用 VS Code 了，现在用 Neovim": the clause that says what holds now is the fact; the old one is superseded.
  const saysNow = clauses.some(mentionsNow);
  const facts: string[] = [];
  for (const raw of clauses) {
    if (saysNow && mentionsNoLonger(raw)) continue;
    const clause = dropFiller(raw.replace(ASIDE, ''));
    // Ephemeral words are looked for before the filler goes ("I'm using Windows right now"), except the Chinese and
    // Japanese "now" of a lasting state ("现在用 Neovim", "今は楽天で働いています").
    if (isEphemeral(raw.replace(DURABLE_NOW, '')) || !isStatement(clause) || /て$/.test(clause)) continue;
    const kind = classifyFact(clause);
    if (kind === null) continue;
    const restated = restateClause(clause, kind);
    if (restated !== null) facts.push(rewriteInThirdPerson(restated));
  }
  return facts;
}

function isStatement(sentence: string): boolean {
  return (
    sentence !== '' &&
    !/[?？]/.test(sentence) &&
    !HYPOTHETICAL.test(sentence.replace(/’/g, "'")) &&
    isSubstantive(sentence) &&
    !isEphemeral(sentence)
  );
}
