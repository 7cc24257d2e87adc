import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type AnthropicMessage,
  createMemoryStack,
  type DecorateScope,
  type Extractor,
  heuristicExtractor,
  type MemoryLimits,
  type MemoryStack,
  type MemoryStore,
} from '../../src/index.js';
import { createMemoryProxy } from '../../src/server.js';
import { sqliteStore } from '../../src/sqlite.js';
import type { RecordedTurn } from '../../src/stack/memory-stack.js';
import { bothStores } from '../support/both-stores.js';
import { type RawUpstream, startRawUpstream } from '../support/raw-upstream.js';
import { dropSchemas, NO_POSTGRES } from '../support/test-postgres.js';

const schemas: string[] = [];
afterAll(async () => {
  await dropSchemas(...schemas);
});

const alice = { agentId: 'writer', userId: 'alice' };
const COPIES = 6;
const SECOND = 1_000;
const HOUR = 3_600_000;

/** One client call: its scope and the conversation it sends (the current turn last). */
interface Call {
  scope: DecorateScope;
  messages: AnthropicMessage[];
  reply: string;
}

/** A conversation of a client that keeps its transcript: each turn sent with every message before it. */
function conversation(scope: DecorateScope, opening: AnthropicMessage[] = []) {
  const messages = [...opening];
  return {
    call(text: string, reply: string): Call {
      messages.push({ role: 'user', content: text });
      const call = { scope, messages: [...messages], reply };
      messages.push({ role: 'assistant', content: reply });
      return call;
    },
  };
}

