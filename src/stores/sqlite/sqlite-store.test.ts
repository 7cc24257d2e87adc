import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveSessionHandle } from '../../core/scope/derive-session-handle.js';
import { buildSearchQuery, FACT_SEARCH_WEIGHTS, TURN_SEARCH_WEIGHTS } from '../../core/search/build-search-query.js';
import { StoreError } from '../../spec/errors/store-error.js';
import type { FactQuery } from '../../spec/memory-store.js';
import { runMemoryStoreContract } from '../../store-kit/contract.js';
import { scopeToken } from './scope-token.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { SQLITE_MIGRATIONS } from './sqlite-migrations.js';
import { sqliteStore } from './sqlite-store.js';

runMemoryStoreContract('sqlite (:memory:)', () => sqliteStore({ path: ':memory:' }));

describe('sqliteStore on a file', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-sqlite-'));
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  runMemoryStoreContract('sqlite (file)', () => sqliteStore({ path: join(directory, `contract-${Math.random()}.db`) }));

  it('opens in WAL mode with secure delete, at the latest schema version, and keeps data across reopen', async () => {
    const path = join(directory, 'memory.db');
    const store = sqliteStore({ path });
    expect(store.database.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.database.pragma('secure_delete', { simple: true })).toBe(1);
    expect(store.database.pragma('user_version', { simple: true })).toBe(SQLITE_MIGRATIONS.length);
    await store.facts.insert(
      { agentId: 'a' },
      { text: 'kept', hash: 'h', sourceSessionKey: null, sourceTurnId: null, source: 'api', at: new Date() },
    );
    await store.close();
    const reopened = sqliteStore({ path });
    expect((await reopened.facts.list({ agentId: 'a' })).map((fact) => fact.text)).toEqual(['kept']);
    await reopened.close();
  });

  it('upgrades a version 2 database: facts keep their index (superseded ones stay out), turns get theirs', async () => {
    const path = join(directory, 'v2.db');
    const old = new Database(path);
    for (const [index, migration] of SQLITE_MIGRATIONS.slice(0, 2).entries()) {
      old.exec(migration);
      old.pragma(`user_version = ${index + 1}`);
    }
    const insertFact = old.prepare(
      `INSERT INTO facts (agent_id, user_id, scope, text, grams, hash, created_at, superseded_by)
       VALUES ('a', 'u', ?, ?, '', ?, ?, ?)`,
    );
    const scope = '1234567890';
    insertFact.run(scope, 'User deploys with docker', 'h1', Date.parse('2023-05-08T00:00:00Z'), null);
    insertFact.run(scope, 'User deployed with heroku', 'h2', Date.parse('2022-01-01T00:00:00Z'), 1);
    old
      .prepare("INSERT INTO sessions (key, uuid, agent_id, created_at, updated_at) VALUES ('s', 'u', 'a', 0, 0)")
      .run();
    const insertTurn = old.prepare(
      "INSERT INTO turns (session_key, role, text, tokens, created_at) VALUES ('s', ?, ?, 1, 0)",
    );
    insertTurn.run('user', 'which hosting should we pick?');
    insertTurn.run('assistant', 'Option A: Fly.io. Option B: Hetzner.');
    old.close();

    const store = sqliteStore({ path });
    expect(store.database.pragma('user_version', { simple: true })).toBe(SQLITE_MIGRATIONS.length);
    const facts = store.database
      .prepare("SELECT rowid FROM facts_words WHERE facts_words MATCH 'docker OR heroku OR dated : m202305'")
      .all();
    expect(facts).toEqual([{ rowid: 1 }]);
    const turns = await store.turnSearch.search('s', turnQuery({ words: ['hetzner'], cjk: [] }), { limit: 5 });
    expect(turns.map((hit) => hit.turn.text)).toEqual([
      'Option A: Fly.io. Option B: Hetzner.',
      'which hosting should we pick?',
    ]);
    store.database.exec("INSERT INTO facts_words (facts_words) VALUES ('integrity-check')");
    store.database.exec("INSERT INTO turns_words (turns_words) VALUES ('integrity-check')");
    await store.close();
  });

  it('refuses a database from a newer memstack', () => {
    const path = join(directory, 'future.db');
    const database = new Database(path);
    database.pragma(`user_version = ${SQLITE_MIGRATIONS.length + 1}`);
    database.close();
    expect(() => sqliteStore({ path })).toThrowError(expect.objectContaining({ code: 'STORE_MIGRATION_FAILED' }));
  });

  it('reports a path it cannot open as a StoreError', () => {
    const error = (() => {
      try {
        sqliteStore({ path: join(directory, 'missing', 'dir', 'x.db') });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as StoreError).code).toBe('STORE_OPEN_FAILED');
  });

  /** A database file at `version`, built by the migrations of then, with one session of one exchange and a fact. */
  const oldDatabase = (name: string, version: number, texts: { fact: string; user: string; reply: string }) => {
    const path = join(directory, name);
    const old = new Database(path);
    for (const [index, migration] of SQLITE_MIGRATIONS.slice(0, version).entries()) {
      old.exec(migration);
      old.pragma(`user_version = ${index + 1}`);
    }
    old
      .prepare(
        `INSERT INTO sessions (key, uuid, agent_id, first_user_id, created_at, updated_at)
         VALUES ('s', 'u', 'bot', 'minji', 0, 0)`,
      )
      .run();
    const insertTurn = old.prepare(
      "INSERT INTO turns (session_key, role, text, user_id, tokens, created_at) VALUES ('s', ?, ?, 'minji', 1, ?)",
    );
    insertTurn.run('user', texts.user, Date.parse('2023-05-08T10:00:00Z'));
    insertTurn.run('assistant', texts.reply, Date.parse('2023-05-08T10:00:01Z'));
    old
      .prepare(
        `INSERT INTO facts (agent_id, user_id, scope, text, grams, dated, hash, created_at)
         VALUES ('bot', 'minji', ?, ?, '', 'y2023 m202305 mmay', 'h', ?)`,
      )
      .run(scopeToken({ agentId: 'bot', userId: 'minji' }), texts.fact, Date.parse('2023-05-08T10:00:00Z'));
    old.close();
    return path;
  };

  it('upgrades a version 5 database: Korean stored before is indexed by bigrams, and found', async () => {
    const scope = { agentId: 'bot', userId: 'minji' };
    const path = oldDatabase('v5-korean.db', 5, {
      fact: '사용자는 주말마다 학교에서 한국어를 가르친다',
      user: '쿠버네티스 클러스터를 서울 리전에 배포해요',
      reply: 'ok',
    });
    const upgraded = sqliteStore({ path });
    expect(upgraded.database.pragma('user_version', { simple: true })).toBe(SQLITE_MIGRATIONS.length);
    const query = { words: [], cjk: ['학교'], dates: [] };
    expect((await upgraded.facts.search(scope, factQuery(query), { limit: 3 })).map((hit) => hit.fact.text)).toEqual([
      '사용자는 주말마다 학교에서 한국어를 가르친다',
    ]);
    const grams = upgraded.database.prepare('SELECT grams FROM turns_cjk').all() as Array<{ grams: string }>;
    expect(grams.map((row) => row.grams)).toContain(
      '쿠버 버네 네티 티스 스 클러 러스 스터 터를 를 서울 울 리전 전에 에 배포 포해 해요 요',
    );
    await upgraded.close();
  });

  it('upgrades a version 6 database: what FTS5 stemmed is indexed again as the core stems it, and found', async () => {
    const scope = { agentId: 'bot', userId: 'minji' };
    const path = oldDatabase('v6-porter.db', 6, {
      fact: 'User deploys the billing services on Kubernetes',
      user: 'Which clusters are running the deployments?',
      reply: 'The deployments are running on two clusters',
    });
    const upgraded = sqliteStore({ path });
    expect(upgraded.database.pragma('user_version', { simple: true })).toBe(SQLITE_MIGRATIONS.length);
    const facts = await upgraded.facts.search(scope, factQuery({ words: ['deploying', 'service'], cjk: [] }), {
      limit: 3,
    });
    expect(facts.map((hit) => hit.fact.text)).toEqual(['User deploys the billing services on Kubernetes']);
    const tokens = upgraded.database.prepare('SELECT text_tokens FROM facts').get() as { text_tokens: string };
    expect(tokens.text_tokens).toBe('user deploi the bill servic on kubernet');
    const turns = await upgraded.turnSearch.search('s', turnQuery({ words: ['cluster', 'run'], cjk: [] }), {
      limit: 5,
    });
    expect(turns.map((hit) => hit.turn.text)).toEqual([
      'The deployments are running on two clusters',
      'Which clusters are running the deployments?',
    ]);
    await upgraded.close();
  });

  it('upgrades a version 3 database: a session without channel and thread is split into private sessions', async () => {
    const path = join(directory, 'v3.db');
    const old = new Database(path);
    for (const [index, migration] of SQLITE_MIGRATIONS.slice(0, 3).entries()) {
      old.exec(migration);
      old.pragma(`user_version = ${index + 1}`);
    }
    const clarifications = JSON.stringify([
      { text: 'ana: EU region', userId: 'ana' },
      { text: 'bob: nightly backups', userId: 'bob' },
    ]);
    old
      .prepare(
        `INSERT INTO sessions (key, uuid, agent_id, pin_task, pin_task_user_id, pin_clarifications, summary,
         summary_through, created_at, updated_at) VALUES (?, 'u', ?, ?, ?, ?, ?, ?, 0, 0)`,
      )
      .run('bot/-/-', 'bot', 'migrate billing', 'ana', clarifications, 'quotes everyone', 2);
    old
      .prepare(
        `INSERT INTO sessions (key, uuid, agent_id, summary, summary_through, created_at, updated_at)
         VALUES ('solo/-/-', 'u2', 'solo', 'carol summary', 2, 0, 0)`,
      )
      .run();
    const insertTurn = old.prepare(
      'INSERT INTO turns (session_key, role, text, user_id, tokens, created_at) VALUES (?, ?, ?, ?, 1, 0)',
    );
    for (const [key, userId, text] of [
      ['bot/-/-', 'ana', 'ana asks'],
      ['bot/-/-', 'bob', 'bob asks'],
      ['bot/-/-', null, 'nobody asks'],
      ['solo/-/-', 'carol', 'carol asks'],
    ] as const) {
      insertTurn.run(key, 'user', text, userId);
      insertTurn.run(key, 'assistant', `reply to ${text}`, userId);
    }
    old
      .prepare(
        `INSERT INTO facts (agent_id, user_id, scope, text, grams, hash, source_session_key, source_turn_id, created_at)
         VALUES ('bot', 'ana', 's', 'Ana uses zsh', '', 'h', 'bot/-/-', 1, 0)`,
      )
      .run();
    old.close();

    const store = sqliteStore({ path });
    const ana = deriveSessionHandle({ agentId: 'bot', userId: 'ana' });
    const bob = deriveSessionHandle({ agentId: 'bot', userId: 'bob' });
    const carol = deriveSessionHandle({ agentId: 'solo', userId: 'carol' });
    const anaSession = await store.sessions.read(ana.key);
    expect(anaSession?.turns.map((turn) => turn.text)).toEqual(['ana asks', 'reply to ana asks']);
    expect(anaSession?.session).toMatchObject({
      uuid: ana.uuid,
      pin: { task: 'migrate billing', taskUserId: 'ana', clarifications: [{ text: 'ana: EU region', userId: 'ana' }] },
      summary: null,
      firstUserId: 'ana',
      shared: false,
    });
    const bobSession = await store.sessions.read(bob.key);
    expect(bobSession?.turns.map((turn) => turn.text)).toEqual(['bob asks', 'reply to bob asks']);
    expect(bobSession?.session).toMatchObject({ pin: null, summary: null });
    const agentOwn = await store.sessions.read('bot/-/-');
    expect(agentOwn?.turns.map((turn) => turn.text)).toEqual(['nobody asks', 'reply to nobody asks']);
    expect(agentOwn?.session).toMatchObject({ pin: null, summary: null, summaryThroughTurnId: 0 });
    // A lone speaker's session is only renamed: its summary stays.
    expect((await store.sessions.read(carol.key))?.session).toMatchObject({ summary: 'carol summary' });
    expect(await store.sessions.read('solo/-/-')).toBeNull();
    // Facts follow their session, and the turn index knows the new keys.
    expect(store.database.prepare('SELECT source_session_key AS key FROM facts').get()).toEqual({ key: ana.key });
    const hits = await store.turnSearch.search(bob.key, turnQuery({ words: ['bob'], cjk: [] }), { limit: 5 });
    expect(hits.map((hit) => hit.turn.text).sort()).toEqual(['bob asks', 'reply to bob asks']);
    await store.close();
  });

  it('accepts a database instance of the caller', async () => {
    const database = new Database(':memory:') as unknown as SqliteDatabase;
    const store = sqliteStore({ database });
    await store.facts.insert(
      { agentId: 'a' },
      { text: 'mine', hash: 'h', sourceSessionKey: null, sourceTurnId: null, source: 'api', at: new Date() },
    );
    expect(database.prepare('SELECT count(*) AS n FROM facts').get()).toEqual({ n: 1 });
    await store.close();
    expect(database.open).toBe(false);
  });

  it('leaves no byte of a forgotten fact or turn in the database file', async () => {
    const path = join(directory, 'forget.db');
    const store = sqliteStore({ path });
    const secret = 'zanzibarquokka';
    const secretCjk = '秘密暗号鸭嘴兽';
    const scope = { agentId: 'bot', userId: 'alice' };
    for (const text of [`User's password hint is ${secret}`, `用户的暗号是${secretCjk}`]) {
      await store.facts.insert(scope, {
        text,
        hash: text,
        sourceSessionKey: null,
        sourceTurnId: null,
        source: 'api',
        at: new Date(),
      });
    }
    await store.facts.insert(
      { agentId: 'bot', userId: 'bob' },
      { text: 'Bob likes tea', hash: 'b', sourceSessionKey: null, sourceTurnId: null, source: 'api', at: new Date() },
    );
    await store.sessions.appendExchange({
      session: { key: 's', uuid: 'u', agentId: 'bot', channelId: null, threadId: null },
      userId: 'alice',
      user: { text: `remember ${secret}`, tokens: 2 },
      assistant: { text: 'noted', tokens: 1 },
      taskSource: true,
      injectedFactIds: [],
      at: new Date(),
    });
    store.database.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = (): string => {
      const wal = (() => {
        try {
          return readFileSync(`${path}-wal`);
        } catch {
          return Buffer.alloc(0);
        }
      })();
      return Buffer.concat([readFileSync(path), wal]).toString('latin1');
    };
    const utf8 = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');
    expect(bytes()).toContain(secret);
    expect(bytes()).toContain(utf8('鸭嘴兽'));

    expect(await store.forget({ agentId: 'bot', userId: 'alice' })).toEqual({
      sessions: 1,
      turns: 2,
      facts: 2,
      factsRewritten: 0,
    });
    const after = bytes();
    expect(after).not.toContain(secret);
    expect(after).not.toContain(utf8('鸭嘴'));
    expect(after).not.toContain(utf8('嘴兽'));
    expect(after).toContain('Bob likes tea');
    await store.close();
  });

  it("leaves no byte of a forgotten user's item log in the file or its WAL, when only items were stored", async () => {
    const path = join(directory, 'forget-items.db');
    const store = sqliteStore({ path });
    const secret = 'qzitemlogsecret';
    const owner = { agentId: 'bot', channelId: null, threadId: null };
    const item = (said: string) => JSON.stringify({ role: 'user', content: said, filler: 'y'.repeat(2000) });
    await store.items.append({ ...owner, sessionKey: 'a', userId: 'alice' }, [item(`my code is ${secret}`)], {
      maxItems: 10,
      at: new Date(),
    });
    await store.items.append({ ...owner, sessionKey: 'b', userId: 'bob' }, [item('bob keeps tea')], {
      maxItems: 10,
      at: new Date(),
    });
    const bytes = (): string => {
      const files = [path, `${path}-wal`].flatMap((file) => {
        try {
          return [readFileSync(file)];
        } catch {
          return [];
        }
      });
      return Buffer.concat(files).toString('latin1');
    };
    expect(bytes()).toContain(secret);
    expect(await store.forget({ agentId: 'bot', userId: 'alice' })).toEqual({
      sessions: 0,
      turns: 0,
      facts: 0,
      factsRewritten: 0,
      items: 1,
    });
    expect(bytes()).not.toContain(secret);
    expect(bytes()).toContain('bob keeps tea');
    await store.close();
  });

  it('rewrites the file on a forget that removes nothing, when deleted bytes are still in free pages', async () => {
    // The state a forget whose rewrite failed leaves ("run forget again"): rows gone, their pages free but not
    // rewritten. Made here by deleting with secure delete off.
    const path = join(directory, 'free-pages.db');
    const store = sqliteStore({ path });
    const secret = 'qzfreepage7secret';
    const filler = 'x'.repeat(3000);
    for (let index = 0; index < 20; index += 1) {
      await store.facts.insert(
        { agentId: 'bot', userId: 'alice' },
        {
          text: `${secret} ${index} ${filler}`,
          hash: `h${index}`,
          sourceSessionKey: null,
          sourceTurnId: null,
          source: 'api',
          at: new Date(),
        },
      );
    }
    store.database.pragma('secure_delete = OFF');
    store.database.exec("DELETE FROM facts WHERE user_id = 'alice'");
    store.database.pragma('secure_delete = ON');
    store.database.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = () => readFileSync(path).toString('latin1');
    expect(store.database.pragma('freelist_count', { simple: true })).toBeGreaterThan(0);
    expect(bytes()).toContain(secret);
    expect(await store.forget({ agentId: 'bot', userId: 'nobody' })).toEqual({
      sessions: 0,
      turns: 0,
      facts: 0,
      factsRewritten: 0,
    });
    expect(bytes()).not.toContain(secret);
    await store.close();
  });
});

function factQuery(query: FactQuery) {
  return buildSearchQuery(query, FACT_SEARCH_WEIGHTS);
}

function turnQuery(query: FactQuery) {
  return buildSearchQuery(query, TURN_SEARCH_WEIGHTS);
}
