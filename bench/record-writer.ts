// One writer process of `npm run bench -- latency --store postgres`: records exchanges on its own sessions from a
// given moment, as fast as it can, and prints when it ended and each record()'s latency as one JSON line.
import { createMemoryStack, type MemoryStore } from '../src/index.js';
import { postgresStore } from '../src/postgres.js';
import { sqliteStore } from '../src/sqlite.js';

const [kind, target, schema, writer, count, startAt] = process.argv.slice(2);
if (!kind || !target || !schema || !writer || !count || !startAt) {
  throw new Error('usage: record-writer <sqlite|postgres> <path|url> <schema> <writer> <count> <startAt>');
}
const store: MemoryStore =
  kind === 'sqlite' ? sqliteStore({ path: target }) : await postgresStore({ connectionString: target, schema });
const stack = createMemoryStack({ store, runJobs: false });
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const latencies: number[] = [];
for (let index = 0; index < Number(count); index += 1) {
  const session = { agentId: 'bench', userId: `w${writer}-u${index % 10}`, threadId: `t${index % 10}` };
  const prepared = await stack.prepare({ ...session, text: `Question ${index}: how do we deploy with pnpm?` });
  const start = performance.now();
  await stack.record(prepared, { text: `Answer ${index}: use the usual pipeline and pnpm ${index}.` });
  latencies.push(performance.now() - start);
}
const endedAt = Date.now();
await stack.close();
console.log(JSON.stringify({ endedAt, latencies }));
