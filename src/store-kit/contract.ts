// `memstack/store-kit/contract`: the contract suite every store must pass, for a store's own test file. It runs under
// Vitest (an optional peer dependency) and imports it when loaded, so it has an entry of its own: a store that
// imports `memstack/store-kit` in production loads no test runner. ES modules only, as Vitest is.

export { type ContractOptions, runMemoryStoreContract } from './memory-store-contract.js';