// A request sent again (a client's retry, or copies of one call sent at once) is one turn: stored once, extracted
// once, whether the copies come one after another or at the same time (decision 26).
for (const [name, openStore] of bothStores('repeated', schemas)) {
  describe.skipIf(openStore === null)(
    `copies of one request are stored once, at once or one after another, on ${name}${openStore === null ? ` (${NO_POSTGRES})` : ''}`,
    () => {
      let store: MemoryStore;
      let stack: MemoryStack;
      let extractions: string[];
      let clock: number;
      const open = async (limits: Partial<MemoryLimits> = {}) => {
        store = await (openStore as () => Promise<MemoryStore>)();
        const base = heuristicExtractor();
        // Counts the extraction of each user turn.
        const counting: Extractor = {
          ...base,
          extract: (input, options) => {
            extractions.push(input.userText);
            return base.extract(input, options);
          },
        };
        stack = createMemoryStack({ store, extractor: counting, limits, now: () => new Date(clock) });
      };
      beforeEach(async () => {
        extractions = [];
        clock = Date.parse('2026-03-02T09:00:00Z');
        await open();
      });
      afterEach(async () => {
        await stack.close();
      });
      const stored = async (scope: object = alice) =>
        (await stack.session(scope as typeof alice)).turns.map((turn) => `${turn.userId}: ${turn.text}`);
      /** Every copy has the ids of the one stored; one copy stored it, the others say it was recorded already. */
      const expectOneStored = (results: RecordedTurn[]) => {
        const first = results.find((result) => !result.alreadyRecorded);
        expect(results.filter((result) => !result.alreadyRecorded)).toHaveLength(1);
        for (const result of results) {
          expect(result).toMatchObject({ userTurnId: first?.userTurnId, assistantTurnId: first?.assistantTurnId });
          expect(result.extractionScheduled).toBe(!result.alreadyRecorded);
        }
      };
      const opening: AnthropicMessage[] = [
        { role: 'user', content: 'Write the release notes for v2.' },
        { role: 'assistant', content: 'Here they are.' },
        { role: 'user', content: 'continue' },
      ];

      it('decorate: N copies decorated and recorded at once store one exchange and one extraction', async () => {
        await stack.record(await stack.decorate({ ...alice, messages: opening.slice(0, 1) }), {
          text: 'Here they are.',
        });
        // Every copy is decorated before any is recorded: each read the session without the others.
        const decorated = await Promise.all(
          Array.from({ length: COPIES }, () => stack.decorate({ ...alice, messages: opening })),
        );
        for (const turn of decorated) expect(turn.alreadyRecorded).toBe(false);
        const results = (await Promise.all(
          decorated.map((turn, index) => stack.record(turn, { text: `More notes, copy ${index}.` })),
        )) as RecordedTurn[];
        expectOneStored(results);
        await stack.idle();
        expect((await stored()).filter((turn) => turn === 'alice: continue')).toHaveLength(1);
        expect(extractions.filter((message) => message === 'continue')).toHaveLength(1);
      });

      it('decorate: a copy sent after the first was stored is known when it is decorated', async () => {
        const first = await stack.record(await stack.decorate({ ...alice, messages: opening }), { text: 'More.' });
        clock += 5 * SECOND;
        const retry = await stack.decorate({ ...alice, messages: opening });
        expect(retry).toMatchObject({ alreadyRecorded: true });
        expect(await stack.record(retry, { text: 'More, again.' })).toEqual({
          ...first,
          extractionScheduled: false,
          alreadyRecorded: true,
        });
        await stack.idle();
        expect(await stored()).toEqual(['alice: continue', 'alice: More.']);
        expect(extractions).toEqual(['continue']);
      });

      it('decorate: a retry after another user spoke in the thread is still the same request', async () => {
        const thread = { agentId: 'writer', threadId: 'release' };
        const messages: AnthropicMessage[] = [{ role: 'user', content: 'Draft the changelog.' }];
        await stack.record(await stack.decorate({ ...thread, userId: 'ann', messages }), { text: 'Drafted.' });
        clock += SECOND;
        await stack.record(
          await stack.decorate({ ...thread, userId: 'bob', messages: [{ role: 'user', content: 'lgtm' }] }),
          {
            text: 'Thanks, Bob.',
          },
        );
        clock += SECOND;
        const retry = await stack.record(await stack.decorate({ ...thread, userId: 'ann', messages }), {
          text: 'Drafted again.',
        });
        expect(retry).toMatchObject({ alreadyRecorded: true });
        expect(await stored(thread)).toEqual([
          'ann: Draft the changelog.',
          'ann: Drafted.',
          'bob: lgtm',
          'bob: Thanks, Bob.',
        ]);
      });

      it('decorate: copies at once and one after another, in the OpenAI shape, are one turn', async () => {
        const messages = [
          { role: 'system' as const, content: 'You write release notes.' },
          { role: 'user' as const, content: 'Summarise v2 in one line.' },
        ];
        const decorate = () => stack.decorate({ ...alice, format: 'openai', messages });
        const atOnce = await Promise.all(Array.from({ length: COPIES }, decorate));
        const results = (await Promise.all(
          atOnce.map((turn, index) => stack.record(turn, { text: `v2, line ${index}.` })),
        )) as RecordedTurn[];
        clock += 10 * SECOND;
        const late = await decorate();
        expect(late.alreadyRecorded).toBe(true);
        results.push((await stack.record(late, { text: 'v2, late.' })) as RecordedTurn);
        expectOneStored(results);
        expect(await stored()).toHaveLength(2);
      });

      it('decorate: a tool loop retried at its last step is stored once, with its steps', async () => {
        const call = { type: 'tool_use' as const, id: 'toolu_1', name: 'weather', input: { city: 'Lisbon' } };
        const messages: AnthropicMessage[] = [{ role: 'user', content: 'check the weather' }];
        await stack.record(await stack.decorate({ ...alice, messages }), {
          text: 'Let me look.',
          content: [{ type: 'text', text: 'Let me look.' }, call],
        });
        messages.push(
          { role: 'assistant', content: [{ type: 'text', text: 'Let me look.' }, call] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '21°C' }] },
        );
        const last = await Promise.all([
          stack.decorate({ ...alice, messages }),
          stack.decorate({ ...alice, messages }),
        ]);
        const results = (await Promise.all(
          last.map((turn) => stack.record(turn, { text: 'Sunny, 21°C.' })),
        )) as RecordedTurn[];
        expectOneStored(results);
        expect(await stored()).toEqual(['alice: check the weather', 'alice: Let me look.\n\nSunny, 21°C.']);
      });

      it('prepare: N copies prepared and recorded at once store one exchange', async () => {
        const prepared = await Promise.all(
          Array.from({ length: COPIES }, () => stack.prepare({ ...alice, text: 'Summarise the meeting.' })),
        );
        expectOneStored(
          await Promise.all(prepared.map((turn, index) => stack.record(turn, { text: `Summary ${index}.` }))),
        );
        await stack.idle();
        expect(await stored()).toEqual([
          'alice: Summarise the meeting.',
          expect.stringMatching(/^alice: Summary \d\.$/),
        ]);
        expect(extractions).toEqual(['Summarise the meeting.']);
      });

      it('the retry window: within it a request sent again is the one stored, after it a new turn', async () => {
        const messages: AnthropicMessage[] = [{ role: 'user', content: 'Ping the on-call.' }];
        await stack.record(await stack.decorate({ ...alice, messages }), { text: 'Pinged.' });
        clock += 59 * SECOND;
        expect((await stack.decorate({ ...alice, messages })).alreadyRecorded).toBe(true);
        clock += 2 * SECOND;
        const later = await stack.decorate({ ...alice, messages });
        expect(later.alreadyRecorded).toBe(false);
        expect(await stack.record(later, { text: 'Pinged again.' })).toMatchObject({ alreadyRecorded: false });
        expect(await stored()).toHaveLength(4);
      });

      it('retryWindowMs 0: only copies sent at once are one turn', async () => {
        await stack.close();
        await open({ retryWindowMs: 0 });
        const messages: AnthropicMessage[] = [{ role: 'user', content: 'Ping the on-call.' }];
        const copies = await Promise.all([
          stack.decorate({ ...alice, messages }),
          stack.decorate({ ...alice, messages }),
        ]);
        expectOneStored(
          (await Promise.all(copies.map((turn) => stack.record(turn, { text: 'Pinged.' })))) as RecordedTurn[],
        );
        clock += 1;
        const after = await stack.record(await stack.decorate({ ...alice, messages }), { text: 'Pinged again.' });
        expect(after).toMatchObject({ alreadyRecorded: false });
        expect(await stored()).toHaveLength(4);
      });
    },
  );

  // The same words said again, by a person and not by a client's retry, are a turn of their own: stored, extracted,
  // in the history. These hold for copies sent one after another and at once alike.
  describe.skipIf(openStore === null)(
    `the same words again are a new turn, on ${name}${openStore === null ? ` (${NO_POSTGRES})` : ''}`,
    () => {
      let store: MemoryStore;
      let stack: MemoryStack;
      let clock: number;
      beforeEach(async () => {
        store = await (openStore as () => Promise<MemoryStore>)();
        clock = Date.parse('2026-03-02T09:00:00Z');
        stack = createMemoryStack({ store, now: () => new Date(clock) });
      });
      afterEach(async () => {
        await stack.close();
      });
      const stored = async (scope: DecorateScope = alice) =>
        (await stack.session(scope)).turns.map((turn) => `${turn.userId}: ${turn.text}`);
      /** Calls made one after another: each decorated once the one before was recorded. */
      const oneByOne = async (calls: Call[]) => {
        const results: RecordedTurn[] = [];
        for (const { scope, messages, reply } of calls) {
          clock += 1_000;
          results.push(
            (await stack.record(await stack.decorate({ ...scope, messages }), { text: reply })) as RecordedTurn,
          );
        }
        return results;
      };
      /** Calls made at once: every one decorated before any is recorded. */
      const atOnceCalls = async (calls: Call[]) => {
        const decorated = await Promise.all(calls.map(({ scope, messages }) => stack.decorate({ ...scope, messages })));
        return (await Promise.all(
          decorated.map((turn, index) => stack.record(turn, { text: (calls[index] as Call).reply })),
        )) as RecordedTurn[];
      };

      it('"continue" after the reply to "continue", in one conversation', async () => {
        const chat = conversation(alice);
        const results = await oneByOne([
          chat.call('Write the release notes for v2.', 'Part one.'),
          chat.call('continue', 'Part two.'),
          chat.call('continue', 'Part three.'),
          chat.call('continue', 'The end.'),
        ]);
        for (const result of results) expect(result.alreadyRecorded).toBe(false);
        expect((await stored()).filter((turn) => turn === 'alice: continue')).toHaveLength(3);
      });

      it('the same question asked again later, after other turns', async () => {
        const chat = conversation(alice);
        await oneByOne([
          chat.call('What is our refund window?', '30 days.'),
          chat.call('And for gift cards?', 'No refunds.'),
          chat.call('What is our refund window?', 'Still 30 days.'),
        ]);
        expect(await stored()).toEqual([
          'alice: What is our refund window?',
          'alice: 30 days.',
          'alice: And for gift cards?',
          'alice: No refunds.',
          'alice: What is our refund window?',
          'alice: Still 30 days.',
        ]);
      });

      it('"yes" in two conversations of one user that share a session (two windows of one client)', async () => {
        const first = conversation(alice, [
          { role: 'user', content: 'Deploy the API to staging.' },
          { role: 'assistant', content: 'Run the migrations first?' },
        ]);
        const second = conversation(alice, [
          { role: 'user', content: 'Rotate the signing keys.' },
          { role: 'assistant', content: 'Revoke the old ones now?' },
        ]);
        await oneByOne([first.call('yes', 'Migrations done.'), second.call('yes', 'Old keys revoked.')]);
        await atOnceCalls([first.call('yes', 'Deployed.'), second.call('yes', 'New keys live.')]);
        expect((await stored()).filter((turn) => turn === 'alice: yes')).toHaveLength(4);
      });

      it('the same words from another user of a shared thread, one after the other or at once', async () => {
        const thread = { agentId: 'writer', threadId: 'standup' };
        const ann = conversation({ ...thread, userId: 'ann' });
        const bob = conversation({ ...thread, userId: 'bob' });
        await oneByOne([ann.call('ok', 'Noted, Ann.'), bob.call('ok', 'Noted, Bob.')]);
        await atOnceCalls([ann.call('done', 'Thanks, Ann.'), bob.call('done', 'Thanks, Bob.')]);
        expect(await stored(thread)).toEqual([
          'ann: ok',
          'ann: Noted, Ann.',
          'bob: ok',
          'bob: Noted, Bob.',
          expect.stringMatching(/^(ann|bob): done$/),
          expect.stringMatching(/^(ann|bob): Thanks, (Ann|Bob)\.$/),
          expect.stringMatching(/^(ann|bob): done$/),
          expect.stringMatching(/^(ann|bob): Thanks, (Ann|Bob)\.$/),
        ]);
      });

      it('the same words after a tool loop, whose reply the client shows in its steps', async () => {
        const messages: AnthropicMessage[] = [{ role: 'user', content: 'check the weather' }];
        const call = { type: 'tool_use' as const, id: 'toolu_1', name: 'weather', input: { city: 'Lisbon' } };
        const step = await stack.decorate({ ...alice, messages });
        await stack.record(step, { text: 'Let me look.', content: [{ type: 'text', text: 'Let me look.' }, call] });
        messages.push(
          { role: 'assistant', content: [{ type: 'text', text: 'Let me look.' }, call] },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '21°C' }] },
        );
        await stack.record(await stack.decorate({ ...alice, messages }), { text: 'Sunny, 21°C.' });
        messages.push({ role: 'assistant', content: 'Sunny, 21°C.' }, { role: 'user', content: 'check the weather' });
        clock += 1_000;
        const again = await stack.decorate({ ...alice, messages });
        expect(again.alreadyRecorded).toBe(false);
        await stack.record(again, { text: 'Still sunny.' });
        expect(await stored()).toEqual([
          'alice: check the weather',
          'alice: Let me look.\n\nSunny, 21°C.',
          'alice: check the weather',
          'alice: Still sunny.',
        ]);
      });

      it('a new conversation that opens with the words an earlier one opened with, an hour later', async () => {
        await oneByOne([conversation(alice).call('hi', 'Hello!')]);
        clock += HOUR;
        const [later] = await oneByOne([conversation(alice).call('hi', 'Hello again!')]);
        expect(later?.alreadyRecorded).toBe(false);
        expect(await stored()).toEqual(['alice: hi', 'alice: Hello!', 'alice: hi', 'alice: Hello again!']);
      });

      it('any script of short words in several windows: each call stored once, however its copies are sent (property)', async () => {
        let run = 0;
        const step = fc.record({
          window: fc.constantFrom(0, 1, 2),
          word: fc.constantFrom('yes', 'continue', 'ok'),
          copies: fc.integer({ min: 1, max: 3 }),
          atOnce: fc.boolean(),
        });
        await fc.assert(
          fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (script) => {
            run += 1;
            const thread = { agentId: 'writer', threadId: `script-${run}` };
            // Two windows of Alice's and one of Bob's in one thread, each a conversation of its own.
            const windows = (['alice', 'alice', 'bob'] as const).map((userId, index) =>
              conversation({ ...thread, userId }, [
                { role: 'user', content: `Task ${index} of the release.` },
                { role: 'assistant', content: `Starting task ${index}?` },
              ]),
            );
            for (const [index, { window, word, copies, atOnce }] of script.entries()) {
              const call = (windows[window] as ReturnType<typeof conversation>).call(word, `Reply ${index}.`);
              const sent = Array.from({ length: copies }, () => call);
              if (atOnce) await atOnceCalls(sent);
              else await oneByOne(sent);
            }
            const expected = script.flatMap(({ window, word }, index) => [
              `${window === 2 ? 'bob' : 'alice'}: ${word}`,
              `${window === 2 ? 'bob' : 'alice'}: Reply ${index}.`,
            ]);
            expect(await stored(thread)).toEqual(expected);
          }),
          { numRuns: name === 'sqlite' ? 60 : 15 },
        );
      });

      it('prepare: the same words again, once the reply to them was read', async () => {
        for (const reply of ['Shipped.', 'Shipped again.']) {
          clock += 1_000;
          const prepared = await stack.prepare({ ...alice, text: 'yes' });
          expect((await stack.record(prepared, { text: reply })).alreadyRecorded).toBe(false);
        }
        expect(await stored()).toEqual(['alice: yes', 'alice: Shipped.', 'alice: yes', 'alice: Shipped again.']);
      });
    },
  );
}

