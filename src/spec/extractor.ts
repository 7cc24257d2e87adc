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
  /** 0-4 durable facts about the user or project, in the user's language. */
  facts?: string[] | undefined;
  /** Ids from `knownFacts` that the new facts contradict. */
  supersedes?: number[] | undefined;
}

/** Turns one exchange into memory. Runs in the background, after the reply. */
export interface Extractor {
  readonly specificationVersion: 'v1';
  readonly name: string;
  extract(input: ExtractionInput, options: { signal: AbortSignal }): Promise<Extraction>;
}
