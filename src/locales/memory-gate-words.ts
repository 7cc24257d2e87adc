import type { PhraseRule } from './phrase-rule.js';

/**
 * A language's words for the memory gate (decision 12), beside its order words and injection phrases: what its error
 * reports say, how it orders the assistant about and states a preference about answers, how a model wraps a list of
 * facts in it. Entries of word lists are plain text as `compileWordList` reads them (normalised like the text; a
 * trailing `*` takes up to 12 more Latin letters); patterns are tested on the text normalised for matching.
 */
export interface LocaleMemoryGate {
  /** The words of error reports and of people who write about one (`isErrorReport`). */
  readonly errorWords?: LocaleErrorWords;
  /** How a text tells the assistant how to behave, or states the user's preference about answers. */
  readonly assistantInstructions?: LocaleAssistantInstructions;
  /**
   * Lines that introduce, wrap or replace a list of facts instead of stating one ("Here are the key facts:", "No new
   * facts."), and a model's refusals and asides ("As an AI…"): no fact. Each anchored at the start, cheap to run.
   */
  readonly factPreambles?: readonly RegExp[];
}

/** What failing calls print in a language, and what a person writes around an error they talk about. */
export interface LocaleErrorWords {
  /** Phrases of error output: a text that starts with one is an error report (too many requests, 请求失败). */
  readonly strongSignatures?: readonly string[];
  /** Ordinary words of error output (overloaded, 失败): they count only when the whole text is made of them. */
  readonly weakSignatures?: readonly string[];
  /**
   * Words a person writes around an error ("fix", "our", 修复): no provider or library prints them, so one outside
   * the signatures makes the text a mention, not a report.
   */
  readonly writerWords?: readonly string[];
  /**
   * The glue of error texts (sorry, please, the): neutral either way. Single words, compared with the text's words as
   * the gate reads them: Latin words in lower case without accents, and Han or kana one letter at a time (so an entry
   * of two such letters, 您的, never matches).
   */
  readonly filler?: readonly string[];
  /** What may stand before the signature of a text that starts with one ("Sorry, …"): single words, as `filler`. */
  readonly leading?: readonly string[];
  /** An error label opening a text ("Error:", "Failed:"), anchored at the start. */
  readonly labels?: readonly RegExp[];
}

/**
 * The pieces the gate gives a pack to build its patterns of orders from: the same for every language, so that the
 * pack holds only its words and where they stand.
 */
export interface InstructionPatternKit {
  /** The source of a pattern matching any one entry of a word list (`compileWordList`). */
  readonly words: (entries: readonly string[]) => string;
  /** Quotes, brackets, bullets and marks that may open a sentence, repeated. */
  readonly leading: string;
  /** The start of the text or of a sentence, then what may open one. */
  readonly sentenceStart: string;
  /** The start of the text, of a sentence or of a clause (after a comma or a dash), then what may open one. */
  readonly clauseStart: string;
  /** A label before an order at the start of a text ("Important:"), optional. */
  readonly label: string;
}

/**
 * Orders about how the assistant behaves ("Always answer in French"), and the user's stated preference about answers
 * ("User wants answers in French"). Only communication counts: "Always use pnpm" is the user's rule, not an order
 * about the assistant's behaviour.
 */
export interface LocaleAssistantInstructions {
  /** Sources of patterns, each finding an order addressed to the assistant wherever it matches. */
  readonly orders: (kit: InstructionPatternKit) => readonly string[];
  /**
   * A request that is an order unless the text opens on the user or the user's team (a Japanese request ending
   * after a verb of speaking): `request` finds it, `userStart` vetoes it.
   */
  readonly requests?: (kit: InstructionPatternKit) => { readonly request: string; readonly userStart: string };
  /**
   * Sources of patterns that find the assistant addressed anywhere in a fact ("you answer", "your answers", 你的回答,
   * あなたの回答, "tus respuestas"): an order, unless the fact states the user's own preference about answers
   * (`preferences`), which names the assistant the same way ("User prefers that you answer in Spanish").
   */
  readonly addressed?: (kit: InstructionPatternKit) => readonly string[];
  /** The user's preference about answers, as phrase rules: the user, then preferring, then answers (any order the language has). */
  readonly preferences: readonly PhraseRule[];
}
