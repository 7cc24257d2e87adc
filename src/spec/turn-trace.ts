import type { FactsSource, MemoryBreakpoint, TokenBreakdown } from './prepared-turn.js';
import type { WireFormatName } from './wire-format.js';

/**
 * What memory went into one exchange, recorded with its reply (`ExchangeWrite.trace`) so that an inspector can show
 * it later: the facts injected and their scores, the recalled turns, the token breakdown. Numbers and ids only; the
 * texts sent are in `SentPrompt`.
 */
export interface TurnTrace {
  /** `prepare` (memstack's history) or `decorate` (the caller's conversation). */
  via: 'prepare' | 'decorate';
  factsSource: FactsSource;
  /** The facts injected, in the order sent, with their ranking score (null: chosen by recency, not relevance). */
  facts: Array<{ id: number; text: string; score: number | null }>;
  /** Ids of the older turns recalled into the recap. */
  recalled: number[];
  tokens: TokenBreakdown;
  /** Whether the reply's usage came from the provider or from memstack's prompt-cache simulator. */
  usageSource: 'provider' | 'estimate';
  /** Model calls in the exchange: more than 1 for a tool loop. */
  steps: number;
  /** memstack's cache breakpoints that the limit of 4 left no room for (a caller's request). */
  droppedBreakpoints: MemoryBreakpoint[];
}

/**
 * The request as it was sent for an exchange (the last step of a tool loop): the system prompt and the current turn
 * exactly, the earlier messages by count (they are the session's own turns, or the caller's transcript, which
 * memstack does not copy). Dropped when a `forget` touches the session, since the pin and the recap in it may
 * quote a forgotten user.
 */
export interface SentPrompt {
  format: WireFormatName;
  /**
   * The system prompt as sent: Anthropic's `system` (a string or text blocks, with their `cache_control`); for
   * OpenAI, the system and developer messages that open the list, memstack's pin message among them.
   */
  system: unknown;
  /** How many messages came between the system prompt and the current turn. */
  earlierMessages: number;
  /** The current turn and what followed it in the request (a tool loop's calls and results), as sent. */
  current: unknown[];
}

/**
 * A `SentPrompt` as a store keeps it (`serializeSentPrompt`): JSON texts, with large binary payloads (base64 images
 * and documents) replaced by a note of their size. `systemHash` identifies the system prompt's text, which a session
 * repeats turn after turn: a store keeps each distinct one once per session.
 */
export interface StoredSentPrompt {
  format: SentPrompt['format'];
  system: string;
  systemHash: string;
  earlierMessages: number;
  current: string;
}
