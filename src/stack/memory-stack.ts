import type { ChatModel, ChatPath } from '../spec/chat-model.js';
import type {
  AnthropicBlock,
  AnthropicBlockLike,
  AnthropicConversation,
  AnthropicMessage,
  AnthropicMessageLike,
  AnthropicSystem,
  OpenaiMessage,
  OpenaiMessageLike,
  ResponsesConversation,
  ResponsesItem,
} from '../spec/conversation.js';
import type { DecoratedOpenaiTurn, DecoratedTurn } from '../spec/decorated-turn.js';
import type { ExportRecord } from '../spec/export-record.js';
import type { Fact, RankedFact } from '../spec/fact.js';
import type { PreparedTurn } from '../spec/prepared-turn.js';
import type { FactScope, ForgetReport, ForgetScope, SessionScope } from '../spec/scope.js';
import type { Usage } from '../spec/usage.js';
import type { ImportReport } from './import-records.js';
import type { InspectApi } from './inspect-api.js';
import type { ItemsApi } from './items-api.js';
import type { MemoryStats } from './stack-context.js';

export interface PrepareInput {
  agentId: string;
  channelId?: string | undefined;
  threadId?: string | undefined;
  userId?: string | undefined;
  text: string;
}

/** Who a caller-owned conversation belongs to: the same ids as `prepare`'s. */
export interface DecorateScope {
  agentId: string;
  channelId?: string | undefined;
  threadId?: string | undefined;
  userId?: string | undefined;
}

/** `decorate` over an Anthropic Messages request: the caller's system prompt and whole message list. */
export interface DecorateInput<Message extends AnthropicMessageLike = AnthropicMessage> extends DecorateScope {
  format?: 'anthropic' | undefined;
  system?: AnthropicSystem | undefined;
  messages: readonly Message[];
  /** The request's tools, if any: only their cache breakpoints are read, counted against the limit of 4. */
  tools?: readonly unknown[] | undefined;
}

/** `decorate` over OpenAI chat-completions messages (system and developer messages included). */
export interface DecorateOpenaiInput<Message extends OpenaiMessageLike = OpenaiMessage> extends DecorateScope {
  format: 'openai';
  messages: readonly Message[];
}

/**
 * `decorate` over an OpenAI Responses API request (`client.responses.create`'s `instructions` and `input`). With
 * `previous_response_id` the input holds only the new turn (the history is on OpenAI's side): memory goes on it.
 */
export interface DecorateResponsesInput<Item extends object = ResponsesItem> extends DecorateScope {
  format: 'openai-responses';
  instructions?: string | null | undefined;
  input: string | readonly Item[];
  /** Read as part of the conversation before the turn (a repeated request is one turn, decision 26). */
  previous_response_id?: string | null | undefined;
}

/** Any of `decorate`'s inputs, as the stack reads them before the format's module checks them. */
export type AnyDecorateInput = DecorateInput | DecorateOpenaiInput | DecorateResponsesInput<ResponsesItem>;

export interface RecordInput {
  /**
   * The reply the model gave. For a turn from `decorate`, it may be empty when `content` holds the reply: a reply
   * that is only tool calls, for one.
   */
  text: string;
  /**
   * The reply's content blocks in the Anthropic shape, when it holds more than text (an OpenAI reply's `tool_calls`
   * are `{ type: 'tool_use', id, name, input }` blocks here). For a turn from `decorate`, a reply with a `tool_use`
   * block is a step of a tool loop: nothing is stored until the final answer (see `RecordedToolStep`).
   */
  content?: ReadonlyArray<AnthropicBlockLike | AnthropicBlock> | undefined;
  usage?: Usage | undefined;
  /** How the reply reached the model, when known. */
  path?: ChatPath | undefined;
}

export interface ChatOptions {
  signal?: AbortSignal | undefined;
  /** Receives the reply as it streams in. */
  onText?: ((delta: string) => void) | undefined;
  maxTokens?: number | undefined;
}

/** One turn through `stack.chat`: the reply, its usage, what was sent, and how it reached the model. */
export interface ChatTurn {
  text: string;
  usage: Usage | undefined;
  prepared: PreparedTurn;
  path: ChatPath;
}

