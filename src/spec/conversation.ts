/**
 * The shapes of a conversation the caller owns (`stack.decorate`): the Anthropic Messages API's and OpenAI chat
 * completions'. Structural and open: memstack reads the few fields it needs and passes every other field and block
 * through as it is, so a new block type of either API needs no change here.
 */

/** Any content block of the Anthropic Messages shape: text, image, document, tool_use, tool_result, thinking... */
export interface AnthropicBlock {
  type: string;
  cache_control?: unknown;
  [field: string]: unknown;
}

export interface AnthropicTextBlock extends AnthropicBlock {
  type: 'text';
  text: string;
}

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicBlock[];
}

/** A system prompt of the Anthropic shape: a string, or text blocks. */
export type AnthropicSystem = string | AnthropicTextBlock[];

/** The caller's Anthropic request with memory added (what `decorate` returns as `request`). */
export interface AnthropicConversation {
  system: AnthropicTextBlock[];
  messages: AnthropicMessage[];
}

/** A content part of an OpenAI chat message: text, image_url, input_audio, file... */
export interface OpenaiContentPart {
  type: string;
  [field: string]: unknown;
}

/** A chat-completions message: system, developer, user, assistant (with `tool_calls`), tool. */
export interface OpenaiMessage {
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  content?: string | OpenaiContentPart[] | null | undefined;
  [field: string]: unknown;
}

/** The caller's OpenAI messages with memory added. */
export interface OpenaiConversation {
  messages: OpenaiMessage[];
}
