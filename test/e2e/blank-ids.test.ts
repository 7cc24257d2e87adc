import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChatModel,
  createMemoryStack,
  deriveSessionHandle,
  InvalidInputError,
  type MemoryStack,
  type MemoryStore,
  parseExportRecord,
} from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { blankId as blank } from '../support/blank-ids.js';

const SESSION_FIELDS = ['agentId', 'userId', 'channelId', 'threadId'] as const;
const FACT_FIELDS = ['agentId', 'userId'] as const;
type Field = (typeof SESSION_FIELDS)[number];
type Scope = Partial<Record<Field, string>> & { agentId: string };

/** A model that must never be called: a blank id fails the turn before any model call. */
const untouchable: ChatModel = {
  specificationVersion: 'v1',
  provider: 'untouchable',
  modelId: 'none',
  chat: async () => {
    throw new Error('the model was called');
  },
};

/** Every public method that takes a scope, with the id fields it reads. */
const METHODS: Array<{ name: string; fields: readonly Field[]; call: (stack: MemoryStack, scope: Scope) => unknown }> =
  [
    { name: 'prepare', fields: SESSION_FIELDS, call: (stack, scope) => stack.prepare({ ...scope, text: 'hi' }) },
    {
      name: 'decorate (Anthropic)',
      fields: SESSION_FIELDS,
      call: (stack, scope) => stack.decorate({ ...scope, messages: [{ role: 'user', content: 'hi' }] }),
    },
    {
      name: 'decorate (OpenAI)',
      fields: SESSION_FIELDS,
      call: (stack, scope) =>
        stack.decorate({ ...scope, format: 'openai', messages: [{ role: 'user', content: 'hi' }] }),
    },
    { name: 'chat', fields: SESSION_FIELDS, call: (stack, scope) => stack.chat({ ...scope, text: 'hi' }, untouchable) },
    { name: 'session', fields: SESSION_FIELDS, call: (stack, scope) => stack.session(scope) },
    { name: 'setPin', fields: SESSION_FIELDS, call: (stack, scope) => stack.setPin(scope, 'Ship the release') },
    { name: 'searchTurns', fields: SESSION_FIELDS, call: (stack, scope) => stack.searchTurns(scope, 'release') },
    { name: 'forget', fields: SESSION_FIELDS, call: (stack, scope) => stack.forget(scope) },
    { name: 'facts.add', fields: FACT_FIELDS, call: (stack, scope) => stack.facts.add(scope, 'User lives in Lisbon') },
    { name: 'facts.list', fields: FACT_FIELDS, call: (stack, scope) => stack.facts.list(scope) },
    { name: 'facts.search', fields: FACT_FIELDS, call: (stack, scope) => stack.facts.search(scope, 'Lisbon') },
    {
      name: 'facts.edit',
      fields: FACT_FIELDS,
      call: (stack, scope) => stack.facts.edit(scope, 1, 'User lives in Porto'),
    },
    { name: 'facts.remove', fields: FACT_FIELDS, call: (stack, scope) => stack.facts.remove(scope, 1) },
    { name: 'inspect.sessions', fields: FACT_FIELDS, call: (stack, scope) => stack.inspect.sessions(scope) },
    { name: 'inspect.facts', fields: FACT_FIELDS, call: (stack, scope) => stack.inspect.facts(scope) },
    { name: 'inspect.scopes', fields: ['agentId'], call: (stack, scope) => stack.inspect.scopes(scope) },
    {
      name: 'exportUser',
      fields: FACT_FIELDS,
      call: async (stack, scope) => {
        for await (const _record of stack.exportUser(scope as { agentId: string; userId: string })) {
          // Reading it runs it.
        }
      },
    },
    {
      name: 'importRecords',
      fields: FACT_FIELDS,
      call: (stack, scope) =>
        stack.importRecords([
          { type: 'memstack-export', version: 1, exportedAt: '2026-01-01T00:00:00.000Z', ...scope },
        ]),
    },
  ];

