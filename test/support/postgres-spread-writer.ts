// One process of the several-process Postgres test: from a given moment, writes its share of every session's
// exchanges (exchange j of session s when (s + j) % processes is its index), each after the exchange before it was
// recorded by whichever process held it, and runs extraction jobs meanwhile, as every stack on the store does. Prints
// one JSON line at the end: the exchanges it wrote and any error.
import { createMemoryStack } from '../../src/index.js';
import { postgresStore } from '../../src/postgres.js';
import { EXCHANGES, scopeOf } from './spread-conversation.js';

const [url, schema, index, processes, sessions, startAt] = process.argv.slice(2);
if (!url || !schema || !index || !processes || !sessions || !startAt) {
  throw new Error('usage: postgres-spread-writer <url> <schema> <index> <processes> <sessions> <startAt>');
}
const me = Number(index);
const store = await postgresStore({ connectionString: url, schema });
const stack = createMemoryStack({ store });
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
let written = 0;
const errors: string[] = [];
const deadline = Date.now() + 90_000;
for (let exchange = 0; exchange < EXCHANGES.length; exchange += 1) {
  for (let session = 0; session < Number(sessions); session += 1) {
    if ((session + exchange) % Number(processes) !== me) continue;
    const scope = scopeOf(session);
    // The exchange before this one is another process's: wait until it is recorded.
    while ((await stack.session(scope)).turns.length < exchange * 2) {
      if (Date.now() > deadline) throw new Error(`gave up waiting for session ${session}, exchange ${exchange}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { user, reply } = (EXCHANGES[exchange] as (s: number) => { user: string; reply: string })(session);
    try {
      const prepared = await stack.prepare({ ...scope, text: user });
      await stack.record(prepared, { text: reply });
      written += 1;
    } catch (error) {
      errors.push(String(error));
    }
  }
}
await stack.idle();
await stack.close();
console.log(JSON.stringify({ written, errors }));
