// One process of the multi-process tests: opens the shared SQLite file at an agreed moment (so that the processes
// open, migrate and write at once), records turns in its own private session and in a thread all workers share,
// adds facts directly, waits for its background extractions, and prints what failed as one JSON line.
import { createMemoryStack, type MemstackEvent } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

const [path, worker, startAt, turns, facts] = process.argv.slice(2);
if (!path || !worker || !startAt || !turns || !facts)
  throw new Error('usage: store-worker <path> <worker> <startAt> <turns> <facts>');

const errors: string[] = [];
const failures: MemstackEvent[] = [];
while (Date.now() < Number(startAt)) await new Promise((resolve) => setTimeout(resolve, 1));
try {
  const stack = createMemoryStack({
    store: sqliteStore({ path }),
    onEvent: (event) => {
      if (event.type === 'extraction-failed' || event.type === 'compression-failed' || event.type === 'purge-failed') {
        failures.push(event);
      }
    },
  });
  const user = { agentId: 'bot', userId: `w${worker}` };
  const work: Array<Promise<unknown>> = [];
  for (let index = 0; index < Number(facts); index += 1) {
    work.push(
      stack.facts
        .add(
          { agentId: 'bot', userId: `api-${worker}` },
          `Worker ${worker} keeps record k${worker}x${index} in the ledger`,
        )
        .catch((error: unknown) => errors.push(`facts.add: ${String(error)}`)),
    );
  }
  for (let index = 0; index < Number(turns); index += 1) {
    const scope = index % 2 === 0 ? user : { ...user, threadId: 'shared' };
    try {
      const prepared = await stack.prepare({ ...scope, text: `I use pnpm w${worker}n${index} for all builds.` });
      await stack.record(prepared, { text: `Noted, w${worker}n${index}.` });
    } catch (error) {
      errors.push(`turn ${index}: ${String(error)}`);
    }
  }
  await Promise.all(work);
  await stack.close();
} catch (error) {
  errors.push(`open: ${String(error)}`);
}
process.stdout.write(
  `${JSON.stringify({ errors, failures: failures.map((event) => JSON.stringify(event, (_, value) => (value instanceof Error ? value.message : value))) })}\n`,
);
