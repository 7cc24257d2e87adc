import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Client, createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreError } from '../../spec/errors/store-error.js';
import type { LibsqlClient } from './libsql-client.js';
import { libsqlConnection } from './libsql-connection.js';

const busyTimeoutMs = 5000;
let directory: string;
const clients: Client[] = [];
const open = (name: string, timeout = 20): Client => {
  const client = createClient({ url: `file:${join(directory, name)}`, timeout });
  clients.push(client);
  return client;
};
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'memstack-libsql-'));
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  rmSync(directory, { recursive: true, force: true });
});

const codeOf = (error: unknown) => (StoreError.isInstance(error) ? error.code : String(error));

describe('libsqlConnection', () => {
  it('stores a Date as epoch ms and a boolean as 0/1, and reads rows as plain objects with numbers and bytes', async () => {
    const connection = libsqlConnection(open('values.db'), { busyTimeoutMs });
    const at = new Date('2026-01-02T03:04:05.678Z');
    await connection.write('make', async (sql) => {
      await sql.run('CREATE TABLE t (at INTEGER, flag INTEGER, big INTEGER, bytes BLOB, text TEXT) STRICT');
      return sql.run('INSERT INTO t VALUES (?, ?, ?, ?, ?)', [at, true, 2 ** 40, new Uint8Array([0, 1, 255]), 'é']);
    });
    const row = await connection.read('read', (sql) => sql.get<Record<string, unknown>>('SELECT * FROM t'));
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row).toEqual({ at: at.getTime(), flag: 1, big: 2 ** 40, bytes: new Uint8Array([0, 1, 255]), text: 'é' });
    expect(JSON.parse(JSON.stringify(row)).flag).toBe(1);
    expect(await connection.read('count', (sql) => sql.all('SELECT 1 AS one WHERE 0'))).toEqual([]);
    expect(await connection.write('change', (sql) => sql.run('UPDATE t SET flag = ?', [false]))).toBe(1);
    expect(await connection.write('change', (sql) => sql.run('UPDATE t SET flag = 1 RETURNING flag'))).toBe(1);
    // The connection that wrote has the SQLite store's per-connection settings.
    const pragmas = await connection.read('read the settings', async (sql) => ({
      ...(await sql.get<object>('PRAGMA synchronous')),
      ...(await sql.get<object>('PRAGMA secure_delete')),
      ...(await sql.get<object>('PRAGMA foreign_keys')),
    }));
    expect(pragmas).toEqual({ synchronous: 1, secure_delete: 1, foreign_keys: 1 });
  });

  it('rolls a write back whole when it throws, and names the operation in a STORE_QUERY_FAILED', async () => {
    const connection = libsqlConnection(open('rollback.db'), { busyTimeoutMs });
    await connection.write('make', (sql) => sql.run('CREATE TABLE t (n INTEGER)'));
    const failed = await connection
      .write('insert two', async (sql) => {
        await sql.run('INSERT INTO t VALUES (1)');
        await sql.run('INSERT INTO nowhere VALUES (2)');
      })
      .catch((error: unknown) => error);
    expect(codeOf(failed)).toBe('STORE_QUERY_FAILED');
    expect((failed as Error).message).toMatch(/^cannot insert two: .*no such table: nowhere/);
    expect(await connection.read('count', (sql) => sql.get('SELECT count(*) AS n FROM t'))).toEqual({ n: 0 });
  });

  it('finishes the write in hand on close, and is STORE_CLOSED for a call that came after', async () => {
    const connection = libsqlConnection(open('closed.db'), { busyTimeoutMs });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writing = connection.write('write', async (sql) => {
      await sql.run('CREATE TABLE t (n INTEGER)');
      await held;
      return 'written';
    });
    const closing = connection.close();
    const late = connection.read('read late', (sql) => sql.get('SELECT 1')).catch((error: unknown) => error);
    release();
    expect(await writing).toBe('written');
    await closing;
    expect(connection.closed).toBe(true);
    expect(codeOf(await late)).toBe('STORE_CLOSED');
    expect(codeOf(await connection.read('read', (sql) => sql.get('SELECT 1')).catch((error) => error))).toBe(
      'STORE_CLOSED',
    );
    await connection.close();
  });

  it('runs two write transactions of one process in turn, never one inside the other', async () => {
    // With a synchronous driver, a second BEGIN IMMEDIATE would wait for the first in SQLite's busy handler, with
    // the event loop (and so the first transaction) stopped.
    const client = open('turns.db');
    const events: string[] = [];
    const recording: LibsqlClient = {
      get closed() {
        return client.closed;
      },
      protocol: client.protocol,
      execute: (statement) => client.execute(statement),
      close: () => client.close(),
      reconnect: () => client.reconnect(),
      transaction: async (mode) => {
        events.push('begin');
        const transaction = await client.transaction(mode);
        const commit = transaction.commit.bind(transaction);
        return Object.assign(transaction, {
          commit: () => {
            events.push('commit');
            return commit();
          },
        });
      },
    };
    const connection = libsqlConnection(recording, { busyTimeoutMs });
    await connection.write('make', (sql) => sql.run('CREATE TABLE t (n INTEGER)'));
    events.length = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = connection.write('first', async (sql) => {
      await sql.run('INSERT INTO t VALUES (1)');
      await held;
    });
    const second = connection.write('second', (sql) => sql.run('INSERT INTO t VALUES (2)'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual(['begin']);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['begin', 'commit', 'begin', 'commit']);
  });

  it('reads while a write is open on an in-memory database, whose client has a single connection', async () => {
    const client = createClient({ url: ':memory:' });
    clients.push(client);
    const connection = libsqlConnection(client, { busyTimeoutMs });
    await connection.write('make', (sql) => sql.run('CREATE TABLE t (n INTEGER)'));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writing = connection.write('write', async (sql) => {
      await sql.run('INSERT INTO t VALUES (1)');
      await held;
    });
    const reading = connection.read('read', (sql) => sql.get('SELECT count(*) AS n FROM t'));
    release();
    await writing;
    expect(await reading).toEqual({ n: 1 });
  });

  it('waits asleep for a lock another connection holds, then writes; or gives up with STORE_BUSY', async () => {
    const other = open('locked.db');
    await other.execute('PRAGMA journal_mode = WAL');
    await other.execute('CREATE TABLE t (n INTEGER)');
    const connection = libsqlConnection(open('locked.db'), { busyTimeoutMs });
    const holding = await other.transaction('write');
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 5);
    setTimeout(() => holding.commit(), 300);
    await connection.write('insert', (sql) => sql.run('INSERT INTO t VALUES (1)'));
    clearInterval(ticker);
    // A busy wait inside the driver would have frozen the timers for the whole 300 ms.
    expect(ticks).toBeGreaterThan(3);

    const impatient = libsqlConnection(open('locked.db'), { busyTimeoutMs: 100 });
    const stuck = await other.transaction('write');
    const error = await impatient.write('insert', (sql) => sql.run('INSERT INTO t VALUES (2)')).catch((e) => e);
    await stuck.rollback();
    expect(codeOf(error)).toBe('STORE_BUSY');
    expect((error as StoreError).isRetryable).toBe(true);
    await impatient.write('insert', (sql) => sql.run('INSERT INTO t VALUES (2)'));
    expect(await connection.read('count', (sql) => sql.get('SELECT count(*) AS n FROM t'))).toEqual({ n: 2 });
  });

  it('lets two processes open one new file at once and write it together: every write counted once', async () => {
    const worker = join(dirname(fileURLToPath(import.meta.url)), '../../../test/support/libsql-worker.ts');
    const file = join(directory, 'shared.db');
    const startAt = String(Date.now() + 1500);
    const run = () =>
      new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', worker, file, '50', startAt], {
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, output }));
      });
    const results = await Promise.all([run(), run()]);
    for (const result of results) expect(result).toEqual({ code: 0, output: '{"done":true}\n' });
    const check = open('shared.db');
    expect((await check.execute('SELECT count FROM tally')).rows[0]?.count).toBe(100);
  }, 60_000);
});
