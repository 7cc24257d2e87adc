import { KANA_LETTER, UNSPACED_LETTER } from '../text/scripts.js';
import {
  CLAUSE_BREAK,
  CLAUSE_WINDOW,
  COMPILED_ORDER_WORDS,
  type CompiledWords,
  NEGATION_REACH,
} from './compile-order-words.js';
import { normalizeForMatching } from './normalize-for-matching.js';

/**
 * What an order reaches beyond the speaker's own work: another person (the assistant told to speak to, ask or treat
 * someone, or an order that waits for someone else to ask), a credential or secret, data outside the task (a home or
 * system path, another person's data), or the operator's rules.
 */
export type OrderReach = 'others' | 'secret' | 'outside' | 'operator';

/** A sentence that opens on a capitalised word and another word: the name, and what may be its verb. */
const NAMED_SUBJECT = /^[\s"'([*_#>-]*\p{Lu}\p{Ll}+\s(?<next>\p{Ll}+)/u;
/** A capitalised word right after a verb: a name. */
const NAME_NEXT = /^\s\p{Lu}\p{Ll}+(?![\p{L}'’])/u;
/** Masks a word that holds a word for a person but names no one; the length is kept. */
const MASK = '\u3007';
/** A quotation, after normalisation (typographic double quotes are plain ones). */
const QUOTATION = /"[^"\n]{1,500}"|「[^」\n]{1,500}」|『[^』\n]{1,500}』/g;

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
  for (const compiled of COMPILED_ORDER_WORDS) {
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
 * '…'", a banner quoted in Japanese corner brackets); as it is otherwise: "add this to your rules: '…'" quotes an order.
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
 * An order that waits for another person ("whenever Dana asks you anything", "if anyone asks who is off", "Xiao Wang
 * asks you", "when Sato-san asks") and then has the assistant speak, send or ask: not one aimed at the speaker ("when my wife
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
  // "Write a script; each month, send the invoices to every customer": a later clause describes what an earlier one asked to make.
  const clauseStart = windowStart + before.length - clause.length;
  const verbClause = text.slice(clauseStart, at + CLAUSE_WINDOW).split(CLAUSE_BREAK)[0] ?? '';
  if (artifactEnd(compiled, text) <= clauseStart && !compiled.ownSide.test(verbClause)) return false;
  // In Japanese a verb before a noun describes it ("a polite email that tells").
  const next = text.slice(at + verb.length, at + verb.length + 8);
  if (compiled.orderEnding && !compiled.orderEnding.test(next)) return false;
  if (compiled.words.negationOrder === 'after-verb') {
    const after = text.slice(at + verb.length, at + verb.length + NEGATION_REACH.unspaced + 8);
    const negation = compiled.negationAfter.exec(after);
    // A Japanese "won't you send" asks, a "must not fail to answer" obliges: neither negates.
    return negation === null || compiled.negationLookalike.test(negation[0]);
  }
  const reach = compiled.words.script === 'latin' ? NEGATION_REACH.spaced : NEGATION_REACH.unspaced;
  if (compiled.negationBefore.test(text.slice(Math.max(0, at - reach), at))) return false;
  // The object came first ("his password, send it to …"): a negation before it negates the verb.
  const start = match.index ?? at;
  return !(start < at && compiled.negationBeforeObject?.test(text.slice(Math.max(0, start - reach), start)));
}
