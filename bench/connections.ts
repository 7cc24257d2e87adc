import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import Database from 'better-sqlite3';
import { libsqlConnection } from '../src/stores/libsql/libsql-connection.js';
import { migrateLibsql } from '../src/stores/libsql/migrate-libsql.js';
import type { SqlConnection } from '../src/stores/sql/sql.js';
import { sqliteConnection } from '../src/stores/sqlite/sqlite-connection.js';
import type { SqliteDatabase } from '../src/stores/sqlite/sqlite-database.js';
import { sqliteStore } from '../src/stores/sqlite/sqlite-store.js';
import { printTable, quantile } from './print-table.js';

const FACTS = 2000;
const BLOCKS = 20;
const PER_BLOCK = 50;
const busyTimeoutMs = 5000;
const WORDS = ['pnpm', 'lyon', 'coffee', 'python', 'running', 'piano', 'garden', 'train', 'rust', 'tea', 'berlin'];

const insertFact = `INSERT INTO facts (agent_id, user_id, scope, text, grams, hash, created_at, text_tokens)
  VALUES ('bot', 'u', 's', ?, '', ?, ?, ?)`;
const operations: Record<string, (connection: SqlConnection, index: number) => Promise<unknown>> = {
  // One write transaction of one fact (its full-text rows written by the schema's triggers).
  write: (connection, index) =>
    connection.write('write', (sql) => {
      const text = `user note ${index} ${WORDS[index % WORDS.length]}`;
      return sql.run(insertFact, [text, `w${index}-${Math.random()}`, new Date(), text]);
    }),
  // The scope's most recent facts.
  'read recent': (connection) =>
    connection.read('read', (sql) =>
      sql.all(
        `SELECT id, text FROM facts WHERE agent_id = ? AND user_id = ? AND superseded_by IS NULL
         ORDER BY coalesce(last_used_at, created_at) DESC LIMIT 10`,
        ['bot', 'u'],
      ),
    ),
  // A ranked full-text search.
  'read fts5': (connection, index) =>
    connection.read('search', (sql) =>
      sql.all('SELECT rowid FROM facts_words WHERE facts_words MATCH ? ORDER BY rank LIMIT 12', [
        WORDS[index % WORDS.length] ?? '',
      ]),
    ),
};

/**
 * One write transaction and two reads through each SQLite-family `SqlConnection` on a local file: better-sqlite3
 * (`sqliteConnection`) and `@libsql/client` (`libsqlConnection`), on files of the same schema and facts, timed in
 * interleaved blocks so that the machine's noise hits both alike.
 */
export async function connectionsBench(): Promise<Record<string, unknown>> {
  const directory = mkdtempSync(join(tmpdir(), 'memstack-bench-connections-'));
  try {
    await sqliteStore({ path: join(directory, 'sqlite.db') }).close();
    const database = new Database(join(directory, 'sqlite.db'));
    for (const pragma of ['busy_timeout = 20', 'secure_delete = ON', 'foreign_keys = ON', 'synchronous = NORMAL']) {
      database.pragma(pragma);
    }
    const client = createClient({ url: `file:${join(directory, 'libsql.db')}`, timeout: 20 });
    await migrateLibsql(client, { busyTimeoutMs });
    const engines: Record<string, SqlConnection> = {
      'better-sqlite3': sqliteConnection(database as unknown as SqliteDatabase, { busyTimeoutMs }),
      '@libsql/client': libsqlConnection(client, { busyTimeoutMs }),
    };
    for (const connection of Object.values(engines)) {
      for (let index = 0; index < FACTS; index += 1) await operations.write?.(connection, index);
    }
    const times = new Map<string, number[]>();
    for (let block = 0; block < BLOCKS; block += 1) {
      const order = block % 2 === 0 ? Object.entries(engines) : Object.entries(engines).reverse();
      for (const [engine, connection] of order) {
        for (const [name, operation] of Object.entries(operations)) {
          const key = `${engine}\t${name}`;
          const list = times.get(key) ?? [];
          times.set(key, list);
          for (let index = 0; index < PER_BLOCK; index += 1) {
            const started = performance.now();
            await operation(connection, block * PER_BLOCK + index);
            list.push(performance.now() - started);
          }
        }
      }
    }
    const results: Record<string, unknown> = {};
    const rows: Array<Array<string | number>> = [];
    for (const name of Object.keys(operations)) {
      for (const engine of Object.keys(engines)) {
        const sorted = [...(times.get(`${engine}\t${name}`) ?? [])].sort((a, b) => a - b);
        const figures = { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
        results[`${engine} ${name}`] = figures;
        rows.push([name, engine, figures.p50 * 1000, figures.p95 * 1000]);
      }
    }
    printTable(
      `SqlConnection on a local file (${FACTS}+ facts, ${BLOCKS * PER_BLOCK} calls each, interleaved)`,
      ['operation', 'driver', 'p50 µs', 'p95 µs'],
      rows,
    );
    for (const connection of Object.values(engines)) await connection.close();
    return results;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
