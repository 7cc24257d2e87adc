// A process that records one turn and starts its extraction, whose extractor never answers: it prints `extracting`
// from inside the extractor call, while its lease on the job is held, and waits there to be killed.
import { createMemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

const [path] = process.argv.slice(2);
if (!path) throw new Error('usage: claim-then-hang <path>');
const stack = createMemoryStack({
  store: sqliteStore({ path }),
  extractor: {
    specificationVersion: 'v1',
    name: 'hangs',
    extract: () => {
      process.stdout.write('extracting\n');
      return new Promise(() => {});
    },
  },
});
const prepared = await stack.prepare({
  agentId: 'bot',
  userId: 'alice',
  text: 'I always deploy with Terraform Cloud.',
});
await stack.record(prepared, { text: 'Noted.' });
