import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSearchQuery, FACT_SEARCH_WEIGHTS } from '../../core/search/build-search-query.js';
import type { FactQuery } from '../../spec/memory-store.js';
import type { FactScope } from '../../spec/scope.js';
import { type SqliteMemoryStore, sqliteStore } from './sqlite-store.js';

const mine: FactScope = { agentId: 'bot', userId: 'me' };
const theirs: FactScope = { agentId: 'bot', userId: 'them' };

describe('fact search beyond the exact-ranking budget', () => {
  let store: SqliteMemoryStore;
  let serial = 0;
  const add = (scope: FactScope, text: string) =>
    store.facts.insert(scope, {
      text,
      hash: `h${serial++}`,
      sourceSessionKey: null,
      sourceTurnId: null,
      source: 'api',
      at: new Date(),
    });

  beforeEach(() => {
    store = sqliteStore({ path: ':memory:' });
  });
  afterEach(async () => {
    await store.close();
  });

  it('ranks a rare term exactly even when the other terms are frequent', async () => {
    store.database.exec('BEGIN');
    for (let index = 0; index < 700; index += 1) await add(mine, `Service ${index} deploys with docker on kubernetes`);
    await add(mine, 'The billing service deploys with nomad');
    store.database.exec('COMMIT');
    const hits = await store.facts.search(mine, factQuery({ words: ['deploys', 'nomad'], cjk: [] }), { limit: 3 });
    expect(hits[0]?.fact.text).toBe('The billing service deploys with nomad');
  });

  it('finds facts of frequent terms only, preferring those that contain more of them, newest first', async () => {
    store.database.exec('BEGIN');
    for (let index = 0; index < 600; index += 1) await add(mine, `Worker ${index} uses redis`);
    for (let index = 0; index < 600; index += 1) await add(mine, `Cron ${index} uses postgres`);
    await add(mine, 'The queue uses redis and postgres together');
    await add(mine, 'Worker latest uses redis');
    store.database.exec('COMMIT');
    const hits = await store.facts.search(mine, factQuery({ words: ['redis', 'postgres'], cjk: [] }), { limit: 3 });
    expect(hits.map((hit) => hit.fact.text)).toEqual([
      'The queue uses redis and postgres together',
      'Worker latest uses redis',
      'Cron 599 uses postgres',
    ]);
    expect(hits[0]?.relevance).toBeGreaterThan(hits[1]?.relevance ?? Number.POSITIVE_INFINITY);
  });

  it('stays in scope when another scope holds the most recent matches', async () => {
    store.database.exec('BEGIN');
    await add(mine, 'My worker uses redis');
    for (let index = 0; index < 800; index += 1) await add(theirs, `Their worker ${index} uses redis`);
    store.database.exec('COMMIT');
    const hits = await store.facts.search(mine, factQuery({ words: ['redis'], cjk: [] }), { limit: 3 });
    expect(hits.map((hit) => hit.fact.text)).toEqual(['My worker uses redis']);
    const others = await store.facts.search(theirs, factQuery({ words: ['redis'], cjk: [] }), { limit: 2 });
    expect(others.map((hit) => hit.fact.text)).toEqual(['Their worker 799 uses redis', 'Their worker 798 uses redis']);
  });

  it('finds a fact whose term was unknown a moment ago', async () => {
    expect(await store.facts.search(mine, factQuery({ words: ['zig'], cjk: [] }), { limit: 3 })).toEqual([]);
    await add(mine, 'User builds with zig');
    expect(
      (await store.facts.search(mine, factQuery({ words: ['zig'], cjk: [] }), { limit: 3 })).map(
        (hit) => hit.fact.text,
      ),
    ).toEqual(['User builds with zig']);
  });

  const zig = () => factQuery({ words: ['zig'], cjk: [] });

  it('finds a fact whose term was unknown a moment ago, inside one transaction', async () => {
    store.database.exec('BEGIN');
    expect(await store.facts.search(mine, zig(), { limit: 3 })).toEqual([]);
    await add(mine, 'User builds with zig');
    const hits = await store.facts.search(mine, zig(), { limit: 3 });
    store.database.exec('COMMIT');
    expect(hits.map((hit) => hit.fact.text)).toEqual(['User builds with zig']);
  });

  it('finds a fact edited to hold a term that was unknown', async () => {
    const added = await add(mine, 'User builds with make');
    expect(await store.facts.search(mine, zig(), { limit: 3 })).toEqual([]);
    await store.facts.edit(mine, added?.id ?? 0, { text: 'User builds with zig', hash: 'edited', at: new Date() });
    expect((await store.facts.search(mine, zig(), { limit: 3 })).map((hit) => hit.fact.text)).toEqual([
      'User builds with zig',
    ]);
  });

  it("finds a fact another process's connection added after a search found nothing", async () => {
    const directory = mkdtempSync(join(tmpdir(), 'memstack-fts5-'));
    const reader = sqliteStore({ path: join(directory, 'facts.db') });
    const writer = sqliteStore({ path: join(directory, 'facts.db') });
    try {
      expect(await reader.facts.search(mine, zig(), { limit: 3 })).toEqual([]);
      await writer.facts.insert(mine, {
        text: 'User builds with zig',
        hash: 'zig',
        sourceSessionKey: null,
        sourceTurnId: null,
        source: 'api',
        at: new Date(),
      });
      expect((await reader.facts.search(mine, zig(), { limit: 3 })).map((hit) => hit.fact.text)).toEqual([
        'User builds with zig',
      ]);
    } finally {
      await reader.close();
      await writer.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

function factQuery(query: FactQuery) {
  return buildSearchQuery(query, FACT_SEARCH_WEIGHTS);
}
