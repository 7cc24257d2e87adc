import { describe, expect, it } from 'vitest';
import {
  type ChatModel,
  type ChatRequest,
  createMemoryStack,
  type MemstackEvent,
  ModelCallError,
} from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

/** A ChatModel that keeps a counter in its session state and answers from a script. */
function countingModel(replies: Array<string | Error>): ChatModel & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    specificationVersion: 'v1',
    provider: 'counting',
    modelId: 'count-1',
    requests,
    async chat(request) {
      requests.push(request);
      const reply = replies[requests.length - 1];
      if (reply === undefined || reply instanceof Error) throw reply ?? new Error('no reply scripted');
      request.onText?.(reply.slice(0, 3));
      request.onText?.(reply.slice(3));
      const turns = Number(request.state?.turns ?? 0) + 1;
      return {
        text: reply,
        usage: { inputTokens: 100 * turns, outputTokens: 5, cacheReadInputTokens: 80 },
        path: turns === 1 ? 'new-handle' : 'resumed',
        state: { turns },
      };
    },
  };
}

describe('usage', () => {
  it('reports the provider figures, or the prompt-cache estimate without them, and stores them with the turn', async () => {
    const events: MemstackEvent[] = [];
    const systemPrompt = 'Always answer carefully and cite the relevant runbook section. '.repeat(120);
    let now = Date.parse('2026-05-01T10:00:00Z');
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      systemPrompt,
      now: () => new Date(now),
      onEvent: (event) => events.push(event),
    });
    const scope = { agentId: 'bot', threadId: 'ops' };
    for (const text of ['How do I rotate the database credentials?', 'And the API keys?']) {
      const prepared = await stack.prepare({ ...scope, text });
      await stack.record(prepared, { text: 'See runbook section 4.2.' });
      now += 60_000;
    }
    const provided = await stack.prepare({ ...scope, text: 'And the TLS certificates?' });
    await stack.record(provided, {
      text: 'Section 5.',
      usage: { inputTokens: 7, cacheReadInputTokens: 900, outputTokens: 3 },
    });
    const usages = events.flatMap((event) => (event.type === 'usage' ? [event] : []));
    expect(usages.map((event) => event.source)).toEqual(['estimate', 'estimate', 'provider']);
    const [cold, warm, real] = usages;
    expect(cold?.usage.cacheReadInputTokens).toBe(0);
    expect(cold?.usage.cacheCreationInputTokens).toBeGreaterThan(1000); // the long system prompt is written
    expect(warm?.usage.cacheReadInputTokens).toBe(cold?.usage.cacheCreationInputTokens); // and read a minute later
    expect(real?.usage).toEqual({ inputTokens: 7, cacheReadInputTokens: 900, outputTokens: 3 });
    await stack.close();
  });
});

describe('drift', () => {
  it('emits a drift event after each reply once there is a pin or a fact, higher for an off-task reply', async () => {
    const events: MemstackEvent[] = [];
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      onEvent: (event) => events.push(event),
    });
    const scope = { agentId: 'bot', threadId: 't' };
    const first = await stack.prepare({
      ...scope,
      text: 'Help me migrate our React app from CRA to Vite and keep the Jest tests.',
    });
    await stack.record(first, { text: 'Sure.' });
    await stack.idle();
    expect(events.some((event) => event.type === 'drift')).toBe(false); // nothing pinned yet: nothing to drift from
    const onTask = await stack.prepare({ ...scope, text: 'What first?' });
    await stack.record(onTask, { text: 'Install Vite, migrate the React entry, and keep the Jest tests green.' });
    const offTask = await stack.prepare({ ...scope, text: 'And then?' });
    await stack.record(offTask, { text: 'Here is a banana bread recipe with walnuts.' });
    const drifts = events.flatMap((event) => (event.type === 'drift' ? [event.score] : []));
    expect(drifts).toHaveLength(2);
    expect(drifts[0]).toBeLessThan(0.5);
    expect(drifts[1]).toBe(1);
    await stack.close();
  });
});

describe('stack.chat', () => {
  it('prepares, calls the model with its session state, records the reply and the path, and stores the new state', async () => {
    const events: MemstackEvent[] = [];
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      onEvent: (event) => events.push(event),
    });
    const model = countingModel(['Sure, which database?', 'Postgres 16 it is.']);
    const scope = { agentId: 'bot', userId: 'u', threadId: 't' };
    const streamed: string[] = [];

    const first = await stack.chat({ ...scope, text: 'Help me design the schema for an invoicing app.' }, model, {
      onText: (delta) => streamed.push(delta),
      maxTokens: 256,
    });
    expect(first).toMatchObject({ text: 'Sure, which database?', path: 'new-handle' });
    expect(streamed).toEqual(['Sur', 'e, which database?']);
    expect(model.requests[0]).toMatchObject({
      state: null,
      maxTokens: 256,
      session: { key: first.prepared.session.key, uuid: first.prepared.session.uuid },
    });
    expect(model.requests[0]?.request).toBe(first.prepared.request);
    await stack.idle();

    const second = await stack.chat({ ...scope, text: 'Postgres 16, please.' }, model);
    expect(second.path).toBe('resumed');
    expect(model.requests[1]?.state).toEqual({ turns: 1 });
    expect(second.prepared.answersQuestion).toBe('Sure, which database?');
    const view = await stack.session(scope);
    expect(view.turns.map((turn) => [turn.role, turn.path])).toEqual([
      ['user', null],
      ['assistant', 'new-handle'],
      ['user', null],
      ['assistant', 'resumed'],
    ]);
    expect(events.filter((event) => event.type === 'chat-completed')).toEqual([
      expect.objectContaining({
        provider: 'counting',
        modelId: 'count-1',
        path: 'new-handle',
        usage: expect.objectContaining({ inputTokens: 100 }),
      }),
      expect.objectContaining({ path: 'resumed', usage: expect.objectContaining({ inputTokens: 200 }) }),
    ]);
    await stack.close();
  });

  it('records nothing when the model fails, and the next turn gets the last stored state', async () => {
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
    const model = countingModel([
      'one',
      new ModelCallError('MODEL_CALL_FAILED', 'overloaded', { status: 529, isRetryable: true }),
      'three',
    ]);
    const scope = { agentId: 'bot', threadId: 't' };
    await stack.chat({ ...scope, text: 'first message here' }, model);
    const failure = await stack.chat({ ...scope, text: 'second message' }, model).catch((error: unknown) => error);
    expect(ModelCallError.isInstance(failure)).toBe(true);
    expect((await stack.session(scope)).turns).toHaveLength(2);
    await stack.chat({ ...scope, text: 'third message' }, model);
    expect(model.requests[2]?.state).toEqual({ turns: 1 });
    await stack.close();
  });

  it('rejects something that is not a ChatModel with a typed error', async () => {
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
    const error = await stack.chat({ agentId: 'a', text: 'hi' }, {} as ChatModel).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'model' });
    await stack.close();
  });
});
