import type { ChatPath } from './chat-model.js';
import type { Fact } from './fact.js';
import type { FactScope } from './scope.js';
import type { CacheMissReason, Usage } from './usage.js';

export type ExtractionFailure = 'timeout' | 'error' | 'invalid-output';

/** What the stack tells an outer system. Handlers run synchronously; an error thrown by one is ignored. */
export type MemstackEvent =
  | { type: 'pinned'; sessionKey: string; pinned: string }
  | { type: 'clarification-added'; sessionKey: string; clarification: string; pinned: string; condensed: boolean }
  | { type: 'facts-added'; sessionKey: string | null; scope: FactScope; facts: Fact[] }
  | { type: 'fact-duplicate'; sessionKey: string | null; scope: FactScope; factId: number; text: string }
  | { type: 'fact-superseded'; sessionKey: string | null; scope: FactScope; factId: number; byFactId: number }
  | { type: 'output-rejected'; sessionKey: string; items: Array<{ text: string; reason: string }> }
  | { type: 'extraction-failed'; sessionKey: string; reason: ExtractionFailure; error: unknown }
  | { type: 'extraction-skipped'; sessionKey: string; reason: 'not-substantive' | 'queue-full' }
  /** After each recorded turn: the provider's figures, or the prompt-cache simulator's estimate without them. */
  | {
      type: 'usage';
      sessionKey: string;
      source: 'provider' | 'estimate';
      usage: Usage;
      memoryTokens: number;
      /** Why the request could not read all that the session's previous one cached; null when it could. */
      cacheMiss: CacheMissReason | null;
    }
  /**
   * An embedder call failed (`phase` 'store': the exchange's facts and turns keep no vector; 'query': the message
   * was ranked lexically only; 'backfill': `stack.embedMissing` stopped, its batch keeps no vector). Nothing else
   * fails with it.
   */
  | { type: 'embedding-failed'; sessionKey: string | null; phase: 'query' | 'store' | 'backfill'; error: unknown }
  | { type: 'facts-purged'; count: number }
  | { type: 'purge-failed'; error: unknown }
  | { type: 'compressed'; sessionKey: string; turns: number; tokens: number; summary: string }
  | { type: 'compression-failed'; sessionKey: string; reason: 'timeout' | 'error'; error: unknown }
  /** How far the reply strays from the pinned task and injected facts: 0 on task, 1 unrelated (lexical). */
  | { type: 'drift'; sessionKey: string; score: number; shared: number; anchors: number }
  | {
      type: 'chat-completed';
      sessionKey: string;
      provider: string;
      modelId: string;
      path: ChatPath;
      usage: Usage | undefined;
    };

export type MemstackEventHandler = (event: MemstackEvent) => void;
