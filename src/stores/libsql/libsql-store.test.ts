import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreError } from '../../spec/errors/store-error.js';
import { runMemoryStoreContract } from '../../store-kit/contract.js';
import { exchange, fact } from '../../store-kit/contract-fixtures.js';
import { sqliteStore } from '../sqlite/sqlite-store.js';
import type { LibsqlClient } from './libsql-client.js';
import { libsqlStore } from './libsql-store.js';

runMemoryStoreContract('libsql (:memory:)', () => libsqlStore({ url: ':memory:' }));

describe('libsqlStore on a file', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-libsql-'));
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  runMemoryStoreContract('libsql (file:)', () =>
    libsqlStore({ url: `file:${join(directory, `contract-${Math.random()}.db`)}` }),
  );

  it('keeps a durable job queue on a file, none in memory', async () => {
    const file = await libsqlStore({ url: `file:${join(directory, 'jobs.db')}` });
    const memory = await libsqlStore({ url: ':memory:' });
    expect(file.jobs).toBeDefined();
    expect(memory.jobs).toBeUndefined();
    await file.close();
    await memory.close();
  });

  it('leaves no byte of a forgotten user in the file or its WAL', async () => {
    const path = join(directory, 'forget.db');
    const store = await libsqlStore({ url: `file:${path}` });
    const secret = 'Zanzibarquux';
    await store.sessions.appendExchange(exchange('s1', `my locker code is ${secret}`, 'noted'));
    await store.facts.insert({ agentId: 'bot', userId: 'alice' }, fact(`User's locker code is ${secret}`));
    await store.facts.insert({ agentId: 'bot', userId: 'bob' }, fact('User likes tea'));
    const bytes = () =>
      Buffer.concat([path, `${path}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file)));
    expect(bytes().includes(secret)).toBe(true);
    const report = await store.forget({ agentId: 'bot', userId: 'alice' });
    expect(report.turns).toBeGreaterThan(0);
    expect(report.facts).toBe(1);
    expect(bytes().includes(secret)).toBe(false);
    expect((await store.facts.list({ agentId: 'bot', userId: 'bob' })).map((kept) => kept.text)).toEqual([
      'User likes tea',
    ]);
    await store.close();
  });

  it("leaves no byte of a forgotten user's item log in the file or its WAL", async () => {
    const path = join(directory, 'forget-items.db');
    const store = await libsqlStore({ url: `file:${path}` });
    const secret = 'Qzlibsqlitemsecret';
    const owner = { agentId: 'bot', channelId: null, threadId: null };
    const options = { maxItems: 10, at: new Date() };
    await store.items.append(
      { ...owner, sessionKey: 'a', userId: 'alice' },
      [JSON.stringify({ said: secret })],
      options,
    );
    await store.items.append({ ...owner, sessionKey: 'b', userId: 'bob' }, [JSON.stringify({ said: 'tea' })], options);
    const bytes = () =>
      Buffer.concat([path, `${path}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file)));
    expect(bytes().includes(secret)).toBe(true);
    expect((await store.forget({ agentId: 'bot', userId: 'alice' })).items).toBe(1);
    expect(bytes().includes(secret)).toBe(false);
    expect((await store.items.list('b')).map((item) => item.json)).toEqual([JSON.stringify({ said: 'tea' })]);
    await store.close();
  });

  it('opens a file sqliteStore wrote, and sqliteStore opens what it wrote', async () => {
    const path = join(directory, 'shared.db');
    const first = sqliteStore({ path });
    await first.facts.insert({ agentId: 'bot', userId: 'alice' }, fact('User prefers pnpm'));
    await first.close();
    const second = await libsqlStore({ url: `file:${path}` });
    await second.facts.insert({ agentId: 'bot', userId: 'alice' }, fact('User deploys on Fridays'));
    expect((await second.facts.list({ agentId: 'bot', userId: 'alice' })).map((kept) => kept.text)).toEqual([
      'User prefers pnpm',
      'User deploys on Fridays',
    ]);
    await second.close();
    const third = sqliteStore({ path });
    expect(await third.facts.list({ agentId: 'bot', userId: 'alice' })).toHaveLength(2);
    await third.close();
  });

  it('leaves a client of your own open on close', async () => {
    const client = createClient({ url: `file:${join(directory, 'own.db')}` });
    const store = await libsqlStore({ client: client as unknown as LibsqlClient });
    await store.close();
    expect(client.closed).toBe(false);
    client.close();
  });

  it('fails to open a server out of reach with STORE_OPEN_FAILED, without quoting its token', async () => {
    const error = await libsqlStore({ url: 'http://127.0.0.1:9', authToken: 'very-secret-token' }).catch(
      (caught: unknown) => caught,
    );
    expect(StoreError.isInstance(error) && error.code).toBe('STORE_OPEN_FAILED');
    expect(String((error as Error).message)).not.toContain('very-secret-token');
  });

  it('refuses bad options with STORE_OPEN_FAILED', async () => {
    for (const options of [null, {}, { url: '' }, { url: ':memory:', busyTimeoutMs: -1 }, { url: 7 }]) {
      const error = await libsqlStore(options as never).catch((caught: unknown) => caught);
      expect(StoreError.isInstance(error) && error.code).toBe('STORE_OPEN_FAILED');
    }
  });
});
