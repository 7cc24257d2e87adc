import { describe, expect, it } from 'vitest';
import { createMemoryStack, type Extractor, heuristicExtractor, type MemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

/**
 * The heuristic extractor, held at a gate: each call waits until the test opens it, so that a forget can run while
 * an extraction or a summary is in flight (read done, write not yet).
 */
function gatedExtractor(): {
  extractor: Extractor;
  hold: () => void;
  release: () => void;
  waiting: () => Promise<void>;
} {
  const inner = heuristicExtractor();
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  let arrived: () => void = () => {};
  let arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const pass = async () => {
    arrived();
    if (gate) await gate;
  };
  return {
    extractor: {
      specificationVersion: 'v1',
      name: 'gated',
      extract: async (input, options) => {
        await pass();
        return inner.extract(input, options);
      },
      summarize: async (input, options) => {
        await pass();
        // biome-ignore lint/style/noNonNullAssertion: the heuristic extractor summarises.
        return inner.summarize!(input, options);
      },
    },
    hold: () => {
      gate = new Promise((resolve) => {
        open = resolve;
      });
      arrival = new Promise((resolve) => {
        arrived = resolve;
      });
    },
    release: () => {
      gate = null;
      open();
    },
    waiting: () => arrival,
  };
}

const thread = { agentId: 'bot', threadId: 'team' };
const secret = 'qz7secretx9v';

async function say(stack: MemoryStack, userId: string, text: string, reply: string): Promise<void> {
  const prepared = await stack.prepare({ ...thread, userId, text });
  await stack.record(prepared, { text: reply });
}

async function everything(stack: MemoryStack): Promise<string> {
  return JSON.stringify([
    await stack.session(thread),
    await stack.facts.list({ agentId: 'bot', userId: 'ana' }),
    await stack.facts.list({ agentId: 'bot', userId: 'bob' }),
    (await stack.prepare({ ...thread, userId: 'bob', text: 'What next?' })).request,
  ]);
}

describe('a forget that lands while background work is in flight wins', () => {
  it('no fact, pin or clarification comes back from an extraction that read the turn before the forget', async () => {
    const gated = gatedExtractor();
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor: gated.extractor });
    gated.hold();
    await say(stack, 'ana', `Help me migrate the ${secret} service. I use pnpm ${secret} for builds.`, 'Sure.');
    await gated.waiting();
    await stack.forget({ agentId: 'bot', userId: 'ana' });
    gated.release();
    await stack.idle();
    expect(await everything(stack)).not.toContain(secret);
    await stack.close();
  });

  it("a clarification written after the forget does not bring back the forgotten user's clarification", async () => {
    const gated = gatedExtractor();
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor: gated.extractor });
    await say(stack, 'bob', 'Help me migrate our billing service to Postgres 16.', 'Which region should we use?');
    await say(stack, 'ana', `Use the ${secret} region.`, 'And which backup schedule do you want?');
    await stack.idle();
    expect((await stack.session(thread)).pinned).toContain(secret);
    gated.hold();
    await say(stack, 'bob', 'Nightly backups at 2am.', 'Done.');
    await gated.waiting();
    await stack.forget({ agentId: 'bot', userId: 'ana' });
    gated.release();
    await stack.idle();
    const pinned = (await stack.session(thread)).pinned ?? '';
    expect(pinned).toContain('billing');
    expect(pinned).toContain('Nightly backups');
    expect(await everything(stack)).not.toContain(secret);
    await stack.close();
  });

  it('a summary computed before the forget is not written after it', async () => {
    const gated = gatedExtractor();
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: gated.extractor,
      limits: { compressionThresholdTokens: 30, compressionKeepTokens: 5 },
    });
    await say(stack, 'ana', `Our ${secret} cluster runs in Frankfurt, remember that.`, 'Noted, Frankfurt.');
    await say(stack, 'bob', 'We also need a staging environment for the billing service.', 'Staging, noted.');
    await stack.idle();
    gated.hold();
    await say(stack, 'bob', 'And the staging database should be small and cheap to run.', 'Understood.');
    // The extraction passes the gate first, then the summary arrives at it.
    await gated.waiting();
    gated.release();
    gated.hold();
    await gated.waiting();
    await stack.forget({ agentId: 'bot', userId: 'ana' });
    gated.release();
    await stack.idle();
    expect(await everything(stack)).not.toContain(secret);
    await stack.close();
  });

  it('a system pin placed before the forget is not stored with the turn recorded after it', async () => {
    let clock = Date.parse('2026-12-01T10:00:00Z');
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), now: () => new Date(clock) });
    await say(stack, 'bob', 'Help me migrate our billing service to Postgres 16.', 'Which region should we use?');
    await say(stack, 'ana', `Use the ${secret} region.`, 'Done.');
    await stack.idle();
    // A cache lifetime later: the whole pin, with the forgotten user's answer, is placed in the system prompt.
    clock += 10 * 60_000;
    const prepared = await stack.prepare({ ...thread, userId: 'bob', text: 'Go on with the plan.' });
    expect(JSON.stringify(prepared.request.system)).toContain(secret);
    await stack.forget({ agentId: 'bot', userId: 'ana' });
    await stack.record(prepared, { text: 'Continuing.' });
    await stack.idle();
    expect(await everything(stack)).not.toContain(secret);
    await stack.close();
  });
});
