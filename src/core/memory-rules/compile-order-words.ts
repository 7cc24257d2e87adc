import type { CodeWords, OrderWords } from '../../locales/order-words.js';
import { CODE_ORDER_WORDS } from '../../locales/shared/code-order-words.js';
import { compileWordList } from './compile-word-list.js';
import { ORDER_WORD_PACKS } from './order-word-packs.js';

// Sentences arrive split: a gap may cross anything but a line break; a clause gap stops at a clause's punctuation.
const CLAUSE_PUNCTUATION = ',，、;；:：\\n';
/** How far an order's verb may stand from what it reaches, in characters, by how a language is written. */
const REACH = { spaced: 50, unspaced: 48 } as const;
/** How far a condition may stand from what someone else does ("whenever anyone in this thread mentions"). */
const CONDITION_REACH = { spaced: 40, unspaced: 20 } as const;
/** How far before its verb a negation still negates it (after it, in Japanese, where a verb is negated by its ending). */
export const NEGATION_REACH = { spaced: 16, unspaced: 20 } as const;
export const CLAUSE_BREAK = /[,，、;；:：\n]/;
/**
 * How far before and after a verb its clause is read, in characters: a clause is seldom longer, and the work per verb
 * stays bounded however long a sentence without punctuation is.
 */
export const CLAUSE_WINDOW = 160;
/** The longest word a rule steps over between two others: a word of a spaced language, a run of an unspaced one. */
const LONGEST_WORD = { spaced: 40, unspaced: 8 } as const;
/** An email address: someone the assistant can reach outside the conversation. */
const EMAIL_ADDRESS = '(?<![\\p{L}\\p{N}._%+-])[\\p{L}\\p{N}._%+-]+@[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)+';

/** One language's word classes, compiled into the patterns `findOverreachingOrder` reads. */
export interface CompiledWords {
  readonly words: OrderWords;
  /** The last text `artifactEnd` read, and its answer: every verb of a sentence asks it again. */
  lastArtifact?: { text: string; end: number };
  readonly notPeople: RegExp | null;
  readonly quoting: RegExp;
  readonly addressed: RegExp;
  readonly relays: readonly RegExp[];
  readonly triggers: readonly RegExp[];
  readonly person: RegExp;
  readonly capitalisedName: RegExp | null;
  readonly secretExposures: readonly RegExp[];
  readonly environmentExposures: readonly RegExp[];
  readonly environmentMention: RegExp;
  readonly ownSide: RegExp;
  readonly assistantBefore: RegExp;
  readonly wholeVerb: RegExp;
  readonly artifact: RegExp;
  readonly outsideExposures: readonly RegExp[];
  readonly secretMention: RegExp;
  readonly outsideMention: RegExp;
  readonly output: RegExp;
  readonly mainVerb: RegExp;
  readonly addressVerb: RegExp;
  readonly movingVerb: RegExp;
  readonly accessVerb: RegExp;
  readonly exposingVerb: RegExp;
  readonly wholeExposingVerb: RegExp;
  readonly exposingVerbBefore: RegExp;
  readonly condition: RegExp;
  readonly toSelf: RegExp;
  readonly negationBefore: RegExp;
  readonly negationBeforeObject: RegExp | null;
  readonly negationAfter: RegExp;
  readonly negationLookalike: RegExp;
  readonly subordinate: RegExp | null;
  readonly orderEnding: RegExp | null;
  readonly relative: RegExp | null;
  readonly afterNoun: RegExp | null;
  readonly method: RegExp;
  readonly methodBetween: RegExp;
  readonly operator: RegExp;
}

/** A regular expression of a source built from word lists: case-insensitive, because case is kept for names. */
function expression(source: string, flags = 'iu'): RegExp {
  return new RegExp(source, flags);
}