export interface RecordedTurn {
  toolStep: false;
  userTurnId: number;
  assistantTurnId: number;
  /** False when the background queue was full and this turn's extraction was skipped (or nothing was stored). */
  extractionScheduled: boolean;
  /**
   * True when the turn was stored already (`DecoratedTurn.alreadyRecorded`: a client's retry): the ids are the stored
   * exchange's, and nothing was written.
   */
  alreadyRecorded: boolean;
}

/**
 * A reply of a tool loop that called tools: kept in this process (its text and usage) until the loop's final answer
 * is recorded, which stores the user turn and the whole reply as one exchange, with the usage of every step.
 */
export interface RecordedToolStep {
  toolStep: true;
  /** The steps of this turn's loop so far, this one included. */
  steps: number;
}

export interface SessionView {
  /** The pinned task with its clarifications, as the model sees it. */
  pinned: string | null;
  summary: string | null;
  turns: Array<{
    id: number;
    role: 'user' | 'assistant';
    text: string;
    userId: string | null;
    path: ChatPath | null;
    createdAt: Date;
  }>;
}

/** A turn found by `stack.searchTurns`, with its score (higher is better, comparable within one search). */
export interface FoundTurn {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  userId: string | null;
  createdAt: Date;
  score: number;
}

export interface AddedFact {
  id: number;
  text: string;
  /** False when the fact duplicated a stored one: then `id` is that one's, and it was bumped. */
  added: boolean;
}

export interface FactsApi {
  add(scope: FactScope, text: string): Promise<AddedFact>;
  list(scope: FactScope): Promise<Fact[]>;
  /**
   * Ranked as `prepare` ranks them, fused with the facts' vectors when the stack has an embedder (at most `limit`,
   * default `factsTopK`, capped at 100). Empty when the query has no searchable term.
   */
  search(scope: FactScope, query: string, options?: { limit?: number }): Promise<RankedFact[]>;
  /**
   * Corrects the text of the scope's live fact `id`, through the same memory gate as `add`: it keeps its id, use
   * counts and provenance. When the scope holds the new text already, `id` is deleted and that fact is returned
   * (`merged`). Null when the scope holds no live fact `id`.
   */
  edit(scope: FactScope, id: number, text: string): Promise<EditedFact | null>;
  /** Deletes the scope's fact `id`; false when the scope holds no such fact (another scope's id changes nothing). */
  remove(scope: FactScope, id: number): Promise<boolean>;
}

export interface EditedFact {
  id: number;
  text: string;
  /** True when the new text was a fact the scope held already: `id` is that one's, and the edited one is gone. */
  merged: boolean;
}

export interface EmbedMissingOptions {
  /** The most rows (facts and turns) to embed in this call. Default: all of them. */
  limit?: number | undefined;
  /** Stops the walk: the batch under way keeps no vector, and the counts so far are returned. */
  signal?: AbortSignal | undefined;
  /** Called after each batch written, with the counts so far. */
  onProgress?: ((report: EmbedMissingReport) => void) | undefined;
}

/** What `stack.embedMissing` did. */
export interface EmbedMissingReport {
  /** Facts and turns given a vector (a row edited meanwhile is counted, but keeps none: the next run finds it). */
  facts: number;
  turns: number;
  /** Rows of the batch whose embedder call failed (then the walk stopped). */
  failed: number;
  /** True when the walk reached the end: every row found was embedded. False: a failure, `limit` or `signal`. */
  complete: boolean;
}

