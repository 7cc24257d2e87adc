import type { TextBlock } from './prepared-turn.js';

/**
 * The shapes of a conversation the caller owns (`stack.decorate`): the Anthropic Messages API's, OpenAI chat
 * completions' and the OpenAI Responses API's (each read by its module in `core/wire/`, decision 29). Structural and open: memstack reads the few fields it needs and passes every other field and block
 * through as it is, so a new block type of either API needs no change here, and the SDKs' own types
 * (`Anthropic.MessageParam`, `OpenAI.ChatCompletionMessageParam`) fit them as they are.
 */

/**
 * What memstack needs of an Anthropic content block (text, image, document, tool_use, tool_result, thinking...):
 * its type, and its breakpoint. The SDK's block types (interfaces) fit it as they are.
 */
export interface AnthropicBlockLike {
  type: string;
  cache_control?: unknown;
}

/**
 * What memstack needs of an Anthropic message; `Anthropic.MessageParam` fits it. A `system` message among the
 * messages (the API takes them) passes through like the caller's other instructions.
 */
export interface AnthropicMessageLike {
  role: 'user' | 'assistant' | 'system';
  content: string | readonly AnthropicBlockLike[];
}

/** An Anthropic content block written as a literal: any fields beside `type`. */
export type AnthropicBlock = { type: string; cache_control?: unknown; [field: string]: unknown };

export type AnthropicTextBlock = { type: 'text'; text: string; cache_control?: unknown; [field: string]: unknown };

/** An Anthropic message written as a literal. */
export type AnthropicMessage = { role: 'user' | 'assistant' | 'system'; content: string | AnthropicBlock[] };

/** A system prompt of the Anthropic shape: a string, or text blocks. */
export type AnthropicSystem = string | ReadonlyArray<{ type: 'text'; text: string; cache_control?: unknown }>;

/**
 * The caller's Anthropic request with memory added (what `decorate` returns as `request`): the caller's system
 * blocks then memstack's pin, and the caller's messages, of the caller's own message type.
 */
export interface AnthropicConversation<Message extends AnthropicMessageLike = AnthropicMessage> {
  system: TextBlock[];
  messages: Message[];
}

/** What memstack needs of a chat-completions message; `OpenAI.ChatCompletionMessageParam` fits it. */
export interface OpenaiMessageLike {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function';
  content?: string | ReadonlyArray<{ type: string }> | null | undefined;
}

/** A content part of an OpenAI chat message written as a literal: text, image_url, input_audio, file... */
export type OpenaiContentPart = { type: string; [field: string]: unknown };

/** A chat-completions message written as a literal: system, developer, user, assistant (`tool_calls`), tool. */
export type OpenaiMessage = {
  role: OpenaiMessageLike['role'];
  content?: string | OpenaiContentPart[] | null | undefined;
  [field: string]: unknown;
};

/** The caller's OpenAI messages with memory added, of the caller's own message type. */
export interface OpenaiConversation<Message extends OpenaiMessageLike = OpenaiMessage> {
  messages: Message[];
}

/** A block or message read for a field the structural types leave open (`text`, `input`, `tool_calls`...). */
export type OpenFields = { readonly [field: string]: unknown };

/**
 * An item of an OpenAI Responses API `input` written as a literal: a message (`{ role, content }`, `type: 'message'`
 * or none), a `function_call`, a `function_call_output`, a reasoning item... `OpenAI.Responses.ResponseInputItem`
 * fits the `object` the input types ask for.
 */
export type ResponsesItem = { type?: string; role?: string; content?: unknown; [field: string]: unknown };

/**
 * The caller's Responses API request with memory added (what `decorate` returns as `request`): the caller's
 * `instructions` with memstack's pin at their tail, and the caller's `input` (a string, or its own items) with the
 * recap at the head of the current user input.
 */
export interface ResponsesConversation<Item extends object = ResponsesItem> {
  instructions: string;
  input: string | Item[];
}
