import { isSubstantive } from '../../core/facts/is-substantive.js';
import { foldToWords } from '../../core/language/fold-text.js';
import { stripSenderMetadata } from '../../core/text/strip-sender-metadata.js';
import type { LocaleExtraction } from '../../locales/locale-extraction.js';
import { extractionAlternation as alternation, EXTRACTIONS, readingExtraction } from '../../locales/locale-table.js';
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
// Conditions, hypotheses and reported speech state no fact ("if we used pnpm…"), in any pack's words.
const HYPOTHETICAL = new RegExp(`^(?:${alternation((extraction) => extraction.hypotheticals)})`, 'i');
// Openers that announce an aside: the fact follows them ("By the way, I'm on Windows").
const ASIDE = new RegExp(
  `^(?:(?:${alternation((extraction) => extraction.asides)})(?:\\s*[,，、:：]\\s*|\\s+))+`,
  'iu',
);
const DURABLE_NOW = EXTRACTIONS.flatMap((extraction) => (extraction.durableNow ? [extraction.durableNow] : []));
const UNFINISHED = EXTRACTIONS.flatMap((extraction) => (extraction.unfinished ? [extraction.unfinished] : []));

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
    // One pack reads the whole sentence: a clause of it may have too few words to tell its language.
    const reader = readingExtraction(sentence);
    if (/[?？]/.test(sentence) || HYPOTHETICAL.test(dropFiller(sentence, reader).replace(/’/g, "'"))) continue;
    for (const fact of factsOf(sentence, reader)) {
      const key = foldToWords(fact).replaceAll(' ', '');
      if (key === '' || seen.has(key) || facts.length >= options.maxFacts) continue;
      seen.add(key);
      facts.push(fact);
    }
  }
  return facts;
}

/** The facts of one statement, one per clause that states one. */
function factsOf(sentence: string, reader: LocaleExtraction | undefined): string[] {
  const clauses = splitClauses(sentence, reader);
  // "No longer VS Code, now Neovim": the clause that says what holds now is the fact; the old one is superseded.
  const saysNow = clauses.some(mentionsNow);
  const facts: string[] = [];
  for (const raw of clauses) {
    if (saysNow && mentionsNoLonger(raw)) continue;
    const clause = dropFiller(raw.replace(ASIDE, ''), reader);
    // Ephemeral words are looked for before the filler goes ("I'm using Windows right now"), except a language's
    // "now" of a lasting state (the Chinese and Japanese ones).
    const durable = DURABLE_NOW.reduce((text, now) => text.replace(now, ''), raw);
    if (isEphemeral(durable) || !isStatement(clause) || UNFINISHED.some((unfinished) => unfinished.test(clause)))
      continue;
    const kind = classifyFact(clause, reader);
    if (kind === null) continue;
    const restated = restateClause(clause, kind, reader);
    if (restated !== null) facts.push(rewriteInThirdPerson(restated, reader));
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
