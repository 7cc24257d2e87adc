import { ENGLISH_PETS, ENGLISH_RELATIVES } from './english-fact-words.js';

const SUBJECT_WORD = "(?:i|we|my|our|i'm|we're|i've|we've|i'd|we'd|i'll|we'll)";
// A new subject after "and", "but", a comma or a semicolon starts a new clause: "I live in Paris and I work at Acme".
const ENGLISH_BREAK = new RegExp(
  `\\s*;\\s*|,?\\s+(?:and|but|and also|plus)\\s+(?=${SUBJECT_WORD}\\b)|,\\s+(?=${SUBJECT_WORD}\\b)|,?\\s+and\\s+(?=(?:everything|it|it's|nothing)\\b)|,\\s+(?=(?:since|which|though|although)\\s)|,?\\s+(?=(?:because|in case|unless)\\s)|(?<!\\b(?:is|are|am|'m|'re|'s|was|were|be|been|feel|feels|felt|look|looks|seem|seems|get|gets|got|not|and|or|just|really|very)),?\\s+(?=so\\s)|\\s+[-–—]\\s+`,
  'i',
);
// A comma ends a clause before what opens one: a connective ("…, in case it matters"), an order or a refusal ("…, dont
// give me…"), a number's apposition ("…, three shifts a week"), a question word, a clause that left out its "I"
// ("…, been in London since 2015"), or a short subject with its verb ("…, pickup is 3:15"). Not before the next item
// of a list ("I like hiking, running, and climbing").
const COMMA =
  /,\s+(?=(?:in case|unless|if|so|because|since|which|though|although|but|dont|don't|do not|never|pls|please|plz|no|not|nothing|just|what|how|where|when|why|who|\d|one|two|three|four|five|six|seven|eight|nine|ten)\b|(?:(?:just|finally|recently|already|officially|also|still|now|then|never|always)\s+)*(?:[a-z]{2,}(?<!need|feed|seed|speed|bed|red|shed|embed)ed|quit|left|sold|bought|got|grew up|began|became|broke|lost|took|met|won|had|been|starting|moving|thinking about)\s|(?:[\w'-]+\s+){0,2}(?:is|are|was|were|isn't|aren't|wasn't|weren't)\b|[\w-]+'s\s)/i;
// Verbs a clause may go on with after "and", sharing the subject: "I wake up at 6 and walk my dog".
const SHARED_SUBJECT_VERB =
  /^(.+?)\s+(?:and|but)\s+((?:also |usually |often |always |never |still )?(?:use|walk|work|live|have|own|prefer|like|love|hate|enjoy|play|run|go|take|teach|study|write|code|build|deploy|host|drink|eat|cook|visit|spend|volunteer|attend|practi[cs]e|train|swim|read|watch|speak|drive|ride|keep|need|want)\b.*)$/i;
// Any other verb, known by the possessive after it: "I get up at 7 and feed my cats".
const VERB_WITH_OWN_THING = /^(.+?)\s+and\s+((?!(?:the|a|an|my|our|then|also|so|i|we)\b)[a-z]+\s(?:my|our)\s.+)$/i;
// Gapping: "Our backend is written in Go and the frontend in React".
const GAPPED_FIRST =
  /^((?:my|our|the)\s)(.+?)\s((?:is|are)\s(?:\w+ed|written|built|run|hosted|done|made)\s(?:in|on|with|by))\s.+$/i;
const GAPPED_SECOND = /^(?:and|but)\s+(?:the|my|our)\s+(\S+(?:\s\S+)?)\s+(?:in|on|with|by)\s+(.+)$/i;
// Shared verb, two objects with their own phrases: "We use Postgres in production and SQLite for tests";
// "I have two kids and a dog".
const HEAD =
  /^((?:i|we)\s+(?:(?:also|mostly|mainly|usually|still|currently)\s+)?(?:use|run|have|own|prefer|like|love|hate|host|deploy)\s)(.+)$/i;
const PARALLEL_OBJECTS =
  /^(\S+(?:\s\S+){0,3}?\s(?:in|for|on|at|with)\s.+?)\s+and\s+(\S+(?:\s\S+){0,3}?\s(?:in|for|on|at|with)\s.+)$/i;
const COUNTED_OBJECTS =
  /^((?:a|an|one|two|three|four|five|\d+)\s.+?)\s+and\s+((?:a|an|one|two|three|four|five|\d+)\s.+)$/i;
