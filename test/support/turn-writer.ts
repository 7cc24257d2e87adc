// A process that records turns as fast as it can and says so: it prints `ack <n>` once turn n's record() resolved,
// so that a parent that kills it with SIGKILL knows which turns were acknowledged and must survive.
import { createMemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

const [path, prefix = 'w'] = process.argv.slice(2);
if (!path) throw new Error('usage: turn-writer <path> [prefix]');
const stack = createMemoryStack({ store: sqliteStore({ path }) });
for (let index = 0; ; index += 1) {
  const prepared = await stack.prepare({
    agentId: 'bot',
    userId: prefix,
    text: `Turn ${prefix}-${index}: I use pnpm ${prefix}x${index} for all builds.`,
  });
  await stack.record(prepared, { text: `Reply ${prefix}-${index}` });
  process.stdout.write(`ack ${index}\n`);
}