/** The store, with every method call it receives written down (by its path: `sessions.read`, `facts.search`). */
function spiedStore(store: MemoryStore, calls: string[], path = ''): MemoryStore {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      const name = `${path}${String(key)}`;
      if (typeof value === 'function') {
        return (...values: unknown[]) => {
          calls.push(name);
          return value.apply(target, values);
        };
      }
      if (typeof value === 'object' && value !== null) return spiedStore(value, calls, `${name}.`);
      return value;
    },
  });
}

async function rejectionOf(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('a blank id is no identity: refused with INVALID_ARGUMENT, before any store is read or written', () => {
  let stack: MemoryStack;
  const calls: string[] = [];
  beforeEach(() => {
    calls.length = 0;
    stack = createMemoryStack({ store: spiedStore(sqliteStore({ path: ':memory:' }), calls) });
  });
  afterEach(async () => {
    await stack.close();
  });

  it('every method that takes a scope, every id field, blank strings of every kind (property)', async () => {
    const cases = fc.constantFrom(...METHODS.flatMap((method) => method.fields.map((field) => ({ method, field }))));
    await fc.assert(
      fc.asyncProperty(cases, blank, async ({ method, field }, id) => {
        calls.length = 0;
        const scope: Scope = { agentId: 'bot', userId: 'alice', [field]: id };
        const error = await rejectionOf(() => method.call(stack, scope));
        expect(InvalidInputError.isInstance(error), `${method.name} with ${field} ${JSON.stringify(id)}`).toBe(true);
        expect(error).toMatchObject({ code: 'INVALID_ARGUMENT' });
        // importRecords names the record's field by its path in the record; the others name the argument.
        if (method.name !== 'importRecords') expect(error).toMatchObject({ argument: field });
        expect(calls, `${method.name} reached the store`).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('reaches the store with real ids (so that the property above can fail)', async () => {
    for (const method of METHODS) {
      calls.length = 0;
      await rejectionOf(() => method.call(stack, { agentId: 'bot', userId: 'alice', threadId: 'release' }));
      if (method.name !== 'chat' && method.name !== 'importRecords') expect(calls, method.name).not.toEqual([]);
    }
  });

  it('in the pure entries too: the session handle and an export record', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SESSION_FIELDS), blank, (field, id) => {
        expect(() => deriveSessionHandle({ agentId: 'bot', [field]: id })).toThrow(/blank/);
        const session = {
          type: 'session',
          key: 'bot/-/t',
          uuid: '00000000-0000-5000-8000-000000000000',
          agentId: 'bot',
          channelId: null,
          threadId: 't',
          shared: false,
          pin: null,
          taskSourceTurnId: null,
          summary: null,
          summaryThroughTurnId: 0,
          createdAt: '2026-01-01T00:00:00.000Z',
        };
        const record =
          field === 'userId'
            ? { ...session, pin: { task: 'x', taskUserId: id, clarifications: [] } }
            : { ...session, [field]: id };
        expect(() => parseExportRecord(record)).toThrow(InvalidInputError);
      }),
      { numRuns: 200 },
    );
  });

  it('an absent id stays absent: undefined and null, never a string', async () => {
    for (const absent of [undefined, null]) {
      const prepared = await stack.prepare({ agentId: 'bot', userId: absent as never, text: 'Ship the release' });
      expect(prepared.session.key).toBe('bot/-/-');
      await stack.record(prepared, { text: 'On it.' });
    }
    expect((await stack.session({ agentId: 'bot' })).turns).toHaveLength(4);
  });

  it('two callers without a real id share nothing: neither is stored in the agent session', async () => {
    const first = await rejectionOf(() => stack.prepare({ agentId: 'bot', userId: '', text: 'Keep the memo secret' }));
    const second = await rejectionOf(() => stack.prepare({ agentId: 'bot', userId: ' ', text: 'What was I doing?' }));
    expect([first, second]).toEqual([
      expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'userId' }),
      expect.objectContaining({ code: 'INVALID_ARGUMENT', argument: 'userId' }),
    ]);
    expect((await stack.session({ agentId: 'bot' })).turns).toEqual([]);
  });
});
