import fc from 'fast-check';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../../../test/support/test-postgres.js';
import { buildSearchQuery, FACT_SEARCH_WEIGHTS, TURN_SEARCH_WEIGHTS } from '../../core/search/build-search-query.js';
import { StoreError } from '../../spec/errors/store-error.js';
import type { ExchangeWrite, FactQuery } from '../../spec/memory-store.js';
import { runMemoryStoreContract } from '../../store-kit/contract.js';
import { sqliteStore } from '../sqlite/sqlite-store.js';
import { POSTGRES_MIGRATIONS } from './postgres-migrations.js';
import { postgresStore } from './postgres-store.js';
import { quoteLexeme, toTsquery } from './to-tsquery.js';

const url = TEST_POSTGRES_URL as string;
const schemas: string[] = [];
// Dropping the contract's ~80 schemas takes longer than the default 30 s on a loaded machine.
afterAll(() => dropSchemas(...schemas), 180_000);

function freshSchema(prefix = 'store'): string {
  const schema = uniqueSchema(prefix);
  schemas.push(schema);
  return schema;
}

/** A store on a fresh schema of its own, dropped after the file's tests. */
function freshStore(prefix = 'store') {
  return postgresStore({ connectionString: url, schema: freshSchema(prefix), poolSize: 4 });
}

const exchange = (key: string, userId: string | null, user: string, reply: string, at: Date): ExchangeWrite => ({
  session: { key, uuid: `uuid-${key}`, agentId: 'bot', channelId: null, threadId: 'team' },
  userId,
  user: { text: user, tokens: 3 },
  assistant: { text: reply, tokens: 3 },
  taskSource: false,
  injectedFactIds: [],
  at,
});

