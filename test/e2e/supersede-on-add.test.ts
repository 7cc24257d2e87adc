import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryStack,
  heuristicExtractor,
  llmExtractor,
  type MemoryStore,
  type MemstackEvent,
} from '../../src/index.js';
import { postgresStore } from '../../src/postgres.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';
import { dropSchemas, NO_POSTGRES, TEST_POSTGRES_URL, uniqueSchema } from '../support/test-postgres.js';

const scope = { agentId: 'assistant', userId: 'bob' };
const schemas: string[] = [];
afterAll(async () => dropSchemas(...schemas));

const stores: Array<[string, () => Promise<MemoryStore>, string | undefined]> = [
  ['sqlite', async () => sqliteStore({ path: ':memory:' }), undefined],
  [
    'postgres',
    async () => {
      const schema = uniqueSchema('supersede');
      schemas.push(schema);
      return postgresStore({ connectionString: TEST_POSTGRES_URL ?? '', schema });
    },
    TEST_POSTGRES_URL ? undefined : NO_POSTGRES,
  ],
];

describe.each(stores)('facts.add supersedes by the same rule as extraction (%s)', (_name, open, skip) => {
  it.skipIf(skip !== undefined)(
    'replaces on a switch, a preference over, a drop; never on a qualified fact',
    async () => {
      const events: MemstackEvent[] = [];
      const stack = createMemoryStack({
        store: await open(),
        extractor: heuristicExtractor(),
        onEvent: (event) => events.push(event),
      });
      try {
        const texts = async () => (await stack.facts.list(scope)).map((fact) => fact.text).sort();
        const npm = await stack.facts.add(scope, "User's team uses npm");
        await stack.facts.add(scope, 'User uses Mocha for tests');
        await stack.facts.add(scope, '用户住在杭州');
        await stack.facts.add(scope, 'ユーザーはSlackを使っている');

        await stack.facts.add(scope, 'User sometimes uses yarn');
        await stack.facts.add(scope, '用户可能搬到苏州');
        expect(await texts()).toHaveLength(6);

        const yarn = await stack.facts.add(scope, "User's team switched from npm to yarn");
        await stack.facts.add(scope, 'User prefers Vitest over Mocha');
        await stack.facts.add(scope, '用户搬到了南京');
        await stack.facts.add(scope, 'ユーザーはSlackをやめた');
        expect(await texts()).toEqual(
          [
            "User's team switched from npm to yarn",
            'User prefers Vitest over Mocha',
            'User sometimes uses yarn',
            '用户可能搬到苏州',
            '用户搬到了南京',
            'ユーザーはSlackをやめた',
          ].sort(),
        );
        expect(events).toContainEqual(
          expect.objectContaining({ type: 'fact-superseded', factId: npm.id, byFactId: yarn.id }),
        );
      } finally {
        await stack.close();
      }
    },
  );
});

describe("extraction also reads the user's own statements", () => {
  it('replaces what the message drops or moves away from, by the fact the turn stores', async () => {
    // No `supersedes` field (an extractor that answers it is trusted on the facts it read, decision 31), and facts
    // worded so that they fill no slot: only the user's words say what changed.
    const reply = (...facts: string[]) => JSON.stringify({ task: null, clarification: null, facts });
    const model = scriptedCompletionModel([reply('用户最近很开心'), reply('ユーザーは紅茶が気に入っている')]);
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor: llmExtractor({ model }) });
    try {
      const chongqing = await stack.facts.add(scope, '用户住在重庆');
      const coffee = await stack.facts.add(scope, 'ユーザーはコーヒーが好きです');
      const kept = await stack.facts.add(scope, '用户的妹妹住在重庆');
      const session = { ...scope, threadId: 'moves' };
      for (const text of ['其实我上个月搬到了成都，最近很开心。', '最近はコーヒーをやめて、紅茶を飲んでいます。']) {
        await stack.record(await stack.prepare({ ...session, text }), { text: 'OK.' });
        await stack.idle();
      }
      const live = (await stack.facts.list(scope)).map((fact) => fact.id);
      expect(live).not.toContain(chongqing.id);
      expect(live).not.toContain(coffee.id);
      expect(live).toContain(kept.id);
    } finally {
      await stack.close();
    }
  });
});
