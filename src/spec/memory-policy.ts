import type { MemorySource } from './memory-source.js';

/** What a text would become in memory. */
export type MemoryKind = 'task' | 'clarification' | 'fact' | 'summary';

/**
 * The checks of the default policy that can be turned off (`defaultMemoryPolicy({ allow })`). Whether a text is a
 * string, empty or over its cap is no check of a policy: the stack holds every policy to it.
 */
export type MemoryCheckName =
  | 'injection'
  | 'preamble'
  | 'error-text'
  | 'markup'
  | 'question'
  | 'too-short'
  | 'repetitive'
  | 'not-language'
  | 'instruction'
  | 'order';

/** A text on its way into memory, as the stack hands it to the policy. */
export interface MemoryCandidate {
  /** As the extractor, the model or the application gave it: not cleaned yet. */
  text: string;
  kind: MemoryKind;
  /**
   * Whose words: the user's message, an assistant reply (or a tool's output or web page it quotes), or the
   * application itself (`facts.add`, `setPin`, an import of its own export).
   */
  source: MemorySource;
  /** The cap for this kind, in grapheme clusters (`MemoryLimits`). */
  maxChars: number;
  /** For a clarification: the question it answers. */
  question?: string | null | undefined;
  /** For a clarification: the task it adds to. */
  task?: string | null | undefined;
}

/** Sentences a policy took out of a task or an answer, each with why. */
export type DroppedSentences = ReadonlyArray<{ text: string; reason: string }>;

/**
 * The policy's answer. Admitted: the text to store (cleaned; for a task or an answer, what is left once the sentences
 * in `dropped` are taken out). Refused: a short excerpt of the text and why (and, when every sentence was taken
 * out, each of them), for the `output-rejected` event or the `InvalidInputError` of `facts.add`.
 */
export type MemoryVerdict =
  | { ok: true; text: string; dropped?: DroppedSentences | undefined }
  | { ok: false; text: string; reason: string; dropped?: DroppedSentences | undefined };

/** A statement that may replace stored facts: a new fact, or a statement of the user's own message. */
export interface SupersedeStatement {
  text: string;
  /** True for a statement of the user's own message (which may leave out its subject); false for a fact. */
  byUser: boolean;
}

/**
 * What may become memory, and what a new statement replaces: the port for the memory gate and the supersede
 * decision. The stack asks it on every path (an extractor's output, `facts.add`, `setPin`, imports, summaries);
 * `defaultMemoryPolicy()` is today's rules, and a policy of your own usually wraps it (decision 31).
 * Every method is synchronous and must not throw for any text: the stack calls them inside a turn's extraction,
 * where a throw means "no memory this turn", and in `facts.add`, where it reaches the caller.
 */
export interface MemoryPolicy {
  /** Whether a text may become memory, and as what text. */
  admit(candidate: MemoryCandidate): MemoryVerdict;
  supersede: {
    /** The statements of a user's message read for what they replace (its sentences and clauses). */
    statements(message: string): string[];
    /**
     * Search terms for stored facts a statement may replace, which may share no word with it ("moved to Berlin",
     * "lives in Paris"); empty when it replaces nothing (then no search is made).
     */
    cues(statement: SupersedeStatement): string[];
    /** The ids among `known` (live facts of the scope) that the statement replaces. */
    find(statement: SupersedeStatement, known: ReadonlyArray<{ id: number; text: string }>): number[];
  };
}