async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe.skipIf(!TEST_POSTGRES_URL)(`postgresStore${TEST_POSTGRES_URL ? '' : ` (${NO_POSTGRES})`}`, () => {
  runMemoryStoreContract('postgres', () =>
    postgresStore({ connectionString: url, schema: freshSchema('contract'), poolSize: 4 }),
  );

  it('migrates once when four stores open a new schema at once', async () => {
    const schema = freshSchema('race');
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => postgresStore({ connectionString: url, schema, poolSize: 2 })),
    );
    const { tables, versions } = await withClient(async (client) => ({
      tables: (
        await client.query(
          'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
          [schema],
        )
      ).rows.map((row) => row.table_name),
      versions: (await client.query(`SELECT version FROM "${schema}".migrations ORDER BY version`)).rows,
    }));
    expect(tables).toEqual([
      'facts',
      'jobs',
      'migrations',
      'sent_systems',
      'session_items',
      'sessions',
      'turn_index',
      'turn_traces',
      'turns',
    ]);
    expect(versions.map((row) => row.version)).toEqual(POSTGRES_MIGRATIONS.map((_, index) => index + 1));
    // Each store works on the shared tables.
    await Promise.all(
      stores.map((store, index) =>
        store.sessions.appendExchange(exchange(`s${index}`, 'u', 'hi', 'hello', new Date())),
      ),
    );
    expect(await stores[0]?.browse.sessions({ limit: 10 })).toHaveLength(4);
    await Promise.all(stores.map((store) => store.close()));
  });

  it('gives each exchange consecutive ids in its session, and loses no pin update, with stores writing at once', async () => {
    const schema = freshSchema('writers');
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => postgresStore({ connectionString: url, schema, poolSize: 3 })),
    );
    const writes = stores.flatMap((store, writer) =>
      Array.from({ length: 10 }, (_, index) =>
        store.sessions.appendExchange(
          exchange('shared', `w${writer}`, `q${writer}.${index}`, `a${writer}.${index}`, new Date()),
        ),
      ),
    );
    const ids = await Promise.all(writes);
    for (const { userTurnId, assistantTurnId } of ids) expect(assistantTurnId).toBe(userTurnId + 1);
    const snapshot = await stores[0]?.sessions.read('shared');
    const turns = snapshot?.turns ?? [];
    expect(turns).toHaveLength(80);
    // Alternating user, reply: no exchange interleaved with another.
    turns.forEach((turn, index) => {
      expect(turn.role).toBe(index % 2 === 0 ? 'user' : 'assistant');
      if (index % 2 === 1) expect(turn.text.replace('a', 'q')).toBe(turns[index - 1]?.text);
    });
    // Pin attempts counted by every store at once: none lost.
    await Promise.all(
      stores.flatMap((store) =>
        Array.from({ length: 5 }, () => store.sessions.update('shared', { countPinAttempt: true })),
      ),
    );
    expect((await stores[1]?.sessions.read('shared'))?.session.pinAttempts).toBe(20);
    // Pin writes from the same version: exactly one wins.
    const won = await Promise.all(
      stores.map((store, index) =>
        store.sessions.update('shared', {
          pin: { value: { task: `task ${index}`, taskUserId: null, clarifications: [] }, expectedPinVersion: 0 },
        }),
      ),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    await Promise.all(stores.map((store) => store.close()));
  });

  it('forgets a user while other stores append to the same thread, without failing either', async () => {
    const schema = freshSchema('forget_race');
    const stores = await Promise.all(
      Array.from({ length: 3 }, () => postgresStore({ connectionString: url, schema, poolSize: 3 })),
    );
    const [forgetter, ...writers] = stores as [(typeof stores)[number], ...Array<(typeof stores)[number]>];
    const appends = writers.flatMap((store, writer) =>
      Array.from({ length: 15 }, (_, index) =>
        store.sessions.appendExchange(
          exchange('thread', index % 2 === 0 ? 'ana' : 'bo', `w${writer} ${index} question`, 'reply', new Date()),
        ),
      ),
    );
    const forgets = Array.from({ length: 5 }, () => forgetter.forget({ agentId: 'bot', userId: 'ana' }));
    await Promise.all([...appends, ...forgets]);
    await forgetter.forget({ agentId: 'bot', userId: 'ana' });
    const left = (await forgetter.sessions.read('thread'))?.turns ?? [];
    expect(left.length).toBe(2 * 2 * 7);
    expect(left.filter((turn) => turn.userId === 'ana')).toEqual([]);
    await Promise.all(stores.map((store) => store.close()));
  });

  it('records an exchange whose session another writer creates and a forget deletes while it waits', async () => {
    const schema = freshSchema('session_gone');
    const store = await postgresStore({ connectionString: url, schema });
    const creator = new pg.Client({ connectionString: url });
    const deleter = new pg.Client({ connectionString: url });
    await Promise.all([creator.connect(), deleter.connect()]);
    try {
      // Which of the two waiters moves first when the creator commits is the server's choice: several rounds, so
      // that the order where the forget locks the row first (the one that failed appends) comes up.
      for (let round = 0; round < 6; round += 1) {
        const key = `thread-${round}`;
        const insertSession = `INSERT INTO "${schema}".sessions (key, uuid, agent_id, channel_id, thread_id,
          created_at, updated_at) VALUES ('${key}', 'uuid-${key}', 'bot', NULL, 'team', now(), now())`;
        // Another append's transaction has created the session row and not yet committed.
        await creator.query('BEGIN');
        await creator.query(insertSession);
        // The append waits on that row's key; so does a forget, which then locks the row and deletes it.
        const appended = store.sessions.appendExchange(exchange(key, 'bo', 'bo asks', 'sure', new Date()));
        await deleter.query('BEGIN');
        const locked = deleter.query(
          `${insertSession} ON CONFLICT (key) DO UPDATE SET updated_at = excluded.updated_at`,
        );
        await waitForLockWaiters(schema, 2);
        await creator.query('COMMIT');
        await locked;
        // As a forget does: the session goes only when no turn is left in it.
        await deleter.query(
          `DELETE FROM "${schema}".sessions s WHERE key = '${key}'
           AND NOT EXISTS (SELECT 1 FROM "${schema}".turns WHERE session_key = s.key)`,
        );
        await deleter.query('COMMIT');
        // Whichever came first, the append is recorded: it created the session again rather than failing.
        const ids = await appended;
        const turns = (await store.sessions.read(key))?.turns ?? [];
        expect(turns.map((turn) => turn.id)).toEqual([ids.userTurnId, ids.assistantTurnId]);
      }
    } finally {
      await Promise.all([creator.end(), deleter.end()]);
      await store.close();
    }
  });

  it('leaves no row, token or summary of a forgotten user in any table of the schema', async () => {
    const schema = freshSchema('forget');
    const store = await postgresStore({ connectionString: url, schema });
    const at = new Date('2026-02-01T00:00:00Z');
    await store.sessions.appendExchange(
      exchange('thread', 'ana', 'ana plans the zebrafish launch 鸭嘴兽', 'noted', at),
    );
    await store.sessions.appendExchange(exchange('thread', 'bo', 'bo asks about budgets', 'sure', at));
    await store.sessions.appendExchange(
      exchange('thread', 'ana', 'ana again zebrafish', 'zebrafish reply', new Date('2026-02-02T00:00:00Z')),
    );
    await store.sessions.appendExchange(exchange('private-ana', 'ana', 'my zebrafish secret', 'ok', at));
    const thread = await store.sessions.read('thread');
    const [first, firstReply, second] = thread?.turns ?? [];
    await store.sessions.update('thread', {
      pin: {
        value: {
          task: 'zebrafish launch',
          taskUserId: 'ana',
          clarifications: [{ text: 'zebrafish first', userId: 'ana' }],
        },
        expectedPinVersion: 0,
      },
    });
    await store.sessions.compress('thread', {
      summary: 'ana talked about zebrafish',
      throughTurnId: firstReply?.id ?? 0,
      expectedThroughTurnId: 0,
      expectedHistoryVersion: 0,
    });
    await store.facts.insert(
      { agentId: 'bot', userId: 'ana' },
      {
        text: 'Ana runs the zebrafish launch',
        hash: 'h1',
        sourceSessionKey: 'thread',
        sourceTurnId: first?.id ?? null,
        source: 'user',
        at,
      },
    );
    await store.facts.insert(
      { agentId: 'bot', userId: 'bo' },
      {
        text: 'Bo owns budgets',
        hash: 'h2',
        sourceSessionKey: 'thread',
        sourceTurnId: second?.id ?? null,
        source: 'user',
        context: 'ana plans the zebrafish launch 鸭嘴兽\nbo asks about budgets',
        contextTurnIds: [first?.id ?? 0, second?.id ?? 0],
        at,
      },
    );

    const report = await store.forget({ agentId: 'bot', userId: 'ana' });
    expect(report).toMatchObject({ turns: 6, facts: 1, factsRewritten: 1 });

    const leftovers = await withClient(async (client) => {
      const columns = (
        await client.query(
          `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1
           AND data_type IN ('text', 'jsonb', 'tsvector') ORDER BY table_name, column_name`,
          [schema],
        )
      ).rows as Array<{ table_name: string; column_name: string }>;
      expect(columns.length).toBeGreaterThan(30);
      const found: string[] = [];
      for (const { table_name, column_name } of columns) {
        const rows = await client.query(
          `SELECT "${column_name}"::text AS value FROM "${schema}"."${table_name}"
           WHERE "${column_name}"::text ~* '(zebrafish|鸭嘴|嘴兽|ana)'`,
        );
        for (const row of rows.rows) found.push(`${table_name}.${column_name}: ${row.value}`);
      }
      return found;
    });
    expect(leftovers).toEqual([]);
    const left = await store.sessions.read('thread');
    expect(left?.session.summary).toBeNull();
    expect(left?.turns.map((turn) => turn.text)).toEqual(['bo asks about budgets', 'sure']);
    await store.close();
  });

  it("finds a frequent term's most recent facts in the scope, dense or sparse, past the newest 2,000, and a rare one's by bm25", async () => {
    const postgres = await freshStore('frequent');
    const alice = { agentId: 'bot', userId: 'alice' };
    const bob = { agentId: 'bot', userId: 'bob' };
    // Alice: 2,300 facts; "deploy" in every third (dense), "kafka" in 20 of her oldest 300 (rare in her scope, and
    // outside her newest 2,000), "redis" in most; Bob: 300 facts with "kafka" and "deploy", newer than all of hers.
    const rows: Array<[typeof alice, string]> = [];
    for (let index = 0; index < 2300; index += 1) {
      const words = [
        `topic${index}`,
        index % 3 === 0 ? 'deploy' : 'build',
        index < 300 && index % 15 === 0 ? 'kafka' : 'redis',
      ];
      rows.push([alice, `User talked about ${words.join(' and ')}`]);
    }
    for (let index = 0; index < 300; index += 1)
      rows.push([bob, `User runs kafka cluster ${index} with deploy ${index}`]);
    const ids: number[] = [];
    for (const [at, [scope, text]] of rows.entries()) {
      const inserted = await postgres.facts.insert(scope, {
        text,
        hash: `h${at}`,
        sourceSessionKey: null,
        sourceTurnId: null,
        source: 'api',
        at: new Date(Date.UTC(2024, 0, 1) + at * 60_000),
      });
      ids.push(inserted?.id ?? 0);
    }
    const search = async (words: string[]) =>
      (
        await postgres.facts.search(alice, buildSearchQuery({ words, cjk: [] }, FACT_SEARCH_WEIGHTS), { limit: 10 })
      ).map((candidate) => candidate.fact.id);
    // Dense: her ten newest facts that hold it.
    const deploy = ids
      .filter((_, at) => at < 2300 && at % 3 === 0)
      .slice(-10)
      .reverse();
    expect(await search(['deploy'])).toEqual(deploy);
    // Rare in her scope (however frequent in Bob's): her ten facts that hold it, none of Bob's.
    const kafka = new Set(ids.filter((_, at) => at < 300 && at % 15 === 0));
    const found = await search(['kafka']);
    expect(found).toHaveLength(10);
    for (const id of found) expect(kafka.has(id)).toBe(true);
    // A rare term and a frequent one: the rare one is ranked.
    const both = await search(['kafka', 'deploy']);
    expect(both).toHaveLength(10);
    for (const id of both) expect(kafka.has(id)).toBe(true);
    // Every term frequent: the facts that hold most of them, the newest first among equals.
    const frequent = await search(['redis', 'build', 'deploy']);
    expect(frequent).toHaveLength(10);
    expect(frequent.every((id) => ids.indexOf(id) >= 300 && ids.indexOf(id) < 2300)).toBe(true);
  }, 120_000);

  it('finds the facts and turns the SQLite store finds, and forgets superseded and removed facts', async () => {
    const postgres = await freshStore('parity');
    const sqlite = sqliteStore({ path: ':memory:' });
    const scope = { agentId: 'bot', userId: 'ana' };
    const texts = [
      ['User deploys the API with docker on Fly.io', 'we talked about deploying services and docker images'],
      ['User prefers pnpm over npm', 'which package manager do you like'],
      ['User lives in Lisbon since May 2023', 'moving to Portugal was a big deploy of my life'],
      ['用户喜欢喝乌龙茶', '我们聊了茶和咖啡'],
      ['User deployed docker docker compose stacks', ''],
      ['ユーザーは東京に住んでいます', '東京の天気'],
      // A phrase that overlaps itself (哈哈 哈哈 in 哈哈 哈哈 哈哈): counted as FTS5 counts its instances.
      ['他哈哈哈哈大笑', '哈哈哈'],
    ] as const;
    for (const [index, [text, context]] of texts.entries()) {
      for (const store of [postgres, sqlite]) {
        await store.facts.insert(scope, {
          text,
          hash: `h${index}`,
          sourceSessionKey: null,
          sourceTurnId: null,
          source: 'api',
          context,
          at: new Date(Date.UTC(2023, index, 8)),
        });
        await store.facts.insert(
          { agentId: 'bot', userId: 'bo' },
          {
            text: `Bo also mentions ${text}`,
            hash: `b${index}`,
            sourceSessionKey: null,
            sourceTurnId: null,
            source: 'api',
            at: new Date(Date.UTC(2023, index, 9)),
          },
        );
      }
    }
    const dialogue = [
      ['how do I deploy with docker?', 'Use docker compose, then deploy to Fly.io.'],
      ['我想喝茶', '乌龙茶很好'],
      ['what about pnpm workspaces', 'pnpm workspaces link packages'],
      ['東京はどうですか', '東京は晴れです'],
      ['remind me of the docker deploy steps', 'build, push, deploy'],
    ] as const;
    for (const [index, [user, reply]] of dialogue.entries()) {
      for (const store of [postgres, sqlite]) {
        await store.sessions.appendExchange(exchange('s', 'ana', user, reply, new Date(Date.UTC(2023, 4, index + 1))));
      }
    }
    const queries: FactQuery[] = [
      { words: ['docker', 'deploy'], cjk: [] },
      { words: ['pnpm'], cjk: [] },
      { words: ['lisbon', 'may'], cjk: [], dates: ['y2023', 'm202305', 'mmay'] },
      { words: [], cjk: ['乌龙茶', '茶'] },
      { words: ['deploying', 'services'], cjk: ['東京'] },
      { words: ['fly.io', 'compose'], cjk: [] },
      { words: [], cjk: ['哈哈哈', '大笑'] },
    ];
    // Each engine ranks by its own bm25 (Postgres's corpus figures are the scope's, SQLite's the whole index's, which
    // in a corpus this small reorders close scores): the same documents are found.
    const foundTexts = (found: Array<{ fact: { text: string } } | { turn: { text: string } }>) =>
      found.map((hit) => ('fact' in hit ? hit.fact.text : hit.turn.text));
    let hits = 0;
    for (const query of queries) {
      const facts = buildSearchQuery(query, FACT_SEARCH_WEIGHTS);
      const [mine, theirs] = [
        foundTexts(await postgres.facts.search(scope, facts, { limit: 10 })),
        foundTexts(await sqlite.facts.search(scope, facts, { limit: 10 })),
      ];
      expect([...mine].sort()).toEqual([...theirs].sort());
      hits += mine.length;
      const turns = buildSearchQuery(query, TURN_SEARCH_WEIGHTS);
      const [mineTurns, theirTurns] = [
        foundTexts(await postgres.turnSearch.search('s', turns, { limit: 10 })),
        foundTexts(await sqlite.turnSearch.search('s', turns, { limit: 10 })),
      ];
      expect([...mineTurns].sort()).toEqual([...theirTurns].sort());
      hits += mineTurns.length;
    }
    expect(hits).toBeGreaterThan(20);
    // Superseded and removed facts are found no more; an edited one by its new words only.
    const [first, second, third] = await postgres.facts.list(scope);
    await postgres.facts.supersede(scope, first?.id ?? 0, second?.id ?? 0);
    await postgres.facts.edit(scope, third?.id ?? 0, {
      text: 'User lives in Porto now',
      hash: 'porto',
      at: new Date(),
    });
    await postgres.facts.remove(scope, second?.id ?? 0);
    const find = async (words: string[]) =>
      foundTexts(
        await postgres.facts.search(scope, buildSearchQuery({ words, cjk: [] }, FACT_SEARCH_WEIGHTS), { limit: 10 }),
      );
    expect(await find(['docker', 'deploy'])).not.toContain(foundTexts([{ fact: first ?? { text: '' } }])[0]);
    expect(await find(['pnpm'])).toEqual([]);
    expect(await find(['porto'])).toEqual(['User lives in Porto now']);
    expect(await find(['lisbon'])).toEqual([]);
    await postgres.close();
    await sqlite.close();
  });

  it('quotes any token into a tsquery that never throws and always matches the token itself (property)', async () => {
    await withClient(async (client) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc
              .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
              .map((token) => token.replaceAll(/\s/gu, '').replaceAll(String.fromCharCode(0), ''))
              .filter((token) => token !== ''),
            {
              minLength: 1,
              maxLength: 4,
            },
          ),
          fc.boolean(),
          async (tokens, prefix) => {
            const query = toTsquery({ tokens, prefix }, [0, 2]);
            const stored = prefix ? [...tokens.slice(0, -1), `${tokens.at(-1)}tail`] : tokens;
            const { rows } = await client.query(
              `SELECT array_to_tsvector($1::text[]) @@ $3::tsquery AS found,
                 array_to_tsvector($2::text[]) @@ $3::tsquery AS elsewhere, $3::tsquery::text AS parsed`,
              [stored.map((token) => `2 ${token}`), stored.map((token) => `1 ${token}`), query?.query],
            );
            expect(rows[0].found).toBe(true);
            // A field the term does not name never matches.
            expect(rows[0].elsewhere).toBe(false);
            // Nothing of a token was read as syntax: every token comes back as one lexeme, in each field.
            const group = (field: number) => {
              const lexemes = tokens.map(
                (token, index) =>
                  `${quoteLexeme(`${field} ${token}`)}${prefix && index === tokens.length - 1 ? ':*' : ''}`,
              );
              return lexemes.join(' & ');
            };
            expect(rows[0].parsed).toBe(`${group(0)} | ${group(2)}`);
          },
        ),
        { numRuns: 300 },
      );
    });
  });

  it('fails to open with STORE_OPEN_FAILED naming the server, never the password', async () => {
    const error = await postgresStore({ connectionString: 'postgres://memstack:s3cret-pw@127.0.0.1:1/none' }).catch(
      (caught: unknown) => caught,
    );
    expect(StoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'STORE_OPEN_FAILED' });
    expect((error as Error).message).toContain('127.0.0.1:1');
    expect((error as Error).message).not.toContain('s3cret-pw');
    await expect(postgresStore({ connectionString: url, schema: 'Robert"); DROP' })).rejects.toMatchObject({
      code: 'STORE_OPEN_FAILED',
    });
  });

  it('refuses a schema migrated by a newer memstack', async () => {
    const schema = freshSchema('newer');
    await (await postgresStore({ connectionString: url, schema })).close();
    await withClient((client) => client.query(`INSERT INTO "${schema}".migrations (version) VALUES (999)`));
    await expect(postgresStore({ connectionString: url, schema })).rejects.toMatchObject({
      code: 'STORE_MIGRATION_FAILED',
      message: expect.stringContaining('999'),
    });
  });

  it('refuses a database that is not UTF8', async () => {
    const database = `memstack_ascii_${freshSchema('db').slice(-12)}`;
    await withClient((client) =>
      client.query(`CREATE DATABASE ${database} ENCODING 'SQL_ASCII' TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'`),
    );
    try {
      const other = new URL(url);
      other.pathname = `/${database}`;
      await expect(postgresStore({ connectionString: other.toString() })).rejects.toMatchObject({
        code: 'STORE_OPEN_FAILED',
        message: expect.stringContaining('SQL_ASCII'),
      });
    } finally {
      await withClient((client) => client.query(`DROP DATABASE IF EXISTS ${database}`));
    }
  });

  it("enqueues an exchange's extraction job in the exchange's transaction, and drops a forgotten session's jobs", async () => {
    const schema = freshSchema('jobs');
    const store = await postgresStore({ connectionString: url, schema, poolSize: 2 });
    if (!store.jobs) throw new Error('the store keeps jobs by default');
    const ids = await store.sessions.appendExchange({
      ...exchange('ana-private', 'ana', 'hello', 'hi', new Date()),
      extraction: { previousTurnId: null },
    });
    const queued = async () => (await store.jobs?.list({ state: 'queued', limit: 10 }))?.map((view) => view.job);
    expect(await queued()).toEqual([
      {
        kind: 'extract',
        sessionKey: 'ana-private',
        previousTurnId: null,
        userTurnId: ids.userTurnId,
        throughTurnId: ids.assistantTurnId,
      },
    ]);
    // A queue that refuses bo's job: the exchange goes with it.
    await store.pool.query(`ALTER TABLE "${schema}".jobs ADD CONSTRAINT refuse_bo CHECK (session_key <> 'bo')`);
    await expect(
      store.sessions.appendExchange({
        ...exchange('bo', 'bo', 'q', 'a', new Date()),
        extraction: { previousTurnId: null },
      }),
    ).rejects.toMatchObject({ code: 'STORE_QUERY_FAILED' });
    expect(await store.sessions.read('bo')).toBeNull();
    await store.forget({ agentId: 'bot', userId: 'ana' });
    expect(await queued()).toEqual([]);
    await store.close();
  });

  it("carries the jobs still waiting in pg-boss's schema (an earlier memstack's queue) into the store's queue", async () => {
    const schema = freshSchema('carry');
    // The columns of pg-boss's job table that the migration reads; its states are an enum there, text here.
    await withClient((client) =>
      client.query(`CREATE SCHEMA "${schema}_jobs";
        CREATE TABLE "${schema}_jobs".job (name text, data jsonb, state text, created_on timestamptz);
        INSERT INTO "${schema}_jobs".job VALUES
          ('memstack-extract-03', '{"kind":"extract","sessionKey":"s1","previousTurnId":null,"userTurnId":1,"throughTurnId":2}', 'retry', now() - interval '1 minute'),
          ('memstack-purge', '{"kind":"purge"}', 'created', now()),
          ('memstack-extract-01', '{"kind":"extract","sessionKey":"s2","previousTurnId":null,"userTurnId":3,"throughTurnId":4}', 'completed', now()),
          ('other-queue', '{"kind":"purge"}', 'created', now());`),
    );
    const store = await postgresStore({ connectionString: url, schema, poolSize: 2 });
    expect((await store.jobs?.list({ state: 'queued', limit: 10 }))?.map((view) => view.job)).toEqual([
      { kind: 'purge' },
      { kind: 'extract', sessionKey: 's1', previousTurnId: null, userTurnId: 1, throughTurnId: 2 },
    ]);
    await store.close();
  });

  it('keeps no queue when opened with jobs: false', async () => {
    const store = await postgresStore({ connectionString: url, schema: freshSchema('nojobs'), jobs: false });
    expect(store.jobs).toBeUndefined();
    await store.sessions.appendExchange({
      ...exchange('s', 'u', 'hello', 'hi', new Date()),
      extraction: { previousTurnId: null },
    });
    expect((await store.pool.query(`SELECT count(*)::int AS n FROM "${store.schema}".jobs`)).rows).toEqual([{ n: 0 }]);
    await store.close();
  });

  it('stores and finds a turn with a token too long for a tsvector, and a long turn', async () => {
    const store = await freshStore('long');
    const long = `x${'ab'.repeat(1500)}`;
    const words = Array.from({ length: 40_000 }, (_, index) => `w${index.toString(36)}q`).join(' ');
    await store.sessions.appendExchange(exchange('s', 'u', `before ${long} after`, words, new Date()));
    const search = (word: string) =>
      store.turnSearch.search('s', buildSearchQuery({ words: [word], cjk: [] }, TURN_SEARCH_WEIGHTS), { limit: 5 });
    expect((await search(long)).map((hit) => hit.turn.role)).toEqual(['user']);
    expect((await search('w0q')).map((hit) => hit.turn.role).sort()).toEqual(['assistant', 'user']);
    expect((await search(`w${(39_999).toString(36)}q`)).map((hit) => hit.turn.role)).toEqual(['assistant']);
    await expect(
      store.sessions.appendExchange(exchange('s', 'u', 'a NUL \u0000 here', 'ok', new Date())),
    ).rejects.toMatchObject({ code: 'STORE_QUERY_FAILED', message: expect.stringContaining('U+0000') });
    await store.close();
  });

  it("leaves a caller's pool open on close, and refuses calls after it", async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const store = await postgresStore({ pool, schema: freshSchema('pool') });
    await store.sessions.appendExchange(exchange('s', 'u', 'hi', 'hello', new Date()));
    await store.close();
    await expect(store.sessions.read('s')).rejects.toMatchObject({ code: 'STORE_CLOSED' });
    expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await pool.end();
  });
});

/** Waits until `count` statements on the schema's sessions wait for a lock (each a state of the server, polled). */
async function waitForLockWaiters(schema: string, count: number): Promise<void> {
  for (;;) {
    const [row] = await withClient((client) =>
      client.query<{ waiting: number }>(
        `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`,
        [`%"${schema}".sessions%`],
      ),
    ).then((result) => result.rows);
    if ((row?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
