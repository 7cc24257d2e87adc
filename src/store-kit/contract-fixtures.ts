import type { TestContext } from 'vitest';
import { buildSearchQuery, FACT_SEARCH_WEIGHTS, TURN_SEARCH_WEIGHTS } from '../core/search/build-search-query.js';
import type { FactScope, MemoryStore } from '../index.js';
import type {
  FactQuery,
  ItemLog,
  JobStore,
  NewFact,
  SearchQuery,
  StoreBrowser,
  TurnSearch,
  VectorStore,
} from '../store-kit.js';

export interface ContractOptions {
  /** Tests this adapter skips, each with the reason. */
  skip?: Partial<Record<'cjk' | 'close', string>>;
  /**
   * Session keys whose jobs never wait for each other's, for the job cases (default `s1`, `s2`, ...). A queue that
   * runs sessions in shared lanes gives keys in distinct lanes.
   */
  independentSessions?: (count: number) => string[];
}

/** The store's turn search; a store without that capability has the test reported as skipped, not passed. */
export function turnSearchOf(context: TestContext, store: MemoryStore): TurnSearch {
  if (store.turnSearch === undefined) context.skip('this store has no turn search (an optional capability)');
  return store.turnSearch as TurnSearch;
}

/** The store's vectors; a store without that capability has the test reported as skipped, not passed. */
export function vectorsOf(context: TestContext, store: MemoryStore): VectorStore {
  if (store.vectors === undefined) context.skip('this store keeps no vectors (an optional capability)');
  return store.vectors as VectorStore;
}

/** The store's durable job queue; a store without that capability has the test reported as skipped, not passed. */
export function jobsOf(context: TestContext, store: MemoryStore): JobStore {
  if (store.jobs === undefined) context.skip('this store keeps no jobs (an optional capability)');
  return store.jobs as JobStore;
}

/** The store's reads for tools; a store without that capability has the test reported as skipped, not passed. */
export function browseOf(context: TestContext, store: MemoryStore): StoreBrowser {
  if (store.browse === undefined) context.skip('this store cannot be browsed (an optional capability)');
  return store.browse as StoreBrowser;
}

/** The store's item log; a store without that capability has the test reported as skipped, not passed. */
export function itemsOf(context: TestContext, store: MemoryStore): ItemLog {
  if (store.items === undefined) context.skip('this store keeps no item log (an optional capability)');
  return store.items as ItemLog;
}

/** A fact search as the stack makes it: the query's words as index tokens, with the fact weights. */
export const factQuery = (query: FactQuery): SearchQuery => buildSearchQuery(query, FACT_SEARCH_WEIGHTS);
/** A turn search as the stack makes it. */
export const turnQuery = (query: FactQuery): SearchQuery => buildSearchQuery(query, TURN_SEARCH_WEIGHTS);

export const alice: FactScope = { agentId: 'bot', userId: 'alice' };
export const bob: FactScope = { agentId: 'bot', userId: 'bob' };
export const agentWide: FactScope = { agentId: 'bot' };
export const otherAgent: FactScope = { agentId: 'other-bot', userId: 'alice' };

let clock = Date.parse('2026-01-01T00:00:00Z');
export const at = (): Date => {
  clock += 1000;
  return new Date(clock);
};
export const fact = (text: string, extra: Partial<NewFact> = {}): NewFact => ({
  text,
  hash: `h:${text.toLowerCase()}`,
  sourceSessionKey: null,
  sourceTurnId: null,
  source: 'api',
  at: at(),
  ...extra,
});
export const session = (key: string, channelId: string | null = null, threadId: string | null = null) => ({
  key,
  uuid: `00000000-0000-5000-8000-${key.padStart(12, '0').slice(-12)}`,
  agentId: 'bot',
  channelId,
  threadId,
});
export const exchange = (key: string, user: string, reply: string, extra: Record<string, unknown> = {}) => ({
  session: session(key),
  userId: 'alice',
  user: { text: user, tokens: 3 },
  assistant: { text: reply, tokens: 4 },
  taskSource: false,
  injectedFactIds: [],
  at: at(),
  ...extra,
});

/** What the cases share: the store of the running test (a fresh one for each), and a fact insert that must store. */
export interface ContractHarness {
  store: MemoryStore;
  insertFact(scope: FactScope, newFact: NewFact): Promise<{ id: number; inserted: boolean }>;
}
