import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreError } from '../../spec/errors/store-error.js';
import { SQLITE_MIGRATIONS } from '../sqlite/sqlite-migrations.js';
import { sqliteStore } from '../sqlite/sqlite-store.js';
import { migrateLibsql } from './migrate-libsql.js';

const busyTimeoutMs = 10_000;
let directory: string;
const clients: Client[] = [];
const open = (name: string): Client => {
  const client = createClient({ url: `file:${join(directory, name)}`, timeout: 20 });
  clients.push(client);
  return client;
};
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'memstack-libsql-migrate-'));
});
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  rmSync(directory, { recursive: true, force: true });
});

const SCHEMA = "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name";
const value = async (client: Client, sql: string) => Object.values((await client.execute(sql)).rows[0] ?? {})[0];

/** A file at `version`, as sqliteStore left it (the SQL of each version; no data, so no data steps to run). */
function fileAtVersion(name: string, version: number): string {
  const path = join(directory, name);
  const database = new Database(path);
  for (const migration of SQLITE_MIGRATIONS.slice(0, version)) database.exec(migration);
  database.pragma(`user_version = ${version}`);
  database.close();
  return path;
}

describe('migrateLibsql', () => {
  it("gives a new file SQLite's schema, exactly as sqliteStore makes it, in WAL", async () => {
    const client = open('new.db');
    await migrateLibsql(client, { busyTimeoutMs });
    expect(await value(client, 'PRAGMA user_version')).toBe(SQLITE_MIGRATIONS.length);
    expect(await value(client, 'PRAGMA journal_mode')).toBe('wal');
    await sqliteStore({ path: join(directory, 'sqlite.db') }).close();
    const expected = new Database(join(directory, 'sqlite.db'), { readonly: true });
    expect(Array.from((await client.execute(SCHEMA)).rows, (row) => ({ ...row }))).toEqual(
      expected.prepare(SCHEMA).all(),
    );
    expected.close();
    // Opening again finds nothing to do.
    await migrateLibsql(client, { busyTimeoutMs });
    expect(await value(client, 'PRAGMA user_version')).toBe(SQLITE_MIGRATIONS.length);
  });

  it('migrates a new file once when two clients open it at the same moment', async () => {
    const [first, second] = [open('race.db'), open('race.db')];
    await Promise.all([migrateLibsql(first, { busyTimeoutMs }), migrateLibsql(second, { busyTimeoutMs })]);
    expect(await value(second, 'PRAGMA user_version')).toBe(SQLITE_MIGRATIONS.length);
  });

  it("keeps the facts' full-text indexes (FTS5) in step through the schema's triggers", async () => {
    const client = open('fts.db');
    await migrateLibsql(client, { busyTimeoutMs });
    const insert = `INSERT INTO facts (agent_id, user_id, scope, text, grams, hash, created_at, text_tokens)
      VALUES ('bot', 'u', 's1', ?, ?, ?, 0, ?)`;
    await client.execute({ sql: insert, args: ['User prefers pnpm', 'ab bc', 'h1', 'user prefer pnpm'] });
    await client.execute({ sql: insert, args: ['User lives in Lyon', 'cd', 'h2', 'user live lyon'] });
    const match = (table: string, query: string) =>
      client.execute({ sql: `SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rank`, args: [query] });
    expect((await match('facts_words', 'pnpm')).rows.map((row) => row.rowid)).toEqual([1]);
    expect((await match('facts_cjk', 'bc')).rows.map((row) => row.rowid)).toEqual([1]);
    await client.execute('UPDATE facts SET superseded_by = 2 WHERE id = 1');
    expect((await match('facts_words', 'pnpm')).rows).toEqual([]);
  });

  it('brings a file from the last version with a data step up to date', async () => {
    const client = createClient({ url: `file:${fileAtVersion('v8.db', 8)}`, timeout: 20 });
    clients.push(client);
    await migrateLibsql(client, { busyTimeoutMs });
    expect(await value(client, 'PRAGMA user_version')).toBe(SQLITE_MIGRATIONS.length);
  });

  it('refuses a file older than that, and one newer than this memstack, with STORE_MIGRATION_FAILED', async () => {
    for (const [version, message] of [
      [3, /schema version 3, older than the libSQL store can migrate: open it once with sqliteStore/],
      [SQLITE_MIGRATIONS.length + 1, /newer than this memstack/],
    ] as const) {
      const client = createClient({ url: `file:${fileAtVersion(`v${version}.db`, version)}`, timeout: 20 });
      clients.push(client);
      if (version > SQLITE_MIGRATIONS.length) await client.execute(`PRAGMA user_version = ${version}`);
      const error = await migrateLibsql(client, { busyTimeoutMs }).catch((caught: unknown) => caught);
      expect(StoreError.isInstance(error) && error.code).toBe('STORE_MIGRATION_FAILED');
      expect(String(error)).toMatch(message);
      expect(await value(client, 'PRAGMA user_version')).toBe(version);
    }
  });
});

describe("the libSQL driver's build", () => {
  it('has vectors: F32_BLOB columns, vector_distance_cos, and an approximate nearest-neighbour index', async () => {
    const client = open('vectors.db');
    await client.execute('CREATE TABLE v (id INTEGER PRIMARY KEY, embedding F32_BLOB(3))');
    await client.execute('CREATE INDEX v_nearest ON v (libsql_vector_idx(embedding))');
    await client.execute("INSERT INTO v (embedding) VALUES (vector32('[1, 0, 0]')), (vector32('[0, 1, 0]'))");
    const query = "vector32('[0.9, 0.1, 0]')";
    const nearest = await client.execute(`SELECT id FROM vector_top_k('v_nearest', ${query}, 1)`);
    expect(nearest.rows.map((row) => row.id)).toEqual([1]);
    const ranked = await client.execute(`SELECT id FROM v ORDER BY vector_distance_cos(embedding, ${query})`);
    expect(ranked.rows.map((row) => row.id)).toEqual([1, 2]);
  });
});
