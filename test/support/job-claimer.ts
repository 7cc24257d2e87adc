// A worker process that claims jobs from a SQLite file (or a Postgres schema: `<url> <worker> <schema>`) until none is
// left, completing each, and prints the id of every job it completed: several of them on one queue must complete
// each job exactly once. It prints `ready` once
// the file is open and starts when its stdin closes, so that all the workers start together.
import { setTimeout as sleep } from 'node:timers/promises';
import { postgresStore } from '../../src/postgres.js';
import { sqliteStore } from '../../src/sqlite.js';

const [path, worker = 'w', schema] = process.argv.slice(2);
if (!path) throw new Error('usage: job-claimer <path> [worker] | <postgres url> <worker> <schema>');
const store = schema ? await postgresStore({ connectionString: path, schema, poolSize: 2 }) : sqliteStore({ path });
if (!store.jobs) throw new Error('the store keeps jobs');
process.stdout.write('ready\n');
await new Promise((resolve) => process.stdin.on('end', resolve).resume());
const completed: string[] = [];
for (;;) {
  const claimed = await store.jobs.claim({ worker, leaseMs: 60_000, maxAttempts: 3, at: new Date() });
  if (!claimed) break;
  // A job takes a moment to run: the others claim meanwhile.
  await sleep(1);
  if (await store.jobs.complete(claimed.id, worker)) completed.push(claimed.id);
}
process.stdout.write(`${JSON.stringify(completed)}\n`);
await store.close();
