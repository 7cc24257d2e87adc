import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMemoryStoreContract } from '../../../test/contract/memory-store-contract.js';
import { StoreError } from '../../spec/errors/store-error.js';
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
      { text: 'kept', hash: 'h', sourceSessionKey: null, sourceTurnId: null, at: new Date() },
    );
    await store.close();
    const reopened = sqliteStore({ path });
    expect((await reopened.facts.list({ agentId: 'a' })).map((fact) => fact.text)).toEqual(['kept']);
    await reopened.close();
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

  it('accepts a database instance of the caller', async () => {
    const database = new Database(':memory:') as unknown as SqliteDatabase;
    const store = sqliteStore({ database });
    await store.facts.insert(
      { agentId: 'a' },
      { text: 'mine', hash: 'h', sourceSessionKey: null, sourceTurnId: null, at: new Date() },
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
      await store.facts.insert(scope, { text, hash: text, sourceSessionKey: null, sourceTurnId: null, at: new Date() });
    }
    await store.facts.insert(
      { agentId: 'bot', userId: 'bob' },
      { text: 'Bob likes tea', hash: 'b', sourceSessionKey: null, sourceTurnId: null, at: new Date() },
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

    expect(await store.forget({ agentId: 'bot', userId: 'alice' })).toEqual({ sessions: 1, turns: 2, facts: 2 });
    const after = bytes();
    expect(after).not.toContain(secret);
    expect(after).not.toContain(utf8('鸭嘴'));
    expect(after).not.toContain(utf8('嘴兽'));
    expect(after).toContain('Bob likes tea');
    await store.close();
  });
});
