/** Anthropic's prompt-cache marker. */
export interface CacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** A text content block in the Anthropic Messages shape. */
export interface TextBlock {
  type: 'text';
  text: string;
  cache_control?: CacheControl;
}

/** One message in the Anthropic Messages shape; memstack always uses an array of text blocks. */
export interface MessageParam {
  role: 'user' | 'assistant';
  content: TextBlock[];
}

/** `{ system, messages }` ready for the Anthropic Messages API (or converted by an adapter). */
export interface PreparedRequest {
  system: TextBlock[];
  messages: MessageParam[];
}

export type PromptLayout = 'cache-aware' | 'seed';

/** A cache breakpoint memstack adds to a caller's request (`decorate`): after the pin, and at the history's tail. */
export type MemoryBreakpoint = 'pin' | 'history';

/** Token counts of the parts of a prepared request, from the stack's tokenizer. */
export interface TokenBreakdown {
  /** The base system prompt. */
  system: number;
  /** The pinned task at the tail of the system prompt. */
  pin: number;
  /** The compression summary in the system prompt. */
  summary: number;
  /** The `<task_recap>` block, without the facts and the recalled turns inside it. */
  recap: number;
  /** The injected facts, wherever the layout puts them. */
  facts: number;
  /** The recalled older turns in the recap, with their heading (0 unless `turnRecall` is on). */
  recalled: number;
  /** Earlier turns, as sent (trimmed). */
  history: number;
  /** The current user message's own text. */
  message: number;
  total: number;
  /** (pin + summary + recap + facts + recalled) / total. */
  memoryShare: number;
}

export interface SessionRef {
  key: string;
  uuid: string;
  isNew: boolean;
}

export interface InjectedFact {
  id: number;
  text: string;
  /** Its ranking score (higher is better, comparable within one turn); null when it was chosen by recency. */
  score: number | null;
}

/**
 * A turn older than the history window brought back into the recap because it matches the message (turn recall):
 * `text` is the snippet sent, cut around the matching words, not the whole stored turn.
 */
export interface RecalledTurn {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  createdAt: Date;
}

/** Where the injected facts came from: a relevance search of the message, or (no usable term) the most recent. */
export type FactsSource = 'relevance' | 'recency';

/** What `prepare` returns: the request to send, and what memory went into it. Pass it back to `record`. */
export interface PreparedTurn {
  request: PreparedRequest;
  session: SessionRef;
  pinned: string | null;
  facts: InjectedFact[];
  factsSource: FactsSource;
  tokens: TokenBreakdown;
  /** The input as memstack will store it (cleaned of invalid Unicode and control characters). */
  input: TurnInput;
  /** The question of the previous assistant turn that this message answers, if it asked one. */
  answersQuestion: string | null;
  /** Older turns recalled into the recap, oldest first (empty unless the `turnRecall` limit is above 0). */
  recalled: RecalledTurn[];
}

export interface TurnInput {
  agentId: string;
  channelId?: string | undefined;
  threadId?: string | undefined;
  userId?: string | undefined;
  text: string;
}
