// The public API of memstack: `import { createMemoryStack } from 'memstack'`. It loads no native module and no
// model SDK: the store and the models are subpath entries (`memstack/sqlite`, `memstack/anthropic`,
// `memstack/openai-compatible`, `memstack/claude-cli`, `memstack/testing`). Edges import from the entries only.

export { type DefaultMemoryPolicyOptions, defaultMemoryPolicy } from './core/policy/default-memory-policy.js';
export { trimTurn } from './core/prompt/trim-turn.js';
export { deriveSessionHandle, generationUuid, type SessionHandle } from './core/scope/derive-session-handle.js';
export { isBlankId } from './core/scope/is-blank-id.js';
export { parseExportRecord } from './core/validation/parse-export-record.js';
export { heuristicExtractor } from './extractors/heuristic/heuristic-extractor.js';
export { type LlmExtractorOptions, llmExtractor } from './extractors/llm/llm-extractor.js';
// The wire usage mappers are pure (no SDK): here for the edges, and in their model entries for users.
export { mapAnthropicUsage as fromAnthropicUsage } from './models/anthropic/map-anthropic-usage.js';
export { mapOpenaiCompatibleUsage as fromOpenaiCompatibleUsage } from './models/openai-compatible/map-openai-compatible-usage.js';
export type { ChatModel, ChatPath, ChatRequest, ChatResult, ModelSessionState } from './spec/chat-model.js';
export type { CompletionModel, CompletionRequest, CompletionResult } from './spec/completion-model.js';
export type {
  AnthropicBlock,
  AnthropicBlockLike,
  AnthropicConversation,
  AnthropicMessage,
  AnthropicMessageLike,
  AnthropicSystem,
  AnthropicTextBlock,
  OpenaiContentPart,
  OpenaiConversation,
  OpenaiMessage,
  OpenaiMessageLike,
} from './spec/conversation.js';
export type { DecoratedOpenaiTurn, DecoratedTurn } from './spec/decorated-turn.js';
export type { Embedder } from './spec/embedder.js';
export { ConfigError, type ConfigErrorCode } from './spec/errors/config-error.js';
export { type InvalidInputCode, InvalidInputError } from './spec/errors/invalid-input-error.js';
export { InvalidOutputError } from './spec/errors/invalid-output-error.js';
export { MemstackError } from './spec/errors/memstack-error.js';
export { ModelCallError, type ModelCallErrorCode } from './spec/errors/model-call-error.js';
export { StoreError, type StoreErrorCode } from './spec/errors/store-error.js';
export type { ExtractionFailure, MemstackEvent, MemstackEventHandler } from './spec/events.js';
export type {
  ExportedFact,
  ExportedSession,
  ExportedTurn,
  ExportHeader,
  ExportRecord,
} from './spec/export-record.js';
export type { Extraction, ExtractionInput, Extractor, SummaryInput } from './spec/extractor.js';
export type { Fact, RankedFact } from './spec/fact.js';
export type {
  DroppedSentences,
  MemoryCandidate,
  MemoryCheckName,
  MemoryKind,
  MemoryPolicy,
  MemoryVerdict,
  SupersedeStatement,
} from './spec/memory-policy.js';
export type { MemoryStore } from './spec/memory-store.js';
export type {
  CacheControl,
  FactsSource,
  InjectedFact,
  MemoryBreakpoint,
  MessageParam,
  PreparedRequest,
  PreparedTurn,
  PromptLayout,
  RecalledTurn,
  SessionRef,
  TextBlock,
  TokenBreakdown,
  TurnInput,
} from './spec/prepared-turn.js';
export type { FactScope, ForgetReport, ForgetScope, SessionScope } from './spec/scope.js';
export type { ScopeSummary, SessionSummary, StoredFact } from './spec/store-browser.js';
export type { Tokenizer } from './spec/tokenizer.js';
export type { SentPrompt, StoredSentPrompt, TurnTrace } from './spec/turn-trace.js';
export type { CacheMissReason, Usage } from './spec/usage.js';
export { createMemoryStack, type MemoryStackOptions } from './stack/create-memory-stack.js';
export type { ImportReport } from './stack/import-records.js';
export type {
  CacheUse,
  CacheView,
  InspectApi,
  InspectedExchange,
  InspectedFigures,
  InspectedSession,
} from './stack/inspect-api.js';
export { DEFAULT_LIMITS, type MemoryLimits } from './stack/memory-limits.js';
export type {
  AddedFact,
  ChatOptions,
  ChatTurn,
  DecorateInput,
  DecorateOpenaiInput,
  DecorateScope,
  EditedFact,
  EmbedMissingOptions,
  EmbedMissingReport,
  FactsApi,
  FoundTurn,
  MemoryStack,
  PrepareInput,
  RecordedToolStep,
  RecordedTurn,
  RecordInput,
  SessionView,
} from './stack/memory-stack.js';
export type { MemoryStats } from './stack/stack-context.js';
export { o200kTokenizer } from './tokenizers/o200k-tokenizer.js';