export interface MemoryStack {
  /** Builds the request for this message from local reads only: no model call. */
  prepare(input: PrepareInput): Promise<PreparedTurn>;
  /**
   * Memory around a conversation the caller owns: its request (system prompt and every message, any blocks) with the
   * pin at the system prompt's tail and the recap at the head of the last user turn, everything else passed through.
   * Local reads only, no write: the current turn is stored by `record`, earlier ones never from the client.
   */
  decorate<Message extends AnthropicMessageLike>(
    input: DecorateInput<Message>,
  ): Promise<DecoratedTurn<AnthropicConversation<Message>>>;
  /** The same over OpenAI chat-completions messages (`format: 'openai'`). */
  decorate<Message extends OpenaiMessageLike>(
    input: DecorateOpenaiInput<Message>,
  ): Promise<DecoratedOpenaiTurn<Message>>;
  /** The same over an OpenAI Responses API request (`format: 'openai-responses'`): `instructions` and `input`. */
  // A string input infers no item type: `never`, so that the request's `input` is still the SDK's.
  decorate<Item extends object = never>(
    input: DecorateResponsesInput<Item>,
  ): Promise<DecoratedTurn<ResponsesConversation<Item>>>;
  /** Stores the user turn and the reply atomically, then schedules extraction in the background. */
  record(prepared: PreparedTurn, reply: RecordInput): Promise<RecordedTurn>;
  /** For a decorated turn, a reply that calls tools is a step of the loop, stored with the final answer. */
  record(decorated: DecoratedTurn<unknown>, reply: RecordInput): Promise<RecordedTurn | RecordedToolStep>;
  /** prepare, the model call, record: one turn with memory. A model failure fails the turn (nothing is recorded). */
  chat(input: PrepareInput, model: ChatModel, options?: ChatOptions): Promise<ChatTurn>;
  /** Resolves when all background work scheduled so far has finished, successfully or not. */
  idle(): Promise<void>;
  /** What background extraction did since the stack was created: failures by reason, rejected outputs, facts. */
  stats(): MemoryStats;
  readonly facts: FactsApi;
  /** A session's item log: an agent framework's conversation, stored as given (`memstack/openai-agents` uses it). */
  readonly items: ItemsApi;
  session(scope: SessionScope): Promise<SessionView>;
  /**
   * Corrects the session's pin by hand: `text` becomes the whole pin (the memory gate applies, as to any task), or
   * `null` clears it and no task is pinned again by extraction. Shown from the next turn on. Returns the pin as the
   * model reads it. Fails with `NOT_FOUND` for a session without turns.
   */
  setPin(scope: SessionScope, text: string | null): Promise<string | null>;
  /** What memory holds and did, for tools: sessions, exchanges with their traces, fact histories, jobs. */
  readonly inspect: InspectApi;
  /**
   * Everything stored about one user of one agent, as records to write one JSON per line: their sessions (in a
   * session others spoke in, only their part), turns and facts (see `ExportRecord`). Read a page at a time. Needs a
   * store that can be browsed.
   */
  exportUser(scope: { agentId: string; userId: string }): AsyncIterable<ExportRecord>;
  /**
   * Reads an export back, each record checked (`parseExportRecord`): the sessions the store does not hold yet, their
   * turns, pins and summaries, and the facts through the memory gate, with new ids. Run twice, it adds nothing.
   */
  importRecords(
    records: Iterable<unknown> | AsyncIterable<unknown>,
    options?: {
      onRecord?: ((count: number) => void) | undefined;
      recordName?: ((count: number) => string) | undefined;
    },
  ): Promise<ImportReport>;
  /**
   * The session's turns most relevant to a text, best first, summarised ones included: the ranking turn recall
   * uses (each turn searched with its neighbours, names and dates weighed; fused with the turns' vectors when the
   * stack has an embedder).
   */
  searchTurns(scope: SessionScope, text: string, options?: { limit?: number }): Promise<FoundTurn[]>;
  forget(scope: ForgetScope): Promise<ForgetReport>;
  /**
   * Computes the vectors that stored facts and turns lack (those stored before the embedder was set, while it
   * failed, or under another model), a batch of 64 at a time, in id order: facts, then turns. Needs an embedder
   * (else a `ConfigError`). An embedder failure never rejects: the walk stops with an `embedding-failed` event
   * (`phase: 'backfill'`) and the counts so far, and the next call picks up what is left.
   */
  embedMissing(options?: EmbedMissingOptions): Promise<EmbedMissingReport>;
  /** Waits for background work, then closes the store. */
  close(): Promise<void>;
}