describe('through the proxy: identical requests at once or one after another are one turn', () => {
  let upstream: RawUpstream;
  beforeAll(async () => {
    upstream = await startRawUpstream();
  });
  afterAll(() => upstream.close());

  it(`stores one exchange for ${COPIES} copies of a request, and a second window's "yes" as its own`, async () => {
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
    const proxy = createMemoryProxy({ stack, anthropicBaseUrl: upstream.url, openaiBaseUrl: upstream.url });
    const send = (messages: AnthropicMessage[]) =>
      proxy.request('/v1/messages', {
        method: 'POST',
        headers: { host: '127.0.0.1:8787', 'content-type': 'application/json', 'x-memstack-user': 'alice' },
        body: JSON.stringify({ model: 'm', max_tokens: 10, messages }),
      });
    const first: AnthropicMessage[] = [
      { role: 'user', content: 'Deploy the API to staging.' },
      { role: 'assistant', content: 'Run the migrations first?' },
      { role: 'user', content: 'yes' },
    ];
    const responses = await Promise.all(Array.from({ length: COPIES }, () => send(first)));
    for (const response of responses) expect(response.status).toBe(200);
    await proxy.idle();
    const retried = await send(first);
    expect(retried.status).toBe(200);
    // Another window of the same client: its own conversation, the same word.
    await send([
      { role: 'user', content: 'Rotate the signing keys.' },
      { role: 'assistant', content: 'Revoke the old ones now?' },
      { role: 'user', content: 'yes' },
    ]);
    await proxy.idle();
    const turns = (await stack.session({ agentId: 'proxy', userId: 'alice' })).turns.map((turn) => turn.text);
    expect(turns).toEqual(['yes', 'Noted.', 'yes', 'Noted.']);
    await stack.close();
  });
});
