import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeDatabase, isLibsqlUrl, isPostgresUrl, localDatabaseFile, openStore } from './open-store.js';

describe('what --db names', () => {
  it('tells a Postgres URL, a libSQL URL and a SQLite path apart', () => {
    for (const url of ['postgres://u@h/db', 'postgresql://h/db']) {
      expect([isPostgresUrl(url), isLibsqlUrl(url)]).toEqual([true, false]);
    }
    for (const url of ['libsql://db.turso.io', 'https://db.turso.io', 'wss://db', 'file:memory.db', 'FILE:/x.db']) {
      expect([isPostgresUrl(url), isLibsqlUrl(url)]).toEqual([false, true]);
    }
    for (const path of ['memory.db', './file.db', '/var/file:db', ':memory:', 'C:\\memstack\\chat.db']) {
      expect([isPostgresUrl(path), isLibsqlUrl(path)]).toEqual([false, false]);
    }
  });

  it('names the local file to check before a command that must not create one', () => {
    expect(localDatabaseFile('memory.db')).toBe('memory.db');
    expect(localDatabaseFile('file:/tmp/memory.db')).toBe('/tmp/memory.db');
    expect(localDatabaseFile('file:///tmp/my%20memory.db?mode=rw')).toBe('/tmp/my memory.db');
    expect(localDatabaseFile('file:memory.db')).toBe('memory.db');
    for (const url of ['file::memory:', 'libsql://db.turso.io', 'https://db.turso.io', 'postgres://h/db']) {
      expect(localDatabaseFile(url)).toBeNull();
    }
  });

  it('never prints a password or a token', () => {
    expect(describeDatabase('postgres://user:hunter2@host/db')).toBe('postgres://user:***@host/db');
    expect(describeDatabase('libsql://db.turso.io?authToken=abc.def&tls=1')).toBe(
      'libsql://db.turso.io?authToken=***&tls=1',
    );
  });
});

describe('openStore', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'memstack-open-store-'));
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('opens a libSQL store for a file: URL and a SQLite store for a path, on one file format', async () => {
    const path = join(directory, 'chat.db');
    const libsql = await openStore(`file:${path}`);
    expect(libsql.name).toBe('libsql');
    await libsql.facts.insert(
      { agentId: 'a', userId: 'u' },
      {
        text: 'User deploys with Nomad',
        hash: 'h',
        sourceSessionKey: null,
        sourceTurnId: null,
        source: 'api',
        at: new Date(),
      },
    );
    await libsql.close();
    const sqlite = await openStore(path);
    expect(sqlite.name).toBe('sqlite');
    expect((await sqlite.facts.list({ agentId: 'a', userId: 'u' })).map((fact) => fact.text)).toEqual([
      'User deploys with Nomad',
    ]);
    await sqlite.close();
  });
});
