import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreError } from '../../spec/errors/store-error.js';
import { sqliteStore } from './sqlite-store.js';

const scope = { agentId: 'bot', userId: 'u' };
const fact = (text: string) => ({
  text,
  hash: text,
  sourceSessionKey: null,
  sourceTurnId: null,
  source: 'api' as const,
  at: new Date(),
});

describe('waiting for a lock another connection holds', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-guard-'));
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('waits asleep for the write lock, keeps the event loop running, and then writes', async () => {
    const path = join(directory, 'locked.db');
    const store = sqliteStore({ path });
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 5);
    setTimeout(() => other.exec('COMMIT'), 300);
    const started = Date.now();
    const inserted = await store.facts.insert(scope, fact('User prefers pnpm'));
    clearInterval(ticker);
    expect(inserted?.inserted).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // A synchronous busy wait would have frozen the timers for the whole 300 ms.
    expect(ticks).toBeGreaterThan(3);
    other.close();
    await store.close();
  });

  it('gives up after busyTimeoutMs with a retryable STORE_BUSY', async () => {
    const path = join(directory, 'stuck.db');
    const store = sqliteStore({ path, busyTimeoutMs: 100 });
    const other = new Database(path);
    other.exec('BEGIN IMMEDIATE');
    const error = await store.facts.insert(scope, fact('User prefers pnpm')).catch((caught: unknown) => caught);
    other.exec('ROLLBACK');
    expect(StoreError.isInstance(error) && error.code).toBe('STORE_BUSY');
    expect((error as StoreError).isRetryable).toBe(true);
    // Nothing half-written: the retried insert succeeds once the lock is free.
    expect((await store.facts.insert(scope, fact('User prefers pnpm')))?.inserted).toBe(true);
    other.close();
    await store.close();
  });
});
