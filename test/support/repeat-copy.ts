// One copy of a client's call, in a process of its own, for the tests of copies sent at once: decorates the turn,
// prints `decorated`, waits for `go` on its input (sent once every copy has read the session), records it, and
// prints what `record` returned as one JSON line. It runs no jobs: the parent counts the ones queued in the file.
// Usage: repeat-copy <sqlite path | postgres url> <schema | -> <copy number>
import { createInterface } from 'node:readline';
import { createMemoryStack, type MemoryStore } from '../../src/index.js';
import { postgresStore } from '../../src/postgres.js';
import { sqliteStore } from '../../src/sqlite.js';
import { REPEATED_CALL, withoutWorker } from './repeated-call.js';

const [database, schema, copy] = process.argv.slice(2);
if (!database || !schema || !copy) throw new Error('usage: repeat-copy <database> <schema | -> <copy>');
const store: MemoryStore = database.startsWith('postgres://')
  ? await postgresStore({ connectionString: database, schema, jobs: false })
  : sqliteStore({ path: database });
const stack = createMemoryStack(withoutWorker(store));
const decorated = await stack.decorate(REPEATED_CALL);
process.stdout.write('decorated\n');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line === 'go') break;
lines.close();
const recorded = await stack.record(decorated, { text: `More notes, from copy ${copy}.` });
await stack.close();
process.stdout.write(`${JSON.stringify({ alreadyRecordedAtDecorate: decorated.alreadyRecorded, recorded })}\n`);
