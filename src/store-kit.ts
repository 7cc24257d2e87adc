// `memstack/store-kit`: the contract suite every MemoryStore adapter must pass, for testing a store of your own.
// It runs under Vitest (an optional peer dependency), as ES modules.

export { type ContractOptions, runMemoryStoreContract } from './store-kit/memory-store-contract.js';
