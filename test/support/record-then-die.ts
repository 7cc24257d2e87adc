// A process that records one turn and dies by SIGKILL as soon as record() has resolved, before the extraction job it
// queued could run: what a crash right after an acknowledged turn leaves behind.
import { createMemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

const [path] = process.argv.slice(2);
if (!path) throw new Error('usage: record-then-die <path>');
const stack = createMemoryStack({ store: sqliteStore({ path }) });
const prepared = await stack.prepare({
  agentId: 'bot',
  userId: 'alice',
  text: 'I always deploy with Terraform Cloud.',
});
await stack.record(prepared, { text: 'Noted.' });
process.stdout.write('recorded\n');
process.kill(process.pid, 'SIGKILL');
