// One process of the libSQL processes test: opens (and migrates) a file that other processes open at the same
// moment, then adds one to a shared tally in many write transactions, all of them started at once.
import { createClient } from '@libsql/client';
import { libsqlConnection } from '../../src/stores/libsql/libsql-connection.js';
import { migrateLibsql } from '../../src/stores/libsql/migrate-libsql.js';

const [file, writes, startAt] = process.argv.slice(2);
if (!file || !writes || !startAt) throw new Error('usage: libsql-worker <file> <writes> <startAt>');
while (Date.now() < Number(startAt)) await new Promise((resolve) => setTimeout(resolve, 1));

const busyTimeoutMs = 30_000;
const client = createClient({ url: `file:${file}`, timeout: 20 });
await migrateLibsql(client, { busyTimeoutMs });
const connection = libsqlConnection(client, { busyTimeoutMs });
await connection.write('make the tally', (sql) =>
  sql.run('CREATE TABLE IF NOT EXISTS tally (id INTEGER PRIMARY KEY, count INTEGER NOT NULL)'),
);
await Promise.all(
  Array.from({ length: Number(writes) }, () =>
    connection.write('add one', async (sql) => {
      await sql.run('INSERT INTO tally (id, count) VALUES (1, 0) ON CONFLICT DO NOTHING');
      const row = await sql.get<{ count: number }>('SELECT count FROM tally WHERE id = 1');
      // Another process's write between this read and the update would be lost without the write lock.
      await new Promise((resolve) => setTimeout(resolve, 0));
      await sql.run('UPDATE tally SET count = ? WHERE id = 1', [(row?.count ?? 0) + 1]);
    }),
  ),
);
await connection.close();
process.stdout.write(`${JSON.stringify({ done: true })}\n`);
