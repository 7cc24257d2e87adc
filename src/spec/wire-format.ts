import type { AnthropicBlock } from './conversation.js';
import type { MemoryBreakpoint, PreparedRequest } from './prepared-turn.js';
import type { SentPrompt } from './turn-trace.js';
import type { Usage } from './usage.js';

/** The texts memstack adds to a request: the pin's system section and the recap ('' for none). */
export interface MemoryNotes {
  /** The pin's section for the tail of the system prompt (or the format's instructions); '' for none. */
  pin: string;
  /** The recap for the head of the current user input; '' for none. */
  recap: string;
}

/** A caller's conversation as memory reads it, whatever its wire format. */
export interface ConversationReading {
  /** The current turn's text as said (its text blocks or parts; reminders left out). */
  text: string;
  /** The types of the current turn's blocks or parts, for a stand-in when it has no text (`[image]`). */
  types: string[];
  /** The texts of the earlier user and assistant messages, as said (turn recall searches what they do not show). */
  visible: string[];
  /** The text of the last assistant message before the current turn, if any (the question it may answer). */
  previousReply: string | undefined;
  /** What the caller sent up to the current turn, as the request's key reads it (decision 26). */
  sent: string[];
  /** The caller's system prompt (or instructions) as text. */
  systemText: string;
  /** What the rest of the request costs, as texts: every message but the current turn. */
  historyTexts: string[];
}

/** The caller's request with memory placed in it. */
export interface PlacedMemory<Request> {
  /** The request as `decorate` returns it (`request`): the caller's own objects, memstack's additions. */
  request: Request;
  /** Index of the current turn among the request's messages or items, -1 for none. */
  currentTurn: number;
  /** memstack's cache breakpoints the format's limit left no room for (none where the format has no breakpoints). */
  droppedBreakpoints: MemoryBreakpoint[];
}

/**
 * A wire format's answers to what `decorate` asks of a request (decision 29): one module per format (Anthropic
 * Messages, OpenAI Chat Completions, OpenAI Responses), registered in one table (`wireFormats`). Shared logic asks
 * these questions and holds no format's field names. Pure: no I/O.
 */
export interface WireFormat<Checked = unknown, Request = unknown> {
  /** The name `decorate` takes as `format`. */
  readonly name: WireFormatName;
  /** The caller's input checked against the shape memstack reads (zod): a bad one is an `InvalidInputError`. */
  check(input: Readonly<Record<string, unknown>>): Checked;
  /** The conversation as memory reads it; undefined when it holds no user turn to add memory to. */
  read(checked: Checked): ConversationReading | undefined;
  /** The pin and the recap placed in the request, the caller's objects otherwise untouched (decision 17). */
  place(checked: Checked, notes: MemoryNotes): PlacedMemory<Request>;
  /** The decorated request as the usage estimate sees it: every part as the text it costs, the breakpoints. */
  estimate(request: Request): PreparedRequest;
  /** The request as sent, for the turn's trace. */
  sentPrompt(request: Request, currentTurn: number): SentPrompt;
  /** The current turn's first text as sent (recap and message), if it has one. */
  currentText(request: Request, currentTurn: number): string | undefined;
  /** Where the proxy serves the format, and whose upstream it calls. */
  readonly route: { path: string; provider: 'anthropic' | 'openai' };
  /**
   * Whether a request outside every format's route (a pass-through, such as `/v1/models`) speaks this format, told by
   * its headers, so that the proxy's own errors there come in its shape: 'own-headers' when they are this API's own
   * (Anthropic's `x-api-key`), 'fallback' for the one format assumed when no format claims them (chat completions,
   * which most clients of an OpenAI-compatible `/v1/` speak). Without it, a format is never told by headers.
   */
  passThrough?(headers: HeaderReader): 'own-headers' | 'fallback' | undefined;
  /**
   * A request body as the proxy reads it: the fields `decorate` takes, the body's own user id (identity after the
   * headers, decision 24), and whether it asks for data (structured output) rather than a turn. Undefined when the
   * body is not this format's.
   */
  readBody(body: unknown): ProxiedBody | undefined;
  /** A new collector of the reply from a JSON body or from a stream's events, read as they pass (bounded memory). */
  collector(): ReplyCollector;
  /** An error in the API's own shape: its JSON body, and the event that ends a stream with it. */
  error(kind: ApiErrorKind, message: string): { body: Record<string, unknown>; event: string };
}

/** A request's headers, as far as a format reads them (the Fetch API's `Headers` is one). */
export interface HeaderReader {
  has(name: string): boolean;
}

/** A request body as the proxy reads it (`WireFormat.readBody`). */
export interface ProxiedBody {
  /** The fields `decorate` takes (the format's own: `system` and `messages`, `instructions` and `input`...). */
  input: Record<string, unknown>;
  /**
   * The body's own user id (`metadata.user_id`; `user`; `user`, else `safety_identifier`): a blank one is no identity
   * and falls back to nothing.
   */
  user: unknown;
  asksForData: boolean;
}

/** A reply as `record` takes it: its text, its blocks in the Anthropic shape (tool calls as `tool_use`), the usage. */
export interface CollectedReply {
  text: string;
  content: AnthropicBlock[];
  usage: Usage | undefined;
}

/** A reply being read from an upstream response, JSON or streamed. */
export interface ReplyCollector {
  /** One SSE event of a streamed response (`data` parsed as JSON, or the raw text when it is not JSON). */
  event(name: string | undefined, data: unknown): void;
  /** Whether this event is the stream's last (Anthropic's `message_stop`, OpenAI's `[DONE]`...). */
  isFinal(name: string | undefined, data: unknown): boolean;
  /** The whole JSON body of a response that was not streamed. */
  body(data: unknown): void;
  /** The reply, or undefined when the response was not a complete one (an error event, no finish). */
  reply(): CollectedReply | undefined;
}

/** What went wrong, in the proxy's words; each maps to a status and to each API's error type. */
export type ApiErrorKind =
  | 'invalid-request'
  | 'authentication'
  | 'forbidden'
  | 'not-found'
  | 'too-large'
  | 'unsupported-media-type'
  | 'unreachable'
  | 'timeout'
  | 'internal';

/** The wire formats memstack knows. */
export type WireFormatName = 'anthropic' | 'openai' | 'openai-responses';
