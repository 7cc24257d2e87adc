/** What an extractor sees after one exchange. */
export interface ExtractionInput {
  /** The user's message, without sender metadata. */
  userText: string;
  /** The reply to it. */
  assistantText: string;
  /** Set when the session has no pinned task yet: the message to distil the task from. */
  taskSource: string | null;
  /** Set when the previous assistant turn asked the user a real question: that question. */
  question: string | null;
  /** The session's pinned task, for context. */
  pinned: string | null;
  /** Stored facts related to this exchange, so that the extractor can say which a new fact supersedes. */
  knownFacts: ReadonlyArray<{ id: number; text: string }>;
  /** False for small talk: then only the task and the clarification are wanted. */
  wantFacts: boolean;
}

/**
 * What an extractor returns. memstack validates it before storing anything: a task or fact that does
 * not validate is dropped, never stored.
 */
export interface Extraction {
  /** The core task (goals, constraints, parameters, deliverables) in the user's language; only when asked. */
  task?: string | null | undefined;
  /** The user's answer to `question`, as a short statement to append to the pin; null when it was no answer. */
  clarification?: string | null | undefined;
  /**
   * 0-4 durable facts about the user or project, in the user's language: each its text, or its text with a few search
   * keywords (`ExtractedFact`).
   */
  facts?: Array<string | ExtractedFact> | undefined;
  /** Ids from `knownFacts` that the new facts contradict. */
  supersedes?: number[] | undefined;
}

/**
 * A fact with the words a later question may use for it instead of its own ("puppy", "dog", "pet" for "Maria's new
 * pup, Shadow"). The keywords are only indexed, at the weight of the fact's context, never shown to a model; memstack
 * keeps a few short ones and drops the rest (`readSearchKeywords`), never the fact for them.
 */
export interface ExtractedFact {
  text: string;
  keywords?: readonly string[] | undefined;
}

/** What a summariser sees when a session's history is compressed. */
export interface SummaryInput {
  /** The summary of even older turns, if an earlier compression wrote one: the new summary replaces it. */
  previousSummary: string | null;
  /** The turns to summarise, oldest first. */
  turns: ReadonlyArray<{ role: 'user' | 'assistant'; text: string }>;
  pinned: string | null;
}

/** Turns one exchange into memory. Runs in the background, after the reply. */
export interface Extractor {
  readonly specificationVersion: 'v1';
  readonly name: string;
  extract(input: ExtractionInput, options: { signal: AbortSignal }): Promise<Extraction>;
  /**
   * Summarises older turns for compression: decisions, facts, open questions, and the options the assistant offered
   * with the one the user chose. Optional: without it, a session is never compressed.
   */
  summarize?(input: SummaryInput, options: { signal: AbortSignal }): Promise<string>;
}