const NO_LONGER_USE = /^(i|we) no longer (?:use|run|work with) (.+)$/i;
const SWITCHED_TO = /^(i|we)(?:'ve| have)? (?:switched|moved|migrated|changed) to (.+)$/i;
// "My daughter Emma …": a capitalised word after the relative is a name.
const RELATIVE_SUBJECT = new RegExp(`^[Mm]y ((?:${ENGLISH_RELATIVES})(?: [A-Z][a-z]+)?)\\b`);

// A chatty clause leaves its subject out: a past tense, "been" or a few "-ing" forms of a life's course speak of the
// speaker ("grew up in Lagos", "been in London since 2015", "starting at Stripe"). An imperative, the other
// subjectless form, keeps its bare verb and gets no subject.
const LEADING_ADVERBS = '((?:(?:just|finally|recently|already|officially|also|still|now|then|never|always)\\s+)*)';
const DROPPED_I = new RegExp(
  `^${LEADING_ADVERBS}((?:[a-z]{2,}(?<!need|feed|seed|speed|bed|red|shed|embed)ed|quit|left|sold|bought|got|grew up|began|became|broke|lost|took|met|won|had)\\s)`,
  'i',
);
const DROPPED_I_HAVE = new RegExp(`^${LEADING_ADVERBS}(been\\s)`, 'i');
const DROPPED_I_AM = new RegExp(
  `^${LEADING_ADVERBS}((?:starting|moving|living|working|studying|learning|training|thinking about|planning|going)\\s)`,
  'i',
);

/**
 * The clauses of an English statement, each able to stand alone: a clause that shares the subject of the one before
 * gets it ("I wake up at 6 and walk my dog" → … / I walk my dog; "I live in Paris and I work at Acme").
 */
export function splitEnglishClauses(sentence: string): string[] {
  const clauses: string[] = [];
  for (const part of sentence
    .replace(/’/g, "'")
    .replace(/\b(i|we)'ve got\b/gi, '$1 have')
    .split(ENGLISH_BREAK)
    .flatMap((part) => part.split(COMMA))) {
    const clause = part.trim().replace(/[,.]+$/, '');
    if (clause === '') continue;
    const pet = NAMED_PET.exec(clause);
    if (pet?.[1] && pet[2]) clauses.push(`I have a ${pet[1]} named ${pet[2]}`);
    clauses.push(...splitShared(withSubject(clause)));
  }
  return mergeSwitch(resolvePronouns(clauses));
}

// "My cat Pickles knocked…": a passing event of a named pet still says that the user has it, and its name.
const NAMED_PET = new RegExp(
  `\\b[Mm]y (${ENGLISH_PETS}) ([A-Z][a-z]+) (?:just |again |finally )?(?:[a-z]+ed|ate|bit|broke|ran|got|threw|stole|chewed)\\b`,
);

/** A clause that left out its first-person subject, with it. */
function withSubject(clause: string): string {
  const lower = (_: string, adverbs: string, verb: string): string => `${adverbs.toLowerCase()}${verb.toLowerCase()}`;
  return clause
    .replace(DROPPED_I, (...match: string[]) => `I ${lower(...(match as [string, string, string]))}`)
    .replace(DROPPED_I_HAVE, (...match: string[]) => `I've ${lower(...(match as [string, string, string]))}`)
    .replace(DROPPED_I_AM, (...match: string[]) => `I'm ${lower(...(match as [string, string, string]))}`);
}

function splitShared(clause: string): string[] {
  const gapped = /^(.+?)\s+((?:and|but)\s+(?:the|my|our)\s.+)$/i.exec(clause);
  if (gapped?.[1] && gapped[2]) {
    const first = GAPPED_FIRST.exec(gapped[1]);
    const second = GAPPED_SECOND.exec(gapped[2]);
    if (first?.[1] && first[3] && second?.[1] && second[2])
      return [gapped[1], `${first[1]}${second[1]} ${first[3]} ${second[2]}`];
  }
  const head = HEAD.exec(clause);
  if (head?.[1] && head[2]) {
    const objects = PARALLEL_OBJECTS.exec(head[2]) ?? COUNTED_OBJECTS.exec(head[2]);
    if (objects?.[1] && objects[2]) return [`${head[1]}${objects[1]}`, `${head[1]}${objects[2]}`];
  }
  const subject = /^(i|we)(?:'m|'re|'ve| am| are| have)?\s/i.exec(clause);
  const shared = subject?.[1] ? (SHARED_SUBJECT_VERB.exec(clause) ?? VERB_WITH_OWN_THING.exec(clause)) : null;
  if (subject?.[1] && shared?.[1] && shared[2]) return [shared[1], `${subject[1]} ${shared[2]}`];
  return [clause];
}

/** "My mom lives in Manchester and I visit her…": the pronoun names the relative again. */
function resolvePronouns(clauses: string[]): string[] {
  return clauses.map((clause, index) => {
    const relative = index > 0 ? RELATIVE_SUBJECT.exec(clauses[index - 1] ?? '') : null;
    if (!relative?.[1] || !/^(?:i|we)\b/i.test(clause)) return clause;
    return clause.replace(/\b(?:her|him|them)\b/i, `my ${relative[1]}`);
  });
}

/** "I no longer use VS Code; I switched to Neovim" is one change: switched from VS Code to Neovim. */
function mergeSwitch(clauses: string[]): string[] {
  const merged: string[] = [];
  for (const clause of clauses) {
    const previous = NO_LONGER_USE.exec(merged.at(-1) ?? '');
    const next = SWITCHED_TO.exec(clause);
    if (previous?.[2] && next?.[1] && next[2] && previous[1]?.toLowerCase() === next[1].toLowerCase()) {
      merged[merged.length - 1] = `${next[1]} switched from ${previous[2]} to ${next[2]}`;
    } else merged.push(clause);
  }
  return merged;
}
