// `memstack/wire`: the wire formats memstack reads (Anthropic Messages, OpenAI Chat Completions, OpenAI Responses),
// one module each behind one port (decision 29), for an edge that serves them (the proxy) and for the types of
// `decorate`'s Responses API input.

export { API_ERROR_STATUS } from './core/wire/api-error-kinds.js';
export { wireFormats } from './core/wire/wire-formats.js';
export type { ResponsesConversation, ResponsesItem } from './spec/conversation.js';
export type {
  ApiErrorKind,
  CollectedReply,
  HeaderReader,
  ProxiedBody,
  ReplyCollector,
  WireFormat,
  WireFormatName,
} from './spec/wire-format.js';
export type { DecorateResponsesInput } from './stack/memory-stack.js';
