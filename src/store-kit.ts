// `memstack/store-kit`: the contract suite every MemoryStore adapter must pass, for testing a store of your own.
// It runs under Vitest (an optional peer dependency), as ES modules.

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
export { type ContractOptions, runMemoryStoreContract } from './store-kit/memory-store-contract.js';
