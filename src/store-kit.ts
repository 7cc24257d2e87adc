// `memstack/store-kit`: what a store of your own implements (the `MemoryStore` port and the types of its parts) and the
// index-document builders; an application never needs this entry. It loads no test runner: the contract suite every
// store must pass is `memstack/store-kit/contract` (`src/store-kit/contract.ts`), under Vitest.

// What a store indexes and how it is searched are the core's: a store builds each fact's and turn's index document
// with these, and receives search queries built by `buildSearchQuery` (see `IndexDocument`, `SearchQuery`).
export { buildFactDocument } from './core/search/build-fact-document.js';
export {
  buildSearchQuery,
  FACT_SEARCH_WEIGHTS,
  type SearchWeights,
  TURN_SEARCH_WEIGHTS,
} from './core/search/build-search-query.js';
export { buildTurnDocument } from './core/search/build-turn-document.js';
export { factContext } from './core/search/fact-context.js';
export type { ItemLog, ItemLogOwner, StoredItem } from './spec/item-log.js';
export type { ExtractJob, JobQueue, MemoryJob, PurgeJob } from './spec/job-queue.js';
export type { ClaimedJob, FailedJob, JobState, JobStore, JobView } from './spec/job-store.js';
export type {
  CompressionWrite,
  ExchangeIds,
  ExchangeOnce,
  ExchangeWrite,
  ExtractionCommit,
  ExtractionWrite,
  FactCandidate,
  FactEdit,
  FactQuery,
  FactStore,
  FieldSearch,
  IndexDocument,
  MemoryStore,
  NewFact,
  PinState,
  SearchQuery,
  SearchTerm,
  SessionPatch,
  SessionRecord,
  SessionSnapshot,
  SessionStore,
  TurnCandidate,
  TurnDetail,
  TurnRecord,
  TurnSearch,
} from './spec/memory-store.js';
export type {
  BrowsedTurn,
  ReplyFigures,
  ScopeSummary,
  SessionFilter,
  SessionSummary,
  StoreBrowser,
  StoredFact,
} from './spec/store-browser.js';
export type { SentPrompt, StoredSentPrompt, TurnTrace } from './spec/turn-trace.js';
export type {
  FactMissingVector,
  MissingVectorsPage,
  TurnMissingVector,
  VectorStore,
  VectorWrite,
} from './spec/vector-store.js';
