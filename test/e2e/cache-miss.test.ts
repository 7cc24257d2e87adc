import { afterEach, describe, expect, it } from 'vitest';
import {
  type AnthropicMessage,
  createMemoryStack,
  llmExtractor,
  type MemoryStack,
  type MemstackEvent,
} from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';
import { extractionReply as extraction } from '../support/extraction-reply.js';

const alice = { agentId: 'assistant', userId: 'alice' };
const MINUTE = 60_000;

describe('why a turn missed the prompt cache', () => {
  let stack: MemoryStack;
  let clock = Date.parse('2026-11-02T09:00:00Z');
  const events: MemstackEvent[] = [];
  afterEach(async () => {
    await stack.close();
    events.length = 0;
  });
  const open = (responses: string[]) => {
    stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: llmExtractor({ model: scriptedCompletionModel(responses) }),
      systemPrompt: 'You are a careful engineer. '.repeat(40),
      now: () => new Date(clock),
      onEvent: (event) => events.push(event),
    });
  };
  const misses = () => events.flatMap((event) => (event.type === 'usage' ? [event.cacheMiss] : []));

  it('tells a cold start, a hit, a corrected pin and an expired cache apart, stores each and counts them', async () => {
    // 'Hello there.' is not worth an extraction: the first reply scripted is the second turn's.
    open([extraction('Move the billing service to Postgres'), extraction(null), extraction(null), extraction(null)]);
    const say = async (text: string) => {
      const prepared = await stack.prepare({ ...alice, text });
      await stack.record(prepared, { text: `Noted: ${text}` });
      await stack.idle();
      return prepared;
    };
    const first = await say('Hello there.');
    clock += MINUTE;
    await say('Help me move the billing service to Postgres.');
    clock += MINUTE;
    // The task was pinned after the second exchange of the burst: the recap carries it until the next burst, and
    // the cached prefix stays as it was.
    const third = await say('We run Postgres 16.');
    expect(JSON.stringify(third.request.system)).not.toContain('Move the billing service to Postgres');
    expect(JSON.stringify(third.request.messages.at(-1))).toContain('Move the billing service to Postgres');
    clock += MINUTE;
    // A correction by hand shows at once, in the system prompt: the cache after it is written again.
    await stack.setPin(alice, 'Move the billing service to Postgres 16');
    await say('Start with the schema.');
    clock += 10 * MINUTE;
    const last = await say('Back again.');
    expect(JSON.stringify(last.request.system)).toContain('Move the billing service to Postgres 16');
    const reasons = ['cold', null, null, 'pin-changed', 'cold'];
    expect(misses()).toEqual(reasons);
    expect(stack.stats().cache).toEqual({
      hits: 2,
      cold: 2,
      missReasons: { pinChanged: 1, summaryChanged: 0, factsChanged: 0, historyChanged: 0, layoutChanged: 0 },
    });
    const exchanges = await stack.inspect.exchanges(first.session.key);
    expect(exchanges.map((exchange) => exchange.cache.reason)).toEqual(reasons);
    const figures = await stack.inspect.figures(first.session.key);
    expect(figures.map((reply) => reply.cache.reason)).toEqual(reasons);
  });

  it("tells a caller's edited history and a changed system prompt apart from a hit", async () => {
    open([extraction(null), extraction(null), extraction(null), extraction(null)]);
    const system = 'You plan trips. '.repeat(80);
    const messages: AnthropicMessage[] = [{ role: 'user', content: 'Plan a weekend in Lisbon.' }];
    const send = async (request: { system: string; messages: AnthropicMessage[] }, reply: string) => {
      const decorated = await stack.decorate({ ...alice, ...request });
      await stack.record(decorated, { text: reply });
      await stack.idle();
    };
    await send({ system, messages }, 'Friday to Sunday?');
    clock += MINUTE;
    messages.push({ role: 'assistant', content: 'Friday to Sunday?' }, { role: 'user', content: 'Yes, by train.' });
    await send({ system, messages }, 'Booked the train.');
    clock += MINUTE;
    // The caller rewrites its first message: everything cached after it is gone.
    const edited: AnthropicMessage[] = [
      { role: 'user', content: 'Plan a weekend in Porto.' },
      ...messages.slice(1),
      { role: 'assistant', content: 'Booked the train.' },
      { role: 'user', content: 'Hotels?' },
    ];
    await send({ system, messages: edited }, 'Two options.');
    clock += MINUTE;
    edited.push({ role: 'assistant', content: 'Two options.' }, { role: 'user', content: 'The first.' });
    await send({ system: `${system} Answer briefly.`, messages: edited }, 'Done.');
    // The first request had no history to put a breakpoint on: it cached nothing, so the second starts cold.
    expect(misses()).toEqual(['cold', 'cold', 'history-changed', 'layout-changed']);
    expect(stack.stats().cache.missReasons).toMatchObject({ historyChanged: 1, layoutChanged: 1 });
  });
});
