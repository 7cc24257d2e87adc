import type { LocaleExtraction } from './locale-extraction.js';
import type { LocaleMemoryGate } from './memory-gate-words.js';
import type { OrderWords } from './order-words.js';
import type { PhraseRule } from './phrase-rule.js';

/**
 * All that memstack knows about one language, in one object: the words and rules its shared logic reads. Each locale
 * is a folder of `src/locales/` exporting one pack, registered in `locale-table.ts`; the logic in `src/core/` and
 * `src/extractors/` holds no word of any language and reads the packs through the table (decision 30).
 * A field a language has no knowledge for is left out (Korean has no stemmer), never filled with another language's.
 */
export interface LocalePack {
  /** The BCP 47 language subtag: `en`, `zh`, `ja`, `ko`. */
  readonly code: string;
  /** The language's English name, for messages and docs. */
  readonly name: string;
  /** How the language is searched: what a query drops, how a word is brought to its index form. */
  readonly search: LocaleSearch;
  /** How the language names a month or a date, for the calendar terms of a query. */
  readonly dates?: LocaleDates;
  /** The question words that ask for a time, a frequency or a quantity, and the words that say one. */
  readonly answerKinds?: LocaleAnswerKinds;
  /** What the pronouns of the speaker and of the one spoken to look like (whose words a question asks about). */
  readonly persons?: LocalePersons;
  /** What is not a real question in an assistant's reply: closing pleasantries, a question it answers itself. */
  readonly questions?: LocaleQuestions;
  /** What states a task: requests, goals, constraints, and the questions that ask for work. */
  readonly task?: LocaleTask;
  /** Small talk and acknowledgements: a message of them alone carries nothing to remember. */
  readonly smallTalk?: LocaleSmallTalk;
  /** The supersede rule's words (decision 23): the forms that fill an exclusive slot, doubt, subjects. */
  readonly facts?: LocaleFacts;
  /** The word classes of orders that reach beyond the speaker's work (decision 27; `order-words.ts`). */
  readonly orders?: OrderWords;
  /** Override and jailbreak phrases (decision 12): a text with one never becomes memory. */
  readonly injectionPhrases?: readonly PhraseRule[];
  /**
   * Letters folded to another before the memory gate matches its phrases (traditional Chinese to simplified), on
   * the text and on the rules alike, so that one word list serves both.
   */
  readonly letterFolding?: ReadonlyMap<string, string>;
  /** How the heuristic extractor reads a statement of a durable fact in this language (`locale-extraction.ts`). */
  readonly extraction?: LocaleExtraction;
  /**
   * The memory gate's other words (decision 12; `memory-gate-words.ts`): error reports and their writers, orders about
   * the assistant's behaviour and preferences about its answers, fact preambles.
   */
  readonly memoryGate?: LocaleMemoryGate;
}

/** The search knowledge of a language (decisions 3 and 15). */
export interface LocaleSearch {
  /**
   * Function words and chat filler, as the query builder splits a message (Chinese and Japanese as the ICU word
   * segmenter returns them, Korean without particles), and the question words: they match everything, and an answer
   * names what was asked about, never "which" or "how many". Never searched.
   */
  readonly stopWords: readonly string[];
  /**
   * Words that point back at the conversation without naming a topic ("what did we decide?"): a message made of them
   * alone asks for what was recently in play, not for a search.
   */
  readonly pastReferenceWords: readonly string[];
  /**
   * Capitalised words that are no names ("I", month and day names), lower case: a message's names are searched with
   * more weight.
   */
  readonly notNames?: readonly string[];
  /** Words never searched by their shape (Japanese particles and endings of one or two hiragana). */
  readonly ignoredWord?: RegExp;
  /**
   * A word without what its language attaches to it that the stored text may not share (a Korean particle):
   * applied to each segmented word of a query. Returns any other word as it is.
   */
  readonly stripAffix?: (word: string) => string;
  /**
   * The full-text index's stemmer for a language written in Latin letters, run on a folded word (lower case, accents
   * off). A document is stemmed by the stemmer of the pack whose `stopWords` it uses most, and a query word is
   * searched under the stems of the query's languages and English's (decision 30); a change of it changes stored
   * tokens (decision 30 says how old rows stay findable). Left out by a language the index bigrams (Chinese,
   * Japanese, Korean).
   */
  readonly indexStem?: (word: string) => string;
}

/** A language's words for dates (the calendar terms themselves are the same in every language: `calendar-terms.ts`). */
export interface LocaleDates {
  /** The twelve month names, January first, lower case. */
  readonly monthNames?: readonly string[];
  /** Abbreviations of month names, lower case, each to its month (0 = January). */
  readonly monthAbbreviations?: Readonly<Record<string, number>>;
  /** The seven day names, Monday first, lower case. */
  readonly dayNames?: readonly string[];
  /**
   * Months whose name or abbreviation is also a common word ("may", "march"): counted only capitalised or next to a
   * number.
   */
  readonly ambiguousMonths?: readonly number[];
  /**
   * A date written with numbers and the language's calendar characters, global: group 1 the year (optional), group
   * 2 the month's number.
   */
  readonly numberedMonth?: RegExp;
}

/** Each pattern is tested on a message's head; a kind of answer counts when any pack's pattern matches. */
export interface LocaleAnswerKinds {
  /** The question words that ask for each kind. */
  readonly asks: Readonly<Partial<Record<'time' | 'frequency' | 'quantity', RegExp>>>;
  /** What says a time, a frequency, a quantity: relative and calendar words, number words (digits say a quantity in any language). */
  readonly says: Readonly<Partial<Record<'time' | 'frequency' | 'quantity', RegExp>>>;
}

