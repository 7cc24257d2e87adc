import type { PreparedRequest } from './prepared-turn.js';
import type { Usage } from './usage.js';

/**
 * How a chat turn reached the model. `api`: a stateless API call with the whole request. The Claude CLI path:
 * `new-handle` (a session started with `--session-id`, history in the prompt if there is any), `resumed`
 * (`--resume` with only the new message), `fallback-history` (the resume failed; a fresh call with the history in
 * the prompt answered this turn, and the next turn starts a new handle generation).
 */
export type ChatPath = 'api' | 'new-handle' | 'resumed' | 'fallback-history';

/** Per-session state a model keeps between turns (the CLI's handle generation, cwd...), stored by the stack. */
export type ModelSessionState = Readonly<Record<string, unknown>>;

export interface ChatRequest {
  /** System blocks and messages, with cache breakpoints, as `prepare` laid them out. */
  request: PreparedRequest;
  /** The conversation's handle: a stable key and its generation-0 uuid. */
  session: { key: string; uuid: string };
  /** What this model stored for the session after its previous turn, or null. */
  state: ModelSessionState | null;
  /**
   * Counts the compressions of the session's history. A model that keeps its own transcript (the Claude CLI) must
   * start over when it changes: its transcript still holds the turns the summary replaced.
   */
  historyVersion?: number | undefined;
  maxTokens?: number | undefined;
  signal?: AbortSignal | undefined;
  /** Called with each piece of the reply as it streams in. */
  onText?: ((delta: string) => void) | undefined;
}

export interface ChatResult {
  text: string;
  usage?: Usage | undefined;
  path: ChatPath;
  /** State to store for the next turn (replaces the previous one); undefined keeps it. */
  state?: ModelSessionState | undefined;
}

/**
 * A model that answers a prepared turn. Adapters: `anthropicModel`, `claudeCliModel`, `openaiCompatibleModel`.
 * Each is also a `CompletionModel`, so the same adapter can run extraction.
 */
export interface ChatModel {
  readonly specificationVersion: 'v1';
  readonly provider: string;
  readonly modelId: string;
  chat(request: ChatRequest): Promise<ChatResult>;
}
