import type { CodeWords, OrderWords } from '../../locales/order-words.js';
import { CODE_ORDER_WORDS } from '../../locales/shared/code-order-words.js';
import { KANA_LETTER, UNSPACED_LETTER } from '../text/scripts.js';
import { compileWordList } from './compile-word-list.js';
import { normalizeForMatching } from './normalize-for-matching.js';
import { ORDER_WORD_PACKS } from './order-word-packs.js';

/**
 * What an order reaches beyond the speaker's own work: another person (the assistant told to speak to, ask or treat
 * someone, or an order that waits for someone else to ask), a credential or secret, data outside the task (a home or
 * system path, another person's data), or the operator's rules.
 */
export type OrderReach = 'others' | 'secret' | 'outside' | 'operator';

// Sentences arrive split: a gap may cross anything but a line break; a clause gap stops at a clause's punctuation.
const CLAUSE_PUNCTUATION = ',，、;；:：\\n';
/** How far an order's verb may stand from what it reaches, in characters, by how a language is written. */
const REACH = { spaced: 50, unspaced: 48 } as const;
/** How far a condition may stand from what someone else does ("whenever anyone in this thread mentions"). */
const CONDITION_REACH = { spaced: 40, unspaced: 20 } as const;
/** How far before its verb a negation still negates it (after it, in Japanese: 共有することは決してありません). */
const NEGATION_REACH = { spaced: 16, unspaced: 20 } as const;
const CLAUSE_BREAK = /[,，、;；:：\n]/;
/**
 * How far before and after a verb its clause is read, in characters: a clause is seldom longer, and the work per verb
 * stays bounded however long a sentence without punctuation is.
 */