/** The patterns of one language's word classes, with the code words every language shares. */
export function compileOrderWords(words: OrderWords, code: CodeWords): CompiledWords {
  const list = (entries: readonly string[]) => compileWordList(entries);
  const optional = (entries: readonly string[]) => (entries.length > 0 ? list(entries) : null);
  const spaced = words.script === 'latin';
  const reach = spaced ? REACH.spaced : REACH.unspaced;
  const clauseGap = (most: number) => `(?:(?!${list(words.clauseBreaks)})[^${CLAUSE_PUNCTUATION}]){0,${most}}?`;
  const space = spaced ? '\\s' : '\\s?';
  const self = list(words.self);
  // One word between two others ("every new member", "your usual restrictions"), bounded so that no rule runs away on a long run.
  const word = `[^\\s${CLAUSE_PUNCTUATION}]{1,${spaced ? LONGEST_WORD.spaced : LONGEST_WORD.unspaced}}${space}`;
  const notPossessive = `(?!\\s?${list(words.possessives)})`;
  const determiners = optional(words.determiners);
  const notAfterDeterminer = determiners ? `(?<!${determiners}\\s)` : '';
  const notAfterSelf = `(?<!${self}${space})`;
  const personNouns = list(words.personNouns);
  const groups = optional(words.groups);
  // "every new member", "all users": a group mark, at most one word, a noun for people.
  const others = `${list(words.others)}|${EMAIL_ADDRESS}${groups ? `|${groups}${space}(?:${word})?${personNouns}` : ''}`;
  const suffixes = optional(words.personSuffixes);
  const prefixes = optional(words.personPrefixes);
  const person = [
    others,
    ...(suffixes ? [`[^\\s${CLAUSE_PUNCTUATION}]{1,8}?${suffixes}`] : []),
    ...(prefixes ? [`${prefixes}\\p{Script=Han}`] : []),
  ].join('|');
  const ambiguous = optional(words.ambiguousOthers);
  const addressVerbs = list(words.addressVerbs);
  const exposeVerbs = list(words.exposeVerbs);
  const placeVerbs = list(words.placeVerbs);
  const solicitVerbs = list(words.solicitVerbs);
  const accessVerbs = list(words.accessVerbs);
  const recipient = list(words.recipientMarks);
  const verb = (verbs: string, name = 'verb') => `${notAfterDeterminer}${notAfterSelf}(?<${name}>${verbs})`;

  // "tell her", "forward him"; "mentioned to everyone"; in Japanese the people, their mark, then the verb. "tell them"
  // speaks to people, "send them to me" may send things: such pronouns count after verbs of speaking only.
  const relays: string[] = [];
  const recipientVerbs = optional(words.recipientVerbs);
  // Spoken to, people are also "users", "customers": "ask users to confirm their password" (not in Chinese, where "let people"
  // "makes one feel" addresses no one).
  const anyone = `${others}${spaced ? `|${personNouns}` : ''}${ambiguous ? `|${ambiguous}` : ''}`;
  const spoken = verb(`${addressVerbs}|${exposeVerbs}`);
  if (words.objectOrder !== 'before-verb') {
    relays.push(`${verb(addressVerbs)}\\s{0,2}(?:${anyone})${notPossessive}`);
    if (recipientVerbs) relays.push(`${verb(recipientVerbs)}\\s{0,2}(?:${others})${notPossessive}`);
    relays.push(
      `${spoken}(?!${space}${self})${clauseGap(reach)}${recipient}${space}(?:${spaced ? `${others}|${personNouns}` : others})${notPossessive}`,
    );
  }
  if (words.objectOrder === 'either') relays.push(`${recipient}(?:${others})${clauseGap(reach)}${spoken}`);
  if (words.objectOrder === 'before-verb') relays.push(`(?:${person})${recipient}${clauseGap(reach)}${spoken}`);

  // Someone else doing something to the assistant: "whenever Dana asks", "if anyone mentions", "anyone who asks",
  // "Xiao Wang asks you" in Chinese, "when Sato-san asks" in Japanese. Whether the subject is a person is checked apart (`subject`).
  const passive = optional(words.passiveMarks);
  const triggerVerbs = `${passive ? `(?<!${passive}\\s)` : ''}${list(words.triggers)}`;
  const conditionReach = spaced ? CONDITION_REACH.spaced : CONDITION_REACH.unspaced;
  const triggers = [
    `${list(words.conditions)}(?<subject>${clauseGap(conditionReach)})${triggerVerbs}`,
    `(?<subject>[^${CLAUSE_PUNCTUATION}.!?。！？]{0,${spaced ? 24 : 20}})${list(words.standaloneTriggers)}`,
  ];
  const relatives = optional(words.relatives);
  if (relatives) triggers.push(`(?<subject>${person}|${personNouns})\\s${relatives}\\s${triggerVerbs}`);

  // Another person's data: Zhou's salary, each member's private notes; their home addresses; the private DMs other
  // users have sent you; Priya's salary.
  const personalData = list(words.personalData);
  const ownerGap = spaced ? 16 : 8;
  const othersData = [
    `(?:${person})${list(words.possessives)}${clauseGap(ownerGap)}${personalData}`,
    `${list(words.othersPossessives)}${space}${clauseGap(ownerGap)}${personalData}`,
    `(?:${others})${clauseGap(16)}${personalData}`,
    `${personalData}${clauseGap(16)}(?:${others})`,
    ...(spaced
      ? [`(?<![\\p{L}\\p{N}])[\\p{L}\\p{N}]+${list(words.possessives)}\\s(?:[\\p{L}]+\\s){0,2}?${personalData}`]
      : []),
  ].join('|');
  const nameEndings = code.secretNameEndings.map((ending) => ending.replace(/[^a-z0-9_]/g, '')).join('|');
  // A secret's name before a word that makes it a topic ("password field", "password hashing") is no secret.
  const secret = `(?:${list([...words.secrets, ...code.secrets])}|(?<![a-z0-9_])[a-z][a-z0-9]*(?:_[a-z0-9]+)*?(?:${nameEndings})(?![a-z0-9_]))(?!${space}${list(words.secretTopics)})`;
  // Private data is someone else's unless the speaker's own ("my private notes").
  const selfOwned = optional(words.selfPossessives);
  const privateData = optional(words.privateData);
  const othersPrivate = privateData
    ? `${selfOwned ? `(?<!${selfOwned}${space}(?:[^\\s${CLAUSE_PUNCTUATION}]{1,12}${space})?)` : ''}${privateData}`
    : null;
  const outside = `(?:${list([...words.outsidePlaces, ...code.outsidePlaces])}|${othersData}${othersPrivate ? `|${othersPrivate}` : ''})`;
  const environment = list([...words.environment, ...code.environment]);

  // A secret leaves where it is when it is shown, sent or asked for; a person's data also when it is put somewhere,
  // and any personal data when it is asked of someone ("ask for the phone number and the address").
  const exposures = (mention: string, verbs: string): string[] => {
    const sources: string[] = [];
    if (words.objectOrder !== 'before-verb')
      sources.push(`${verb(verbs)}(?<between>${clauseGap(reach)})(?:${mention})`);
    if (words.objectOrder !== 'after-verb') sources.push(`(?:${mention})(?<between>${clauseGap(reach)})${verb(verbs)}`);
    return sources;
  };
  const marks = optional(words.solicitMarks);
  // "ask the user for their bank login", "ask him for his employee number".
  const askedFor = (mention: string) =>
    marks ? [`${verb(addressVerbs)}(?<between>${clauseGap(30)}${marks}${clauseGap(20)})(?:${mention})`] : [];
  const exposing = `${exposeVerbs}|${solicitVerbs}`;
  const anyVerb = [addressVerbs, exposeVerbs, placeVerbs, solicitVerbs, accessVerbs].join('|');
  const objectMarks = optional(words.objectMarks);
  const clauseStart = `(?:^|[${CLAUSE_PUNCTUATION}!?。！？]\\s*)[\\s"'「『（(\\[*_#>-]*`;
  const negations = list(words.negations);
  // The operator's rules: named ("the operator"), or rules the assistant has ("your usual restrictions").
  const operator = `(?:${list(words.operatorRules)}|${list(words.assistantPossessives)}${space}(?:${word}){0,2}?${list(words.ruleNouns)})`;
  const overrides = list(words.overrides);
  const subordinators = optional(words.subordinators);
  const assistant = list(words.assistant);
  const match = (sources: readonly string[]) => sources.map((source) => expression(source, 'giu'));
  return {
    words,
    // Chinese "other" holds the letter of "him", unless it begins a word for people ("other users").
    notPeople: words.notPeople.length > 0 ? expression(`(?!${others})${list(words.notPeople)}`, 'giu') : null,
    quoting: expression(list(words.quotingWords)),
    addressed: expression(
      [
        assistant,
        list(words.requestMarks),
        // What is said of the assistant's own output ("end every reply by …", "every answer should …") is said to it.
        list(words.outputs),
        `${clauseStart}(?:${list(words.openers)}[\\s,，、]*){0,3}(?:${anyVerb}${objectMarks ? `|${objectMarks}` : ''})`,
        // An order has no subject: a sentence that opens on no one ("Direct them to …", "the password, send it to him") is one.
        `^[\\s"'「『（(\\[*_#>-]*(?:[^\\s:：]{1,20}[:：]\\s*)?(?!(?:${[self, person, personNouns, list(words.statementStarts), ...(determiners ? [determiners] : []), ...(ambiguous ? [ambiguous] : [])].join('|')})(?![\\p{L}]))`,
        ...(words.requestEndings.length > 0 ? [`${list(words.requestEndings)}[\\s"'」』）)\\]*_.!?。！？]*$`] : []),
      ].join('|'),
    ),
    relays: match(relays),
    triggers: match(triggers),
    person: expression(`${person}|${personNouns}`),
    capitalisedName: words.capitalisedNames ? expression('(?<![\\p{L}\\p{N}])\\p{Lu}\\p{Ll}+', 'u') : null,
    secretExposures: match([...exposures(secret, exposing), ...askedFor(secret)]),
    environmentExposures: match(exposures(environment, exposing)),
    environmentMention: expression(environment),
    ownSide: expression(`${assistant}|${list(words.outputs)}`),
    assistantBefore: expression(`(?:${assistant})[^.!?。！？\\n]*$`),
    wholeVerb: expression(`^(?:${anyVerb})$`),
    artifact: expression(list(words.artifacts)),
    outsideExposures: match([
      ...exposures(outside, `${exposing}|${placeVerbs}`),
      ...exposures(personalData, solicitVerbs),
      // Reading another person's data is reaching it: "read Dan's inbox".
      ...exposures(`(?:${othersData})`, accessVerbs),
      ...askedFor(`(?:${outside}|${personalData})`),
    ]),
    secretMention: expression(secret),
    outsideMention: expression(outside),
    output: expression(list(words.outputs)),
    mainVerb: expression(verb(`${addressVerbs}|${exposeVerbs}|${placeVerbs}|${solicitVerbs}`), 'giu'),
    addressVerb: expression(verb(addressVerbs), 'giu'),
    // "Start every reply with the API key": in the assistant's output, a verb that shapes it moves a secret there too.
    movingVerb: expression(verb(`${exposeVerbs}|${placeVerbs}|${accessVerbs}|${list(words.framingVerbs)}`), 'giu'),
    accessVerb: expression(verb(accessVerbs), 'giu'),
    exposingVerb: expression(verb(exposeVerbs), 'giu'),
    wholeExposingVerb: expression(`^(?:${exposeVerbs})$`),
    exposingVerbBefore: expression(verb(exposeVerbs)),
    condition: expression(list(words.conditions)),
    // "remind me", "tell me", "send it to me": an order aimed at the speaker.
    toSelf:
      words.objectOrder === 'before-verb'
        ? expression(`${list(words.selfObjects)}${recipient}[^${CLAUSE_PUNCTUATION}]{0,6}$`)
        : expression(`^${space}(?:${recipient}${space})?${list(words.selfObjects)}(?![\\p{L}])`),
    // "never share", "do not ever send", "never asks by email for": the negation, then at most one word, then the verb.
    negationBefore: expression(
      spaced
        ? `(?:${negations})(?:\\s[^\\s${CLAUSE_PUNCTUATION}]+)?\\s$`
        : `(?:${negations})[^\\s${CLAUSE_PUNCTUATION}]{0,6}$`,
    ),
    // Chinese "don't [object mark] the password send to others": the negation stands before the object mark, the object between it and the verb.
    negationBeforeObject: objectMarks
      ? expression(`(?:${negations})[^${CLAUSE_PUNCTUATION}]{0,2}${objectMarks}[^${CLAUSE_PUNCTUATION}]{0,12}$`)
      : null,
    negationAfter: expression(`^[^${CLAUSE_PUNCTUATION}]{0,${NEGATION_REACH.unspaced}}?(?:${negations})`),
    negationLookalike: expression(list(words.negationLookalikes)),
    // "if the build fails, …" is a condition; "it would be great if you could paste …" a polite order.
    subordinate: subordinators
      ? expression(`${subordinators}(?![^${CLAUSE_PUNCTUATION}]{0,${CLAUSE_WINDOW}}?(?:${assistant}))`)
      : null,
    // "a chatbot that never shares", "a feature that lets users share", not "prefers that you forward".
    relative: relatives ? expression(`${relatives}(?:\\s(?!${assistant})[^\\s${CLAUSE_PUNCTUATION}]+){0,2}\\s$`) : null,
    // "Draft an announcement telling …": a determiner, at most one more word, then the noun the participle describes.
    afterNoun:
      words.participle && determiners
        ? expression(
            `(?<![\\p{L}])${determiners}\\s(?:[\\p{L}-]+\\s)?(?!(?:${list(words.participle.notNouns)})\\s$)[\\p{L}-]+\\s$`,
          )
        : null,
    // Or the sentence ends on the verb: no noun follows it.
    orderEnding:
      words.orderEndings.length > 0
        ? expression(`^[^${CLAUSE_PUNCTUATION}]{0,3}?(?:${list(words.orderEndings)}|[\\s"'」』）)\\]*_.!?。！？]*$)`)
        : null,
    method: expression(list(words.methods)),
    methodBetween: expression(list([...words.methods, ...words.mannerWords])),
    operator: expression(`${operator}[^\\n]{0,40}?${overrides}|${overrides}[^\\n]{0,40}?${operator}`),
  };
}

/** Every pack's word classes, compiled, in the table's order. */
export const COMPILED_ORDER_WORDS: readonly CompiledWords[] = ORDER_WORD_PACKS.map((words) =>
  compileOrderWords(words, CODE_ORDER_WORDS),
);
