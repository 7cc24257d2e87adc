// The public API of memstack: `import { createMemoryStack } from 'memstack'`. It loads no native module and no
// model SDK: the store and the models are subpath entries (`memstack/sqlite`, `memstack/anthropic`,
// `memstack/openai-compatible`, `memstack/claude-cli`, `memstack/testing`); what a store of your own implements is in
// `memstack/store-kit`. Edges import from the entries only. A type an application never names (an option bag's
// parts, a trace's fields) is not exported: infer it from the API (`PreparedTurn['tokens']`).

export { defaultMemoryPolicy } from './core/policy/default-memory-policy.js';
export { trimTurn } from './core/prompt/trim-turn.js';
export { deriveSessionHandle, generationUuid } from './core/scope/derive-session-handle.js';
export { isBlankId } from './core/scope/is-blank-id.js';
export { parseExportRecord } from './core/validation/parse-export-record.js';
export { mapOpenaiCompatibleUsage as fromOpenaiCompatibleUsage } from './core/wire/openai-chat/map-openai-compatible-usage.js';
export { heuristicExtractor } from './extractors/heuristic/heuristic-extractor.js';
export { llmExtractor } from './extractors/llm/llm-extractor.js';
// The wire usage mappers are pure (no SDK): here for the edges, and in their model entries for users.
export { mapAnthropicUsage as fromAnthropicUsage } from './models/anthropic/map-anthropic-usage.js';
export type { ChatModel, ChatRequest, ChatResult } from './spec/chat-model.js';
export type { CompletionModel, CompletionRequest, CompletionResult } from './spec/completion-model.js';
export type {
  AnthropicBlock,
  AnthropicConversation,
  AnthropicMessage,
  AnthropicTextBlock,
  OpenaiConversation,
  OpenaiMessage,
} from './spec/conversation.js';
export type { DecoratedOpenaiTurn, DecoratedTurn } from './spec/decorated-turn.js';
export type { Embedder } from './spec/embedder.js';
export { ConfigError, type ConfigErrorCode } from './spec/errors/config-error.js';
export { type InvalidInputCode, InvalidInputError } from './spec/errors/invalid-input-error.js';
export { InvalidOutputError } from './spec/errors/invalid-output-error.js';
export { MemstackError } from './spec/errors/memstack-error.js';
export { ModelCallError, type ModelCallErrorCode } from './spec/errors/model-call-error.js';
export { StoreError, type StoreErrorCode } from './spec/errors/store-error.js';
export type { MemstackEvent, MemstackEventHandler } from './spec/events.js';
export type { ExportRecord } from './spec/export-record.js';
export type { Extraction, ExtractionInput, Extractor, SummaryInput } from './spec/extractor.js';
export type { Fact, RankedFact } from './spec/fact.js';
export type { MemoryCandidate, MemoryCheckName, MemoryPolicy, MemoryVerdict } from './spec/memory-policy.js';
export type { MemoryStore } from './spec/memory-store.js';
export type { PreparedTurn, PromptLayout } from './spec/prepared-turn.js';
export type { FactScope, ForgetReport, ForgetScope, SessionScope } from './spec/scope.js';
export type { ScopeSummary, SessionSummary, StoredFact } from './spec/store-browser.js';
export type { Tokenizer } from './spec/tokenizer.js';
export type { CacheMissReason, Usage } from './spec/usage.js';
export { createMemoryStack, type MemoryStackOptions } from './stack/create-memory-stack.js';
export type { InspectApi, InspectedExchange, InspectedSession } from './stack/inspect-api.js';
export { DEFAULT_LIMITS, type MemoryLimits } from './stack/memory-limits.js';
export type {
  ChatOptions,
  ChatTurn,
  DecorateInput,
  DecorateOpenaiInput,
  DecorateScope,
  FactsApi,
  MemoryStack,
  PrepareInput,
  RecordInput,
  SessionView,
} from './stack/memory-stack.js';
export type { MemoryStats } from './stack/stack-context.js';
export { o200kTokenizer } from './tokenizers/o200k-tokenizer.js';
