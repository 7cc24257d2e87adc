import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MemoryStore } from '../index.js';
import { MemstackError } from '../index.js';
import { browseCases } from './browse-cases.js';
import { alice, type ContractHarness, type ContractOptions } from './contract-fixtures.js';
import { cursorCases } from './cursor-cases.js';
import { factCases } from './fact-cases.js';
import { forgetCases } from './forget-cases.js';
import { itemLogCases } from './item-log-cases.js';
import { jobCases } from './job-cases.js';
import { onceCases } from './once-cases.js';
import { sessionCases } from './session-cases.js';
import { turnSearchCases } from './turn-search-cases.js';
import { vectorCases } from './vector-cases.js';

export type { ContractOptions } from './contract-fixtures.js';

/**
 * The behaviour every MemoryStore adapter must have. Run it from the adapter's own test file with a factory that
 * returns a fresh, empty store.
 */
export function runMemoryStoreContract(
  name: string,
  createStore: () => Promise<MemoryStore> | MemoryStore,
  options: ContractOptions = {},
): void {
  describe(`MemoryStore contract: ${name}`, () => {
    const harness: ContractHarness = {
      store: undefined as unknown as MemoryStore,
      /** Inserts a fact that must be stored (no source turn, or one that exists). */
      insertFact: async (scope, newFact) => {
        const result = await harness.store.facts.insert(scope, newFact);
        if (result === null) throw new Error('the store refused a fact whose source turn exists');
        return result;
      },
    };
    beforeEach(async () => {
      harness.store = await createStore();
    });
    afterEach(async () => {
      await harness.store.close();
    });

    sessionCases(harness);
    onceCases(harness);
    cursorCases(harness);
    jobCases(harness, options);
    turnSearchCases(harness, options);
    factCases(harness, options);
    forgetCases(harness);
    browseCases(harness);
    vectorCases(harness);
    itemLogCases(harness);

    it.skipIf(Boolean(options.skip?.close))('rejects calls after close with a MemstackError', async () => {
      await harness.store.close();
      const error = await harness.store.facts.list(alice).catch((caught: unknown) => caught);
      expect(MemstackError.isInstance(error)).toBe(true);
      await harness.store.close();
    });
  });
}
