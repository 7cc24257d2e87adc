/**
 * The kinds of durable fact the heuristic extractor keeps: what a statement is about decides how it is restated
 * ("ルールです" is a rule, "我老婆…" a personal fact).
 */
export type FactKind =
  | 'preference'
  | 'decision'
  | 'constraint'
  | 'environment'
  | 'personal'
  | 'schedule'
  | 'goal'
  | 'change'
  | 'rule';

/**
 * What the heuristic extractor knows of a language: how its sentences open and close politely, say a fact, split into
 * clauses, and are restated about the user in the third person. One pack reads each sentence (`readingPack` in
 * `locale-table.ts`); the patterns that only skip text (hypotheses, asides, ephemeral words) are every pack's at once.
 */
export interface LocaleExtraction {
  /**
   * Whether a text is this language's by its script alone (kana for Japanese). Packs without it read the text
   * their stop words claim (decision 30); at most one pack's `claims` holds for a text.
   */
  readonly claims?: (text: string) => boolean;
  /**
   * Words of this language, lower case, that tell a text without a script of its own (Latin) to be this language
   * besides its stop words (`search.stopWords`), which a text's language is told by too: the pack with the most of
   * them in a text reads it, the first in the table's order on a tie.
   */
  readonly languageWords?: readonly string[];
  /**
   * Letters, marks and word endings only this language's Latin text has ("ñ", "¿", a verb in "-amos"), global: each
   * counts as one of its words.
   */
  readonly languageMarks?: RegExp;
  /** Greetings, thanks and laughter that open or close a sentence without adding to it. */
  readonly courtesy?: { readonly opening: RegExp; readonly closing: RegExp };
  /**
   * Openers announcing an aside ("by the way", "对了"): the fact follows them. A regular-expression source, an
   * alternation; the separator after it is shared.
   */
  readonly asides?: string;
  /** Openers of conditions, hypotheses and hedges ("if", "如果", "もし"): an alternation, tested case-insensitively. */
  readonly hypotheticals?: string;
  /** Detail true only now (today, this error): tested on case-folded text. */
  readonly ephemeral?: RegExp;
  /** "Now" before a lasting state ("现在用 Neovim"), global: taken out before `ephemeral` is tested. */
  readonly durableNow?: RegExp;
  /** A clause that says what holds now, and one that says what no longer holds. */
  readonly changeMarkers?: { readonly now: RegExp; readonly noLonger: RegExp };
  /** Openers with which an answer leaves the question behind ("never mind", "算了"): an alternation. */
  readonly changesSubject?: string;
  /** The clause without filler words and times relative to now ("by the way", "last week"). */
  readonly dropFiller?: (clause: string) => string;
  /** The clauses of a sentence, each able to stand alone (the subject repeated where it is shared). */
  readonly splitClauses?: (sentence: string) => string[];
  /** Whether a clause is left unfinished (a Japanese te-form): no fact. */
  readonly unfinished?: RegExp;
  /** The statements of a durable fact, in order, tested on case-folded text: the first match gives the kind. */
  readonly factRules: ReadonlyArray<readonly [FactKind, RegExp]>;
  /** How the fact rules see a text, when more than case is folded (Spanish without accents). */
  readonly foldForRules?: (text: string) => string;
  /** The clause stated so that it says whom it is about, in the first person, or null when that cannot be told. */
  readonly restate?: (clause: string, kind: FactKind) => string | null;
  /** The statement about the user in the third person ("I prefer pnpm" → "User prefers pnpm"), or null. */
  readonly inThirdPerson?: (text: string) => string | null;
}
