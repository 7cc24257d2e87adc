import fc from 'fast-check';
import { createMemoryStack } from '../src/index.js';
import { sqliteStore } from '../src/sqlite.js';
import { anyArgument, outcomeOf, publicFunctions } from '../test/support/public-functions.js';

const CALLS_PER_FUNCTION = 400;

/** Every public function called with values of every type and shape: how many failed with an untyped error. */
export async function hostileCalls(): Promise<{ calls: number; typed: number; untyped: number; untypedIn: string[] }> {
  const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
  const totals = { calls: 0, typed: 0, untyped: 0, untypedIn: [] as string[] };
  for (const [name, call] of Object.entries(publicFunctions(stack))) {
    for (const values of fc.sample(fc.array(anyArgument, { maxLength: 3 }), { numRuns: CALLS_PER_FUNCTION, seed: 9 })) {
      const outcome = await outcomeOf(() => call(...values));
      totals.calls += 1;
      if (outcome === 'typed') totals.typed += 1;
      if (outcome === 'untyped') {
        totals.untyped += 1;
        if (!totals.untypedIn.includes(name)) totals.untypedIn.push(name);
      }
    }
  }
  await stack.close();
  return totals;
}
