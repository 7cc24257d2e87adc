import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { anyArgument, outcomeOf, publicFunctions } from '../support/public-functions.js';

const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
afterAll(() => stack.close());

/** The call must return (or resolve), or throw (or reject) a MemstackError with a code. */
async function expectTyped(call: () => unknown): Promise<void> {
  const outcome = await outcomeOf(call);
  if (outcome === 'untyped') {
    try {
      await call();
    } catch (error) {
      throw new Error(`not a MemstackError: ${String(error)}`, { cause: error });
    }
  }
  expect(outcome).not.toBe('untyped');
}

describe('every public function, given values of any type or shape, returns or throws a MemstackError', () => {
  for (const [name, call] of Object.entries(publicFunctions(stack))) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(anyArgument, { maxLength: 3 }), async (values) => {
          await expectTyped(() => call(...values));
        }),
        { numRuns: 150 },
      );
    });
  }

  it('stack.record with a real prepared turn and any reply', async () => {
    await fc.assert(
      fc.asyncProperty(anyArgument, async (reply) => {
        const prepared = await stack.prepare({ agentId: 'bot', userId: 'u', text: 'hello' });
        await expectTyped(() => stack.record(prepared, reply as never));
      }),
      { numRuns: 150 },
    );
  });

  it('stack.prepare with a well-formed scope and any text, or a text and any scope field', async () => {
    const fields = fc.constantFrom('text', 'agentId', 'userId', 'channelId', 'threadId');
    await fc.assert(
      fc.asyncProperty(anyArgument, fields, async (value, field) => {
        await expectTyped(() => stack.prepare({ agentId: 'bot', userId: 'u', text: 'hello', [field]: value } as never));
      }),
      { numRuns: 300 },
    );
  });
});
