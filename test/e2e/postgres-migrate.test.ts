import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStack, heuristicExtractor, type MemoryStore } from '../../src/index.js';
import { postgresStore } from '../../src/postgres.js';
import { sqliteStore } from '../../src/sqlite.js';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../support/test-postgres.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const bin = join(root, 'dist/cli/main.js');
const directory = mkdtempSync(join(tmpdir(), 'memstack-migrate-'));
const schemas: string[] = [];
afterAll(async () => {
  rmSync(directory, { recursive: true, force: true });
  await dropSchemas(...schemas);
});

const limits = { compressionThresholdTokens: 300, compressionKeepTokens: 60 };

/** A file with a bit of everything: private and shared sessions, pins with clarifications, summaries, superseded facts. */
async function fill(path: string): Promise<void> {
  const extractor = {
    ...heuristicExtractor(),
    summarize: async () => 'Summary: the rollout was planned step by step.',
  };
  const stack = createMemoryStack({ store: sqliteStore({ path }), extractor, limits });
  const talk = async (scope: Record<string, string>, text: string, reply: string) => {
    const prepared = await stack.prepare({ agentId: 'bot', ...scope, text } as never);
    await stack.record(prepared, { text: reply });
    await stack.idle();
  };
  await talk(
    { userId: 'alice' },
    'Help me plan a zero-downtime rollout of the billing service.',
    'Sure: which region first?',
  );
  await talk({ userId: 'alice' }, 'Frankfurt first, then Helsinki.', 'Noted.');
  for (let step = 0; step < 8; step += 1) {
    await talk(
      { userId: 'alice' },
      `Step ${step} of the rollout: what changes in the billing service?`,
      `Step ${step} moves one region of the billing service and checks the dashboards twice.`,
    );
  }
  await talk({ userId: 'alice' }, 'We use npm for all our projects.', 'Noted.');
  await talk({ userId: 'alice' }, 'We switched from npm to pnpm.', 'Got it.');
  await talk({ userId: 'bob', threadId: 'ops' }, 'I live in Lisbon and I prefer Helm charts.', 'Noted, Bob.');
  await talk({ userId: 'carol', threadId: 'ops' }, '我们的数据库是 PostgreSQL 15，部署在法兰克福。', '好的。');
  await stack.facts.add({ agentId: 'bot', userId: 'bob' }, 'Bob is on call on Fridays.');
  // An agent framework's items (the OpenAI Agents SDK's session), in Alice's conversation and in the shared thread.
  await stack.items.append({ agentId: 'bot', userId: 'alice' }, [
    { role: 'user', content: 'Plan the rollout' },
    { type: 'function_call', callId: 'call_1', name: 'regions', arguments: '{"z":1,"a":2}' },
  ]);
  await stack.items.append({ agentId: 'bot', userId: 'bob', threadId: 'ops' }, [{ role: 'user', content: 'Helm?' }]);
  await stack.close();
  // An application that left its jobs to its workers: two exchanges whose extraction is still pending.
  const application = createMemoryStack({ store: sqliteStore({ path }), runJobs: false });
  for (const text of ['We always deploy with Terraform Cloud.', 'I prefer Vitest over Jest.']) {
    const prepared = await application.prepare({ agentId: 'bot', userId: 'dana', text });
    await application.record(prepared, { text: 'Noted.' });
  }
  await application.close();
}

/** Everything a store gives back through its ports, ids included, times as numbers. */
async function readAll(store: MemoryStore): Promise<unknown> {
  const browse = store.browse;
  const jobs = store.jobs;
  if (!browse || !jobs) throw new Error('both stores browse and keep jobs');
  const sessions = await browse.sessions({ limit: 100 });
  const perSession = [];
  for (const summary of sessions.sort((a, b) => a.key.localeCompare(b.key))) {
    const snapshot = await store.sessions.read(summary.key);
    perSession.push({
      summary,
      session: snapshot?.session,
      turns: await browse.turns(summary.key, { limit: 1000 }),
      figures: await browse.figures(summary.key),
      items: await store.items?.list(summary.key),
      search: await store.turnSearch?.search(
        summary.key,
        {
          words: {
            weights: { text: 1, context: 0.3, dated: 0.5 },
            terms: [{ tokens: ['billing'], fields: ['text', 'context'] }],
          },
          grams: { weights: { text: 1, context: 0.3 }, terms: [{ tokens: ['数据'], fields: ['text', 'context'] }] },
        },
        { limit: 5 },
      ),
    });
  }
  const scopes = await browse.scopes({ limit: 100 });
  const facts = [];
  for (const scope of scopes) {
    const factScope = { agentId: scope.agentId, ...(scope.userId ? { userId: scope.userId } : {}) };
    facts.push({ scope, facts: await browse.facts(factScope) });
  }
  // Jobs copied in one transaction share their creation time: compared as a set.
  const pending = (await jobs.list({ state: 'queued', limit: 100 })).map((job) => JSON.stringify(job.job)).sort();
  // What a search finds, in its order: each engine's relevance is its own (decision 33).
  return JSON.parse(
    JSON.stringify({ sessions: perSession, facts, pending }, (key, value) => (key === 'relevance' ? undefined : value)),
  );
}

describe.skipIf(!TEST_POSTGRES_URL)(`memstack migrate${TEST_POSTGRES_URL ? '' : ` (${NO_POSTGRES})`}`, () => {
  it('copies a SQLite file into PostgreSQL: every session, turn, trace, fact and pending job reads back the same, and new ids follow', async () => {
    if (!existsSync(bin)) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
    const url = TEST_POSTGRES_URL as string;
    const path = join(directory, 'app.db');
    await fill(path);
    const schema = uniqueSchema('migrate');
    schemas.push(schema);
    const result = spawnSync(
      process.execPath,
      [bin, 'migrate', '--from', path, '--to', url, '--schema', schema, '--json'],
      {
        encoding: 'utf8',
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}');
    expect(report).toMatchObject({ sessions: 3, items: 3, jobs: 2 });

    const sqlite = sqliteStore({ path });
    const postgres = await postgresStore({ connectionString: url, schema });
    try {
      const before = await readAll(sqlite);
      expect(await readAll(postgres)).toEqual(before);
      // A second copy into the same schema is refused: nothing changes.
      const again = spawnSync(process.execPath, [bin, 'migrate', '--from', path, '--to', url, '--schema', schema], {
        encoding: 'utf8',
      });
      expect(again.status).not.toBe(0);
      expect(again.stderr).toMatch(/holds memory already/);
      expect(await readAll(postgres)).toEqual(before);
      // The pending jobs run on Postgres, and new turns take ids after the copied ones.
      const stack = createMemoryStack({ store: postgres });
      await stack.idle();
      const facts = (await stack.facts.list({ agentId: 'bot', userId: 'dana' })).map((fact) => fact.text).join('\n');
      expect(facts).toMatch(/Terraform Cloud/);
      expect(await postgres.jobs?.list({ state: 'queued', limit: 10 })).toEqual([]);
      const prepared = await stack.prepare({ agentId: 'bot', userId: 'dana', text: 'We deploy on Fridays.' });
      const recorded = await stack.record(prepared, { text: 'Noted.' });
      expect(recorded.userTurnId).toBeGreaterThan(Number(report.turns));
      await stack.close();
    } finally {
      await sqlite.close();
      await postgres.close();
    }
  }, 120_000);
});
