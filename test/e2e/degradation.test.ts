import { describe, expect, it } from 'vitest';
import {
  createMemoryStack,
  type Extractor,
  llmExtractor,
  type MemoryStack,
  type MemstackEvent,
} from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';

const scope = { agentId: 'bot', userId: 'u1', threadId: 't' };
const firstMessage = 'Help me write a migration plan for our Postgres 14 to 16 upgrade, with zero downtime.';

async function converse(stack: MemoryStack): Promise<void> {
  const first = await stack.prepare({ ...scope, text: firstMessage });
  await stack.record(first, { text: 'Sure, here is a plan.' });
  await stack.idle();
  const second = await stack.prepare({ ...scope, text: 'We always deploy with Terraform, by the way.' });
  await stack.record(second, { text: 'Noted.' });
  await stack.idle();
}

function stackWith(extractor: Extractor, events: MemstackEvent[], limits = {}): MemoryStack {
  return createMemoryStack({
    store: sqliteStore({ path: ':memory:' }),
    extractor,
    limits,
    onEvent: (event) => {
      events.push(event);
      throw new Error('a broken observer must not break the stack');
    },
  });
}

describe('graceful degradation: a failing extractor means no memory, never a failed turn', () => {
  it('survives an extractor that throws', async () => {
    const events: MemstackEvent[] = [];
    const stack = stackWith(
      { specificationVersion: 'v1', name: 'throws', extract: async () => Promise.reject(new Error('boom')) },
      events,
    );
    await converse(stack);
    expect((await stack.session(scope)).pinned).toBeNull();
    expect((await stack.session(scope)).turns).toHaveLength(4);
    expect(
      events.filter((event) => event.type === 'extraction-failed').map((event) => 'reason' in event && event.reason),
    ).toEqual(['error', 'error']);
    await stack.close();
  });

  it('times out an extractor that hangs, and idle() still resolves', async () => {
    const events: MemstackEvent[] = [];
    let aborted = 0;
    const stack = stackWith(
      {
        specificationVersion: 'v1',
        name: 'hangs',
        extract: (_input, { signal }) =>
          new Promise(() => {
            signal.addEventListener('abort', () => {
              aborted += 1;
            });
          }),
      },
      events,
      { extractionTimeoutMs: 30 },
    );
    await converse(stack);
    expect(aborted).toBe(2);
    expect(
      events.filter((event) => event.type === 'extraction-failed').map((event) => 'reason' in event && event.reason),
    ).toEqual(['timeout', 'timeout']);
    expect((await stack.session(scope)).pinned).toBeNull();
    await stack.close();
  });

  it('never stores a CLI or API error text as the task or as a fact', async () => {
    const events: MemstackEvent[] = [];
    const model = scriptedCompletionModel([
      'Not logged in · Please run /login',
      JSON.stringify({
        task: 'API Error: 401 {"type":"error","error":{"type":"authentication_error"}}',
        facts: ['Credit balance is too low'],
      }),
      JSON.stringify({ task: 'Plan the Postgres 14 to 16 upgrade with zero downtime', facts: [] }),
    ]);
    const stack = stackWith(llmExtractor({ model }), events);
    await converse(stack);
    expect((await stack.session(scope)).pinned).toBeNull();
    expect(await stack.facts.list(scope)).toEqual([]);
    expect(events.map((event) => event.type)).toContain('extraction-failed');
    // Counted, not only reported: one unparsable reply; a task and a fact that did not validate.
    expect(stack.stats()).toMatchObject({
      extractionsFailed: { invalidOutput: 1 },
      outputsRejected: 2,
      factsAdded: 0,
      pinsSet: 0,
    });
    expect(events).toContainEqual(expect.objectContaining({ type: 'output-rejected' }));
    // The third attempt validates: the task is pinned from the first message's extraction, not from a later one.
    const third = await stack.prepare({ ...scope, text: 'What should we do first on the database side?' });
    await stack.record(third, { text: 'Check replication.' });
    await stack.idle();
    expect((await stack.session(scope)).pinned).toBe('Plan the Postgres 14 to 16 upgrade with zero downtime');
    expect(model.calls[2]?.prompt).toContain(firstMessage);
    await stack.close();
  });

  it('discards output that does not match the schema', async () => {
    const events: MemstackEvent[] = [];
    const stack = stackWith(
      { specificationVersion: 'v1', name: 'garbage', extract: async () => ({ facts: 'not a list' }) as never },
      events,
    );
    await converse(stack);
    expect(
      events.filter((event) => event.type === 'extraction-failed').map((event) => 'reason' in event && event.reason),
    ).toEqual(['invalid-output', 'invalid-output']);
    expect(await stack.facts.list(scope)).toEqual([]);
    await stack.close();
  });

  it('skips extraction when the queue is full, and still records', async () => {
    const events: MemstackEvent[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stack = stackWith(
      { specificationVersion: 'v1', name: 'slow', extract: async () => gate.then(() => ({ facts: [] })) },
      events,
      { extractionQueueMax: 1 },
    );
    const first = await stack.prepare({ ...scope, text: firstMessage });
    expect((await stack.record(first, { text: 'ok' })).extractionScheduled).toBe(true);
    const second = await stack.prepare({ ...scope, text: 'We always deploy with Terraform.' });
    expect((await stack.record(second, { text: 'ok' })).extractionScheduled).toBe(false);
    expect(events).toContainEqual({ type: 'extraction-skipped', sessionKey: second.session.key, reason: 'queue-full' });
    release();
    await stack.idle();
    expect((await stack.session(scope)).turns).toHaveLength(4);
    await stack.close();
  });
});

describe('forget during extraction', () => {
  it('stores nothing from a turn whose user was forgotten before its extraction ran', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: {
        specificationVersion: 'v1',
        name: 'gated',
        extract: async () =>
          gate.then(() => ({ task: 'Secret project plan', facts: ['User lives at 1 Secret Street'] })),
      },
    });
    const shared = { agentId: 'bot', threadId: 'group' };
    const bob = await stack.prepare({
      ...shared,
      userId: 'bob',
      text: 'Bob starts the thread about the release plan.',
    });
    await stack.record(bob, { text: 'ok' });
    const alice = await stack.prepare({
      ...shared,
      userId: 'alice',
      text: 'I live at 1 Secret Street, remember that.',
    });
    await stack.record(alice, { text: 'ok' });
    await stack.forget({ agentId: 'bot', userId: 'alice' });
    release();
    await stack.idle();
    expect(await stack.facts.list({ agentId: 'bot', userId: 'alice' })).toEqual([]);
    expect((await stack.session(shared)).turns.map((turn) => turn.userId)).toEqual(['bob', 'bob']);
    await stack.close();
  });
});