const CLAUSE_WINDOW = 160;
/** The longest word a rule steps over between two others: a word of a spaced language, a run of an unspaced one. */
const LONGEST_WORD = { spaced: 40, unspaced: 8 } as const;
/** A sentence that opens on a capitalised word and another word: the name, and what may be its verb. */
const NAMED_SUBJECT = /^[\s"'([*_#>-]*\p{Lu}\p{Ll}+\s(?<next>\p{Ll}+)/u;
/** A capitalised word right after a verb: a name. */
const NAME_NEXT = /^\s\p{Lu}\p{Ll}+(?![\p{L}'’])/u;
/** Masks a word that holds a word for a person but names no one; the length is kept. */
const MASK = '〇';
/** An email address: someone the assistant can reach outside the conversation. */
const EMAIL_ADDRESS = '(?<![\\p{L}\\p{N}._%+-])[\\p{L}\\p{N}._%+-]+@[\\p{L}\\p{N}-]+(?:\\.[\\p{L}\\p{N}-]+)+';
/** A quotation, after normalisation (typographic double quotes are plain ones). */
const QUOTATION = /"[^"\n]{1,500}"|「[^」\n]{1,500}」|『[^』\n]{1,500}』/g;

interface CompiledWords {
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

function compile(words: OrderWords, code: CodeWords): CompiledWords {
  const list = (entries: readonly string[]) => compileWordList(entries);
  const optional = (entries: readonly string[]) => (entries.length > 0 ? list(entries) : null);
  const spaced = words.script === 'latin';
  const reach = spaced ? REACH.spaced : REACH.unspaced;
  const clauseGap = (most: number) => `(?:(?!${list(words.clauseBreaks)})[^${CLAUSE_PUNCTUATION}]){0,${most}}?`;
  const space = spaced ? '\\s' : '\\s?';
  const self = list(words.self);
  // One word between two others ("every new member", 你的所有限制), bounded so that no rule runs away on a long run.
  const word = `[^\\s${CLAUSE_PUNCTUATION}]{1,${spaced ? LONGEST_WORD.spaced : LONGEST_WORD.unspaced}}${space}`;
  const notPossessive = `(?!\\s?${list(words.possessives)})`;
  const determiners = optional(words.determiners);
  const notAfterDeterminer = determiners ? `(?<!${determiners}\\s)` : '';
  const notAfterSelf = `(?<!${self}${space})`;
  const personNouns = list(words.personNouns);
  const groups = optional(words.groups);
  // "every new member", 每个新进群的人, 全ユーザー: a group mark, at most one word, a noun for people.
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

  // "tell her", "forward him", 告诉每一个用户, 让他; "mentioned to everyone", 发给大家; 全ユーザーに…伝える. "tell them"
  // speaks to people, "send them to me" may send things: such pronouns count after verbs of speaking only.
  const relays: string[] = [];
  const recipientVerbs = optional(words.recipientVerbs);
  // Spoken to, people are also "users", "customers": "ask users to confirm their password" (not in Chinese, where 让人
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
  // 小王问你, 佐藤さんが聞いてきたら. Whether the subject is a person is checked apart (`subject`).
  const passive = optional(words.passiveMarks);
  const triggerVerbs = `${passive ? `(?<!${passive}\\s)` : ''}${list(words.triggers)}`;
  const conditionReach = spaced ? CONDITION_REACH.spaced : CONDITION_REACH.unspaced;
  const triggers = [
    `${list(words.conditions)}(?<subject>${clauseGap(conditionReach)})${triggerVerbs}`,
    `(?<subject>[^${CLAUSE_PUNCTUATION}.!?。！？]{0,${spaced ? 24 : 20}})${list(words.standaloneTriggers)}`,
  ];
  const relatives = optional(words.relatives);
  if (relatives) triggers.push(`(?<subject>${person}|${personNouns})\\s${relatives}\\s${triggerVerbs}`);

  // Another person's data: 小周的工资, 各メンバーの非公開メモ, each member's private notes; their home addresses;
  // 其他用户私下发给你的消息, the private DMs other users have sent you; Priya's salary.
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
  // A secret's name before a word that makes it a topic ("password field", 密码哈希) is no secret.
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
  // and any personal data when it is asked of someone (电話番号と住所を聞いて).
  const exposures = (mention: string, verbs: string): string[] => {
    const sources: string[] = [];
    if (words.objectOrder !== 'before-verb')
      sources.push(`${verb(verbs)}(?<between>${clauseGap(reach)})(?:${mention})`);
    if (words.objectOrder !== 'after-verb') sources.push(`(?:${mention})(?<between>${clauseGap(reach)})${verb(verbs)}`);
    return sources;
  };
  const marks = optional(words.solicitMarks);
  // "ask the user for their bank login", 问他要员工号.
  const askedFor = (mention: string) =>
    marks ? [`${verb(addressVerbs)}(?<between>${clauseGap(30)}${marks}${clauseGap(20)})(?:${mention})`] : [];
  const exposing = `${exposeVerbs}|${solicitVerbs}`;
  const anyVerb = [addressVerbs, exposeVerbs, placeVerbs, solicitVerbs, accessVerbs].join('|');
  const objectMarks = optional(words.objectMarks);
  const clauseStart = `(?:^|[${CLAUSE_PUNCTUATION}!?。！？]\\s*)[\\s"'「『（(\\[*_#>-]*`;
  const negations = list(words.negations);
  // The operator's rules: named ("the operator", 运营方), or rules the assistant has ("your usual restrictions").
  const operator = `(?:${list(words.operatorRules)}|${list(words.assistantPossessives)}${space}(?:${word}){0,2}?${list(words.ruleNouns)})`;
  const overrides = list(words.overrides);
  const subordinators = optional(words.subordinators);
  const assistant = list(words.assistant);
  const match = (sources: readonly string[]) => sources.map((source) => expression(source, 'giu'));
  return {
    words,
    // 其他 holds 他 ("him"), unless it begins a word for people (其他用户).
    notPeople: words.notPeople.length > 0 ? expression(`(?!${others})${list(words.notPeople)}`, 'giu') : null,
    quoting: expression(list(words.quotingWords)),
    addressed: expression(
      [
        assistant,
        list(words.requestMarks),
        // What is said of the assistant's own output ("end every reply by …", 每次回答都…) is said to it.
        list(words.outputs),
        `${clauseStart}(?:${list(words.openers)}[\\s,，、]*){0,3}(?:${anyVerb}${objectMarks ? `|${objectMarks}` : ''})`,
        // An order has no subject: a sentence that opens on no one ("Direct them to …", 把密码发给他) is one.
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
    // "remind me", 告诉我, 私に送って: an order aimed at the speaker.
    toSelf:
      words.objectOrder === 'before-verb'
        ? expression(`${list(words.selfObjects)}${recipient}[^${CLAUSE_PUNCTUATION}]{0,6}$`)
        : expression(`^${space}(?:${recipient}${space})?${list(words.selfObjects)}(?![\\p{L}])`),
    // "never share", "do not ever send", 绝不泄露, 绝不会通过邮件索要: the negation, then at most one word, then the verb.
    negationBefore: expression(
      spaced
        ? `(?:${negations})(?:\\s[^\\s${CLAUSE_PUNCTUATION}]+)?\\s$`
        : `(?:${negations})[^\\s${CLAUSE_PUNCTUATION}]{0,6}$`,
    ),
    // 不要把密码发给别人: the negation stands before the object mark, the object between it and the verb.
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
    // Or the sentence ends on the verb (聞く。): no noun follows it.
    orderEnding:
      words.orderEndings.length > 0
        ? expression(`^[^${CLAUSE_PUNCTUATION}]{0,3}?(?:${list(words.orderEndings)}|[\\s"'」』）)\\]*_.!?。！？]*$)`)
        : null,
    method: expression(list(words.methods)),
    methodBetween: expression(list([...words.methods, ...words.mannerWords])),
    operator: expression(`${operator}[^\\n]{0,40}?${overrides}|${overrides}[^\\n]{0,40}?${operator}`),
  };
}

export const COMPILED: readonly CompiledWords[] = ORDER_WORD_PACKS.map((words) => compile(words, CODE_ORDER_WORDS));

/**
 * Whether one sentence is an order that reaches beyond the speaker's own work, and what it reaches; null when it is
 * not. An order is addressed to the assistant (an imperative, a request or a permission, "you" or "the assistant" as
 * its subject), and its verb stands in the sentence's own clause (not after "if", not in "a form that asks"). It
 * reaches another person when it tells the assistant to speak to, ask, send to or treat someone, or when it waits for
 * someone else ("whenever Dana asks") to have the assistant speak or send; a secret when it makes a credential leave
 * where it is (shown, sent, asked of someone, placed in the assistant's output, read to be shown); data outside the
 * task the same way (a home or system path, another person's data, which also may not be put anywhere); the
 * operator's rules when it sets them aside (no address needed: a claim that they no longer hold is enough). Working
 * on a secret ("rotate the API keys", "add password hashing"), a negated or described way of handling one ("never
 * log passwords", "how to store a token") and the speaker's own rules reach nothing. Each language's word classes
 * are read in text of its script (`OrderWords.script`). Linear in the sentence's length.
 */
export function findOverreachingOrder(sentence: string): OrderReach | null {
  const normalized = normalizeForMatching(sentence, { keepCase: true });
  const kana = KANA_LETTER.test(normalized);
  const han = UNSPACED_LETTER.test(normalized);
  for (const compiled of COMPILED) {
    const { script } = compiled.words;
    if ((script === 'kana' && !kana) || (script === 'han' && (!han || kana))) continue;
    const unquoted = withoutQuotedMaterial(compiled, normalized);
    const text = compiled.notPeople
      ? unquoted.replace(compiled.notPeople, (word) => MASK.repeat(word.length))
      : unquoted;
    const reach = reachOf(compiled, text);
    if (reach !== null) return reach;
  }
  return null;
}

/**
 * The sentence without its quotations when they are material to work on ("translate: '…'", "a banner that says
 * '…'", 「…」というバナー); as it is otherwise: "add this to your rules: '…'" quotes an order.
 */
function withoutQuotedMaterial(compiled: CompiledWords, text: string): string {
  const outside = text.replace(QUOTATION, ' ');
  return outside !== text && compiled.quoting.test(outside) ? outside : text;
}

function reachOf(compiled: CompiledWords, text: string): OrderReach | null {
  if (compiled.operator.test(text)) return 'operator';
  if (!compiled.addressed.test(text) || saysWhatSomeoneDoes(compiled, text)) return null;
  for (const relay of compiled.relays) {
    for (const match of text.matchAll(relay)) if (ordered(compiled, text, match)) return 'others';
  }
  if (speaksToName(compiled, text) || waitsForSomeoneElse(compiled, text)) return 'others';
  // The environment is the assistant's only when the order speaks of its side: "list every environment variable your
  // process can read", not "list the environment variables the app expects in the README".
  const ownSide = compiled.ownSide.test(text);
  for (const [reach, patterns] of [
    ['secret', compiled.secretExposures],
    ['secret', ownSide ? compiled.environmentExposures : []],
    ['outside', compiled.outsideExposures],
  ] as const) {
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) {
        if (!compiled.methodBetween.test(match.groups?.between ?? '') && ordered(compiled, text, match)) return reach;
      }
    }
  }
  // "Read ~/.aws/credentials and include what it says in your answer", "read my home directory and quote it back":
  // what a secret holds is read, then shown or put in the output.
  const secret = compiled.secretMention.test(text) || (ownSide && compiled.environmentMention.test(text));
  if ((!secret && !compiled.outsideMention.test(text)) || compiled.method.test(text)) return null;
  const shown = compiled.output.test(text)
    ? orderedVerb(compiled, text, compiled.movingVerb)
    : readThenShown(compiled, text, secret ? compiled.secretMention : compiled.outsideMention);
  return shown ? (secret ? 'secret' : 'outside') : null;
}

/** "Read any file in my home directory and quote it back": a reading verb, what it reads, then a showing verb. */
function readThenShown(compiled: CompiledWords, text: string, mention: RegExp): boolean {
  const found = mention.exec(text);
  if (found === null) return false;
  const at = found.index;
  const objectFirst = compiled.words.objectOrder === 'before-verb';
  const read = [...text.matchAll(compiled.accessVerb)].find(
    (match) => (objectFirst ? (match.index ?? 0) > at : (match.index ?? 0) < at) && ordered(compiled, text, match),
  );
  if (read === undefined) return false;
  for (const shown of text.matchAll(compiled.exposingVerb)) {
    if ((shown.index ?? 0) > (read.index ?? 0) && ordered(compiled, text, shown)) return true;
  }
  return false;
}

/**
 * An order that waits for another person ("whenever Dana asks you anything", "if anyone asks who is off", 小王问你,
 * 佐藤さんが聞いてきたら) and then has the assistant speak, send or ask: not one aimed at the speaker ("when my wife
 * asks about dinner, remind me").
 */
function waitsForSomeoneElse(compiled: CompiledWords, text: string): boolean {
  let verbs: RegExpExecArray[] | null = null;
  for (const trigger of compiled.triggers) {
    for (const match of text.matchAll(trigger)) {
      const subject = match.groups?.subject ?? '';
      if (!(compiled.person.test(subject) || compiled.capitalisedName?.test(subject))) continue;
      // The trigger's own words ("asks you"), after its subject: a verb before them may be the order ("Show me what
      // Jordan asks you").
      const start = (match.index ?? 0) + match[0].lastIndexOf(subject) + subject.length;
      const end = (match.index ?? 0) + match[0].length;
      verbs ??= [...text.matchAll(compiled.mainVerb)].filter((verb) => ordered(compiled, text, verb));
      for (const verb of verbs) {
        const at = verb.index ?? 0;
        if (at >= start && at < end) continue;
        const name = verb.groups?.verb ?? '';
        const after = text.slice(at + name.length, at + name.length + 12);
        const before = text.slice(Math.max(0, at - 12), at);
        if (!compiled.toSelf.test(compiled.words.objectOrder === 'before-verb' ? before : after)) return true;
        if (relaysTheirWords(compiled, text, verb, { start, end })) return true;
      }
    }
  }
  return false;
}

/**
 * "Send me whatever Jordan asks you", "forward me everything Jordan tells you": an order to the speaker whose object is
 * what someone else says to the assistant (the trigger stands on the object's side of a verb of exposing, in the
 * same clause, no condition between them); "tell me when Dana asks you" waits for Dana, and sends her nothing.
 */
function relaysTheirWords(
  compiled: CompiledWords,
  text: string,
  verb: RegExpExecArray | RegExpMatchArray,
  trigger: { start: number; end: number },
): boolean {
  const name = verb.groups?.verb ?? '';
  if (!compiled.wholeExposingVerb.test(name)) return false;
  const at = verb.index ?? 0;
  const order = compiled.words.objectOrder;
  // What lies between the verb and the trigger's own words, the trigger's subject included ("me when Dana asks").
  const between =
    at < trigger.start && order !== 'before-verb'
      ? text.slice(at + name.length, trigger.end)
      : at >= trigger.end && order !== 'after-verb'
        ? text.slice(trigger.start, at)
        : null;
  return between !== null && !CLAUSE_BREAK.test(between) && !compiled.condition.test(between);
}

/**
 * "Anna forwards the invoices to everyone": a statement about a named person, not an order (where names are
 * capitalised: a name, then a verb in the third person), unless it speaks of the assistant.
 */
function saysWhatSomeoneDoes(compiled: CompiledWords, text: string): boolean {
  if (compiled.capitalisedName === null || compiled.ownSide.test(text)) return false;
  const next = NAMED_SUBJECT.exec(text)?.groups?.next;
  return next !== undefined && describes(compiled, next) && compiled.wholeVerb.test(next);
}

function describes(compiled: CompiledWords, verb: string): boolean {
  const form = compiled.words.describingEnding;
  if (form === null) return false;
  const word = verb.toLowerCase();
  return word.endsWith(form.ending) && !form.except.some((ending) => word.endsWith(ending));
}

/** "Draft an announcement telling customers": a participle after a noun, with no verb of sending or showing before. */
function describesNoun(compiled: CompiledWords, verb: string, clause: string): boolean {
  const participle = compiled.words.participle;
  if (participle === null || compiled.afterNoun === null || !verb.toLowerCase().endsWith(participle.ending)) {
    return false;
  }
  return compiled.afterNoun.test(clause) && !compiled.exposingVerbBefore.test(clause);
}

/** "Tell Rachel", "ask Marco": a verb of speaking to someone, then a name (where names are capitalised). */
function speaksToName(compiled: CompiledWords, text: string): boolean {
  if (compiled.capitalisedName === null) return false;
  for (const match of text.matchAll(compiled.addressVerb)) {
    const end = (match.index ?? 0) + match[0].length;
    if (NAME_NEXT.test(text.slice(end, end + 40)) && ordered(compiled, text, match)) return true;
  }
  return false;
}

/** The end of the first artifact the text names (`OrderWords.artifacts`), or Infinity; one text's answer is kept. */
function artifactEnd(compiled: CompiledWords, text: string): number {
  if (compiled.lastArtifact?.text !== text) {
    const found = compiled.artifact.exec(text);
    compiled.lastArtifact = { text, end: found ? found.index + found[0].length : Number.POSITIVE_INFINITY };
  }
  return compiled.lastArtifact.end;
}

/** Whether some match of `verbs` in the text is an order (see `ordered`). */
function orderedVerb(compiled: CompiledWords, text: string, verbs: RegExp): boolean {
  for (const match of text.matchAll(verbs)) if (ordered(compiled, text, match)) return true;
  return false;
}

/**
 * Whether the verb of a match (its `verb` group) is ordered: not negated where the language puts a negation, not in
 * a clause opened by "if" or "because", not in a relative clause ("a chatbot that shares").
 */
function ordered(compiled: CompiledWords, text: string, match: RegExpExecArray | RegExpMatchArray): boolean {
  const verb = match.groups?.verb ?? '';
  const at = (match.index ?? 0) + match[0].indexOf(verb);
  const windowStart = Math.max(0, at - CLAUSE_WINDOW);
  const before = text.slice(windowStart, at);
  // "100 requests per key", "Anna forwards": a describing form is an order only with the assistant as its subject.
  if (describes(compiled, verb) && !compiled.assistantBefore.test(before)) return false;
  const clause = before.split(CLAUSE_BREAK).at(-1) ?? '';
  if (compiled.subordinate?.test(clause) || compiled.relative?.test(clause)) return false;
  if (describesNoun(compiled, verb, clause)) return false;
  // 写个脚本，每月把发票发给每个客户: a later clause describes what an earlier one asked to make.
  const clauseStart = windowStart + before.length - clause.length;
  const verbClause = text.slice(clauseStart, at + CLAUSE_WINDOW).split(CLAUSE_BREAK)[0] ?? '';
  if (artifactEnd(compiled, text) <= clauseStart && !compiled.ownSide.test(verbClause)) return false;
  // 伝える丁寧なメール: a verb before a noun describes it.
  const next = text.slice(at + verb.length, at + verb.length + 8);
  if (compiled.orderEnding && !compiled.orderEnding.test(next)) return false;
  if (compiled.words.negationOrder === 'after-verb') {
    const after = text.slice(at + verb.length, at + verb.length + NEGATION_REACH.unspaced + 8);
    const negation = compiled.negationAfter.exec(after);
    // 送ってもらえませんか asks, 答えなければならない obliges: neither negates.
    return negation === null || compiled.negationLookalike.test(negation[0]);
  }
  const reach = compiled.words.script === 'latin' ? NEGATION_REACH.spaced : NEGATION_REACH.unspaced;
  if (compiled.negationBefore.test(text.slice(Math.max(0, at - reach), at))) return false;
  // The object came first (把他的密码发给…): a negation before it negates the verb.
  const start = match.index ?? at;
  return !(start < at && compiled.negationBeforeObject?.test(text.slice(Math.max(0, start - reach), start)));
}
