import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { createMemoryStack } from '../src/index.js';
import { type BenchStore, benchStore } from './bench-store.js';

export const CJK_FIXTURE = resolve(dirname(fileURLToPath(import.meta.url)), '../test/fixtures/cjk-retrieval.json');
export const KOREAN_FIXTURE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../test/fixtures/korean-retrieval.json',
);

const fixtureSchema = z.object({
  facts: z.array(z.object({ id: z.string(), text: z.string() })),
  queries: z.array(z.object({ query: z.string(), expected: z.array(z.string()).min(1) })),
});

export interface CjkRecall {
  queries: number;
  memstack: { r1: number; r3: number };
  baseline: { r1: number; r3: number };
}

/**
 * Recall@1/3 on the hand-written CJK set (test/fixtures/cjk-retrieval.json): memstack's ranking against a plain
 * FTS5 unicode61 OR-query of the query's whitespace-separated tokens, which treats an unspaced CJK run as one word.
 */
export async function cjkRecall(path = CJK_FIXTURE, stores: BenchStore = benchStore('sqlite')): Promise<CjkRecall> {
  const fixture = fixtureSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  const stack = createMemoryStack({ store: await stores.open() });
  const scope = { agentId: 'cjk', userId: 'u' };
  const idOf = new Map<number, string>();
  const baseline = new Database(':memory:');
  baseline.exec("CREATE VIRTUAL TABLE f USING fts5(text, tokenize = 'unicode61')");
  for (const [index, fact] of fixture.facts.entries()) {
    const added = await stack.facts.add(scope, fact.text);
    idOf.set(added.id, fact.id);
    baseline.prepare('INSERT INTO f (rowid, text) VALUES (?, ?)').run(index + 1, fact.text);
  }
  const search = baseline.prepare('SELECT rowid FROM f WHERE f MATCH ? ORDER BY bm25(f) LIMIT 3');
  const sums = { memstack: [0, 0], baseline: [0, 0] };
  for (const { query, expected } of fixture.queries) {
    const ours = (await stack.facts.search(scope, query, { limit: 3 })).map((fact) => idOf.get(fact.id) ?? '');
    const tokens = (query.match(/[\p{L}\p{N}]+/gu) ?? []).map((token) => `"${token}"`);
    const theirs =
      tokens.length === 0
        ? []
        : (search.all(tokens.join(' OR ')) as Array<{ rowid: number }>).map(
            (row) => fixture.facts[row.rowid - 1]?.id ?? '',
          );
    const recall = (found: string[], k: number) =>
      expected.filter((id) => found.slice(0, k).includes(id)).length / expected.length;
    sums.memstack[0] = (sums.memstack[0] ?? 0) + recall(ours, 1);
    sums.memstack[1] = (sums.memstack[1] ?? 0) + recall(ours, 3);
    sums.baseline[0] = (sums.baseline[0] ?? 0) + recall(theirs, 1);
    sums.baseline[1] = (sums.baseline[1] ?? 0) + recall(theirs, 3);
  }
  await stack.close();
  baseline.close();
  const count = fixture.queries.length;
  return {
    queries: count,
    memstack: { r1: (sums.memstack[0] ?? 0) / count, r3: (sums.memstack[1] ?? 0) / count },
    baseline: { r1: (sums.baseline[0] ?? 0) / count, r3: (sums.baseline[1] ?? 0) / count },
  };
}
