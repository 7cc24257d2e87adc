import { KANA_LETTER } from '../../core/text/scripts.js';
import { CHINESE_PERSONAL, CHINESE_PETS, CHINESE_RELATIVES, ENGLISH_RELATIVES } from './fact-words.js';

// Sentences longer than this are not split: the patterns below stay linear on what reaches them.
const LONGEST = 240;

const SUBJECT_WORD = "(?:i|we|my|our|i'm|we're|i've|we've|i'd|we'd|i'll|we'll)";
// A new subject after "and", "but", a comma or a semicolon starts a new clause: "I live in Paris and I work at Acme".
const ENGLISH_BREAK = new RegExp(
  `\\s*;\\s*|,?\\s+(?:and|but|and also|plus)\\s+(?=${SUBJECT_WORD}\\b)|,\\s+(?=${SUBJECT_WORD}\\b)|,\\s+(?=(?:so|because|since|which|though|although)\\s)`,
  'i',
);
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

// The subject a following clause shares: the speaker, or the speaker's relative or pet ("我女儿三岁了，特别喜欢画画").
const CHINESE_SUBJECT = new RegExp(
  `^(?:我们|我們|咱们|咱們|我)(?:的?(?:${CHINESE_RELATIVES}|${CHINESE_PETS})(?![^，,。]*?(?:和|跟)))?`,
);
const CHINESE_OWN_SUBJECT = /^(?:我|咱|你|您|他|她|它|这|這|那|大家|谁|誰)/;
const CHINESE_POSSESSED = new RegExp(`^(?:${CHINESE_PERSONAL}|${CHINESE_RELATIVES}|${CHINESE_PETS})`);
// "我有一只猫，叫团子" says one thing: 有一只叫团子的猫.
const CHINESE_NAMED =
  /(有|养了|養了|养|養)([一两兩二三四五六几幾]?[只隻个個条條匹位])([^，,。；;]{1,8})[，,]\s*(?:它|牠|她|他)?(?:叫|名叫|名字叫)([^，,。；;]{1,12})/u;

/**
 * The clauses of one statement, each able to stand alone: a clause that shares the subject of the one before gets it
 * ("我住在北京，在腾讯工作" → 我住在北京 / 我在腾讯工作; "I wake up at 6 and walk my dog" → … / I walk my dog).
 */
export function splitClauses(sentence: string): string[] {
  if (sentence.length > LONGEST) return [sentence];
  if (KANA_LETTER.test(sentence)) return splitJapanese(sentence);
  if (/\p{Script=Han}/u.test(sentence)) return splitChinese(sentence);
  return splitEnglish(sentence);
}

function splitEnglish(sentence: string): string[] {
  const clauses: string[] = [];
  for (const part of sentence
    .replace(/’/g, "'")
    .replace(/\b(i|we)'ve got\b/gi, '$1 have')
    .split(ENGLISH_BREAK)) {
    const clause = part.trim().replace(/[,.]+$/, '');
    if (clause === '') continue;
    clauses.push(...splitShared(clause));
  }
  return mergeSwitch(resolvePronouns(clauses));
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

function splitChinese(sentence: string): string[] {
  const text = sentence.replace(CHINESE_NAMED, '$1$2叫$4的$3');
  const clauses: string[] = [];
  let subject = '';
  for (const part of text.split(/[，,；;]/)) {
    const clause = part.trim();
    if (clause === '') continue;
    const own = CHINESE_SUBJECT.exec(clause);
    if (own) subject = own[0];
    else if (subject !== '' && !CHINESE_OWN_SUBJECT.test(clause)) {
      const possessive = CHINESE_POSSESSED.test(clause) && /^(?:我们|我們|咱们|咱們|我)$/.test(subject);
      clauses.push(`${subject}${possessive ? '的' : ''}${clause}`);
      continue;
    } else if (CHINESE_OWN_SUBJECT.test(clause)) subject = '';
    clauses.push(clause);
  }
  return clauses;
}

/** Japanese clauses joined by a comma after the te-form: "東京に住んでいて、ソニーで働いています". */
function splitJapanese(sentence: string): string[] {
  return (
    sentence
      // "夫はエンジニアで、私は主婦です": a copula's te-form before a clause with its own topic ends a clause too.
      .split(/(?<=て)[、,，]|(?<=[^\sはがをにと]で)[、,，](?=[^、,，]{1,12}は)/)
      .map((clause) =>
        clause
          .trim()
          .replace(/ていて$/, 'ています')
          .replace(/でいて$/, 'でいます')
          .replace(/(?<=[^\sはがをにとて])で$/, 'です'),
      )
      .filter((clause) => clause !== '')
  );
}