/** The speaker's and the addressee's pronouns, as patterns tested on a message. */
export interface LocalePersons {
  readonly first: RegExp;
  readonly second: RegExp;
}

/** Patterns for reading an assistant's reply. */
export interface LocaleQuestions {
  /**
   * Closing pleasantries ("Anything else?"), tested on the question folded to words (lower case, apostrophes kept)
   * and on the same without the spaces between letters of unspaced scripts.
   */
  readonly pleasantries: readonly RegExp[];
  /** The start of a sentence answering the question before it ("Because ..."). */
  readonly selfAnswer?: RegExp;
}

/** Patterns tested on one sentence (apostrophes and backticks as `'`, trimmed). */
export interface LocaleTask {
  /** A statement that sets work: a request, a goal, a constraint, a parameter, a deliverable. */
  readonly statements: readonly RegExp[];
  /** A question that asks for work ("Can you fix the login page?"). */
  readonly requestQuestions: readonly RegExp[];
  /** A question that asks for knowledge: it vetoes this pack's request questions ("explain ..."). */
  readonly knowledgeQuestion?: RegExp;
}

/** A form of a statement that fills an exclusive slot; named groups `subject`, `value`, and `from` or `other`. */
export interface SlotForm {
  readonly pattern: RegExp;
  /** A use or a state (`state`), or a preference: the two are different things ("prefers vim" beside "uses VS Code"). */
  readonly kind: 'state' | 'preference';
  /**
   * "joined X", "moved to X": verbs with other senses, so the value must not name a product or platform (a company
   * still passes: "moved to Google" reads as a move to a place).
   */
  readonly ambiguous: boolean;
}

/** The slots the supersede rule knows: where someone lives, whom they work for, exclusive tool choices. */
export type SlotKind = 'tool' | 'residence' | 'employer';

/** A language's words for the supersede rule (`find-contradicted.ts`). */
export interface LocaleFacts {
  /**
   * The forms per slot. Tools are tried first ("moved to Bun" is a tool change, not a move to a place called Bun),
   * then residence, then employer; within a slot, the packs in the table's order.
   */
  readonly slotForms: Readonly<Partial<Record<SlotKind, readonly SlotForm[]>>>;
  /** Negated, hypothetical, past, partial or conditional words: a statement with one fills no slot. */
  readonly doubt?: RegExp;
  /** The whole subject phrase naming the user, "we", or the user's team or project. */
  readonly self?: RegExp;
  /** The whole subject phrase naming another person (a name, "User's sister"); case matters. */
  readonly named?: RegExp;
  /** Subject phrases that name no one we can tell apart ("he", "someone"). */
  readonly notNamed?: RegExp;
  /** The shape of a place or employer in this language's spaced script (capitalised words). */
  readonly properName?: RegExp;
  /** What makes an unspaced value a phrase rather than a name (a particle, 的). */
  readonly notInName?: RegExp;
  /** Words that "moved to X" or "joined X" may name that are no place (home, here). */
  readonly notPlaces?: readonly string[];
  /** Words that "works at X" may name that are no employer (home, the office, remote). */
  readonly notEmployers?: readonly string[];
  /** Search terms for the facts a statement of a slot may contradict ("moved to Berlin" shares no word with "lives in Paris"), space-separated. */
  readonly slotCues?: Readonly<{ residence?: string; employer?: string }>;
  /**
   * The language's spellings of exclusive tool choices whose names are words (tabs, dark mode): slot to value to
   * spellings, lower case after NFKC. The names every language shares (npm, vim) are in `shared/tool-names.ts`.
   */
  readonly toolSpellings?: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
  /** An article a subject, a tool or a place may start with ("the"), taken off before comparing. */
  readonly leadingArticle?: RegExp;
  /** Words a tool value may start with ("using pnpm"), taken off before comparing. */
  readonly toolValuePrefix?: RegExp;
  /** A word that opens a clause of a message before its statement ("Update:", "Actually,"), unanchored. */
  readonly clauseOpener?: RegExp;
  /** A clause that makes the other clauses of its sentence conditional, hypothetical or partial ("if", "on weekends"). */
  readonly qualifyingClause?: RegExp;
  /**
   * A language that drops the subject of a sentence about oneself: the statement read with the user as its subject
   * when it is in this language, else null. At most one pack reads a statement so.
   */
  readonly withUserAsSubject?: (statement: string) => string | null;
  /** How the language says its subject stopped something (the drop rule, `find-dropped.ts`). */
  readonly drops?: LocaleDrops;
  /** The owner in a possessive subject ("User's sister" → "User", "用户的妹妹" → 用户), or null. */
  readonly possessor?: (subject: string) => string | null;
  /**
   * The doubt words are also words and names of other languages in the same script (Spanish "y", "sin", "era" in
   * "Y Combinator", "Sin City"): they qualify a statement only when this pack reads it. Without it, in any language.
   */
  readonly doubtWhenRead?: boolean;
}

/** What a statement in this language says its subject stopped: "User no longer uses VS Code", "ya no fumo". */
export interface LocaleDrops {
  /**
   * The subject phrase (undefined when the statement has none: its speaker's), what was left as written, and
   * whether it was a home or an employer ("left Paris"), or null when the statement says no such thing.
   */
  readonly read: (statement: string) => { subject?: string; value: string; place: boolean } | null;
  /** The subject phrase of a stored fact in this language ("User" in "User no longer uses npm"), or null. */
  readonly factSubject: (fact: string, ownerKey: (subject: string) => string | null) => string | null;
}

/** Phrases of small talk, each a regular-expression source matching one word or phrase, folded to words. */
export interface LocaleSmallTalk {
  readonly phrases: readonly string[];
  /** Whether a phrase must end at a word's end (spaced scripts), or may run into the next (Chinese, Japanese). */
  readonly wholeWords: boolean;
}
