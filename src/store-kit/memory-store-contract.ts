import { afterEach, beforeEach, describe, expect, it, type TestContext } from 'vitest';
import type { FactScope, MemoryStore, NewFact, TurnSearch } from '../index.js';
import { MemstackError } from '../index.js';

export interface ContractOptions {
  /** Tests this adapter skips, each with the reason. */
  skip?: Partial<Record<'cjk' | 'close', string>>;
}

/** The store's turn search; a store without that capability has the test reported as skipped, not passed. */
function turnSearchOf(context: TestContext, store: MemoryStore): TurnSearch {
  if (store.turnSearch === undefined) context.skip('this store has no turn search (an optional capability)');
  return store.turnSearch as TurnSearch;
}

const alice: FactScope = { agentId: 'bot', userId: 'alice' };
const bob: FactScope = { agentId: 'bot', userId: 'bob' };
const agentWide: FactScope = { agentId: 'bot' };
const otherAgent: FactScope = { agentId: 'other-bot', userId: 'alice' };

let clock = Date.parse('2026-01-01T00:00:00Z');
const at = (): Date => {
  clock += 1000;
  return new Date(clock);
};
const fact = (text: string, extra: Partial<NewFact> = {}): NewFact => ({
  text,
  hash: `h:${text.toLowerCase()}`,
  sourceSessionKey: null,
  sourceTurnId: null,
  source: 'api',
  at: at(),
  ...extra,
});
const session = (key: string, channelId: string | null = null, threadId: string | null = null) => ({
  key,
  uuid: `00000000-0000-5000-8000-${key.padStart(12, '0').slice(-12)}`,
  agentId: 'bot',
  channelId,
  threadId,
});
const exchange = (key: string, user: string, reply: string, extra: Record<string, unknown> = {}) => ({
  session: session(key),
  userId: 'alice',
  user: { text: user, tokens: 3 },
  assistant: { text: reply, tokens: 4 },
  taskSource: false,
  injectedFactIds: [],
  at: at(),
  ...extra,
});

/**
 * The behaviour every MemoryStore adapter must have. Run it from the adapter's own test file with a factory that
 * returns a fresh, empty store.
 */
export function runMemoryStoreContract(
  name: string,
  createStore: () => Promise<MemoryStore> | MemoryStore,
  options: ContractOptions = {},
): void {
  describe(`MemoryStore contract: ${name}`, () => {
    let store: MemoryStore;
    /** Inserts a fact that must be stored (no source turn, or one that exists). */
    const insertFact = async (scope: FactScope, newFact: NewFact) => {
      const result = await store.facts.insert(scope, newFact);
      if (result === null) throw new Error('the store refused a fact whose source turn exists');
      return result;
    };
    beforeEach(async () => {
      store = await createStore();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('sessions', () => {
      it('reads an unknown session as null', async () => {
        expect(await store.sessions.read('nobody')).toBeNull();
      });

      it('appends an exchange atomically and reads it back in order', async () => {
        const first = await store.sessions.appendExchange(exchange('s1', 'hello there', 'hi'));
        const second = await store.sessions.appendExchange(exchange('s1', 'next question', 'answer'));
        expect(first.assistantTurnId).toBeGreaterThan(first.userTurnId);
        expect(second.userTurnId).toBeGreaterThan(first.assistantTurnId);
        const snapshot = await store.sessions.read('s1');
        expect(snapshot?.session).toMatchObject({
          key: 's1',
          agentId: 'bot',
          pin: null,
          summary: null,
          pinAttempts: 0,
        });
        expect(snapshot?.turns.map((turn) => [turn.role, turn.text])).toEqual([
          ['user', 'hello there'],
          ['assistant', 'hi'],
          ['user', 'next question'],
          ['assistant', 'answer'],
        ]);
        expect(snapshot?.turns[0]).toMatchObject({ userId: 'alice', tokens: 3 });
      });

      it('returns the most recent turns, starting with a user turn', async () => {
        for (let index = 0; index < 4; index += 1) {
          await store.sessions.appendExchange(exchange('s1', `question ${index}`, `answer ${index}`));
        }
        const snapshot = await store.sessions.read('s1', { maxTurns: 3 });
        expect(snapshot?.turns.map((turn) => turn.text)).toEqual(['question 3', 'answer 3']);
        expect((await store.sessions.read('s1', { maxTurns: 0 }))?.turns).toEqual([]);
      });

      it('marks the task source once', async () => {
        const first = await store.sessions.appendExchange(
          exchange('s1', 'migrate the app', 'ok', { taskSource: true }),
        );
        await store.sessions.appendExchange(exchange('s1', 'another task', 'ok', { taskSource: true }));
        expect((await store.sessions.read('s1'))?.session.taskSourceTurnId).toBe(first.userTurnId);
        expect((await store.sessions.readTurn('s1', first.userTurnId))?.text).toBe('migrate the app');
        expect(await store.sessions.readTurn('other', first.userTurnId)).toBeNull();
      });

      it('updates the pin only from the version it was computed from, and counts attempts atomically', async () => {
        await store.sessions.appendExchange(exchange('s1', 'migrate', 'ok'));
        const pin = {
          task: 'migrate to Vite',
          taskUserId: 'alice',
          clarifications: [{ text: 'keep the SW', userId: 'bob', at: 5, source: 'user' as const }],
        };
        expect((await store.sessions.read('s1'))?.session).toMatchObject({ pin: null, pinVersion: 0, pinAttempts: 0 });
        expect(
          await store.sessions.update('s1', { pin: { value: pin, expectedPinVersion: 0 }, countPinAttempt: true }),
        ).toBe(true);
        await store.sessions.update('s1', { countPinAttempt: true });
        expect((await store.sessions.read('s1'))?.session).toMatchObject({ pin, pinVersion: 1, pinAttempts: 2 });
        // Computed from version 0, which another write has replaced: refused, and nothing of the patch is written.
        const stale = { pin: { value: null, expectedPinVersion: 0 }, countPinAttempt: true };
        expect(await store.sessions.update('s1', stale)).toBe(false);
        expect((await store.sessions.read('s1'))?.session).toMatchObject({ pin, pinVersion: 1, pinAttempts: 2 });
        expect(await store.sessions.update('s1', { pin: { value: null, expectedPinVersion: 1 } })).toBe(true);
        expect((await store.sessions.read('s1'))?.session).toMatchObject({ pin: null, pinVersion: 2 });
        expect(await store.sessions.update('nobody', { countPinAttempt: true })).toBe(false);
      });

      it('records who spoke first and whether anyone else has', async () => {
        await store.sessions.appendExchange(exchange('s1', 'hello', 'hi'));
        expect((await store.sessions.read('s1'))?.session).toMatchObject({ firstUserId: 'alice', shared: false });
        await store.sessions.appendExchange(exchange('s1', 'again', 'hi'));
        expect((await store.sessions.read('s1'))?.session.shared).toBe(false);
        await store.sessions.appendExchange({ ...exchange('s1', 'bob here', 'hi bob'), userId: 'bob' });
        expect((await store.sessions.read('s1'))?.session).toMatchObject({ firstUserId: 'alice', shared: true });
        await store.sessions.appendExchange({ ...exchange('anonymous', 'no user', 'hi'), userId: null });
        await store.sessions.appendExchange(exchange('anonymous', 'then alice', 'hi'));
        expect((await store.sessions.read('anonymous'))?.session).toMatchObject({ firstUserId: null, shared: true });
      });

      it('stores a placed system pin only if the pin has not changed since it was rendered', async () => {
        await store.sessions.appendExchange(exchange('s1', 'migrate', 'ok'));
        await store.sessions.update('s1', {
          pin: { value: { task: 'T', taskUserId: 'alice', clarifications: [] }, expectedPinVersion: 0 },
        });
        const placed = at();
        await store.sessions.appendExchange(
          exchange('s1', 'next', 'ok', { systemPin: { text: 'stale T', at: placed, pinVersion: 0 } }),
        );
        expect((await store.sessions.read('s1'))?.session.systemPin).toBeNull();
        await store.sessions.appendExchange(
          exchange('s1', 'next', 'ok', { systemPin: { text: 'T', at: placed, pinVersion: 1 } }),
        );
        expect((await store.sessions.read('s1'))?.session.systemPin).toEqual({ text: 'T', at: placed });
      });

      it('compresses: the summary and the watermark move together, and only from the expected watermark', async () => {
        const first = await store.sessions.appendExchange(exchange('s1', 'old question', 'old answer'));
        const second = await store.sessions.appendExchange(exchange('s1', 'new question', 'new answer'));
        expect((await store.sessions.read('s1'))?.session).toMatchObject({
          summaryThroughTurnId: 0,
          historyVersion: 0,
        });
        const through = first.assistantTurnId;
        expect(
          await store.sessions.compress('s1', {
            summary: 'S1',
            throughTurnId: through,
            expectedThroughTurnId: 0,
            expectedHistoryVersion: 0,
          }),
        ).toBe(true);
        const snapshot = await store.sessions.read('s1');
        expect(snapshot?.session).toMatchObject({ summary: 'S1', summaryThroughTurnId: through, historyVersion: 1 });
        expect(snapshot?.turns.map((turn) => turn.text)).toEqual(['new question', 'new answer']);
        // A stale compression (computed from watermark 0) or one going backwards changes nothing.
        const stale = {
          summary: 'stale',
          throughTurnId: second.assistantTurnId,
          expectedThroughTurnId: 0,
          expectedHistoryVersion: 0,
        };
        expect(await store.sessions.compress('s1', stale)).toBe(false);
        const backwards = {
          summary: 'back',
          throughTurnId: through - 1,
          expectedThroughTurnId: through,
          expectedHistoryVersion: 1,
        };
        expect(await store.sessions.compress('s1', backwards)).toBe(false);
        expect((await store.sessions.read('s1'))?.session).toMatchObject({ summary: 'S1', historyVersion: 1 });
        // One computed before a forget removed turns (the history version moved) changes nothing either.
        await store.sessions.appendExchange({ ...exchange('s1', 'bob words', 'ok'), userId: 'bob' });
        await store.forget({ agentId: 'bot', userId: 'bob' });
        const beforeForget = {
          summary: 'quotes bob',
          throughTurnId: second.assistantTurnId,
          expectedThroughTurnId: through,
          expectedHistoryVersion: 1,
        };
        expect(await store.sessions.compress('s1', beforeForget)).toBe(false);
        expect((await store.sessions.read('s1'))?.session).toMatchObject({ summary: 'S1', historyVersion: 2 });
        // Summarised turns stay readable by id (the task source), and count for forget.
        expect((await store.sessions.readTurn('s1', first.userTurnId))?.text).toBe('old question');
        expect((await store.forget({ agentId: 'bot' })).turns).toBe(4);
      });

      it("keeps each model provider's session state apart", async () => {
        await store.sessions.appendExchange(exchange('s1', 'hello', 'hi'));
        expect((await store.sessions.read('s1'))?.session.modelState).toEqual({});
        await store.sessions.update('s1', {
          modelState: { provider: 'claude-cli', state: { generation: 1, cwd: '/w "x"' } },
        });
        await store.sessions.update('s1', { modelState: { provider: 'other.provider', state: { n: 2 } } });
        await store.sessions.update('s1', { modelState: { provider: 'claude-cli', state: { generation: 2 } } });
        expect((await store.sessions.read('s1'))?.session.modelState).toEqual({
          'claude-cli': { generation: 2 },
          'other.provider': { n: 2 },
        });
      });

      it('bumps the facts injected into a recorded turn', async () => {
        const { id } = await insertFact(alice, fact('User prefers pnpm'));
        const when = at();
        await store.sessions.appendExchange(
          exchange('s1', 'install deps', 'done', { injectedFactIds: [id], at: when }),
        );
        const [stored] = await store.facts.list(alice);
        expect(stored).toMatchObject({ accessCount: 1, lastUsedAt: when });
        // Only the recorded user's own facts: an id of another scope is left alone.
        const other = await insertFact(bob, fact('Bob prefers yarn'));
        await store.sessions.appendExchange(exchange('s1', 'again', 'done', { injectedFactIds: [other.id] }));
        expect((await store.facts.list(bob))[0]?.accessCount).toBe(0);
      });

      it('keeps text exactly, whatever it contains', async () => {
        const text = '\'; DROP TABLE turns; -- "quoted" 用戶 👩‍👩‍👧 </task_recap>';
        await store.sessions.appendExchange(exchange('s1', text, text));
        expect((await store.sessions.read('s1'))?.turns.map((turn) => turn.text)).toEqual([text, text]);
      });
    });

    describe('what the stack reads back', () => {
      it("keeps each turn's text, user, tokens, and a reply's path, usage and memory tokens as written", async () => {
        const ids = await store.sessions.appendExchange(
          exchange('s1', 'Deploy the billing service 部署', 'Done: deployed 👩‍👩‍👧', {
            userId: 'ana_lee',
            assistant: {
              text: 'Done: deployed 👩‍👩‍👧',
              tokens: 9,
              path: 'resumed',
              usage: { inputTokens: 120, outputTokens: 9, cacheReadInputTokens: 2048, cacheCreationInputTokens: 0 },
              memoryTokens: 57,
            },
          }),
        );
        const partial = await store.sessions.appendExchange(
          exchange('s1', 'next', 'ok', { assistant: { text: 'ok', tokens: 1, usage: { outputTokens: 1 } } }),
        );
        const snapshot = await store.sessions.read('s1');
        expect(snapshot?.turns.map(({ id, createdAt, ...turn }) => turn)).toEqual([
          { role: 'user', text: 'Deploy the billing service 部署', userId: 'ana_lee', tokens: 3, path: null },
          { role: 'assistant', text: 'Done: deployed 👩‍👩‍👧', userId: 'ana_lee', tokens: 9, path: 'resumed' },
          { role: 'user', text: 'next', userId: 'alice', tokens: 3, path: null },
          { role: 'assistant', text: 'ok', userId: 'alice', tokens: 1, path: null },
        ]);
        const details = async (id: number) => {
          const turn = await store.sessions.readTurn('s1', id);
          return turn && { role: turn.role, path: turn.path, usage: turn.usage, memoryTokens: turn.memoryTokens };
        };
        expect(await details(ids.userTurnId)).toEqual({ role: 'user', path: null, usage: null, memoryTokens: null });
        expect(await details(ids.assistantTurnId)).toEqual({
          role: 'assistant',
          path: 'resumed',
          usage: { inputTokens: 120, outputTokens: 9, cacheReadInputTokens: 2048, cacheCreationInputTokens: 0 },
          memoryTokens: 57,
        });
        // Only the usage fields that were given: an absent one was not reported, it is not zero.
        expect(await details(partial.assistantTurnId)).toEqual({
          role: 'assistant',
          path: null,
          usage: { outputTokens: 1 },
          memoryTokens: null,
        });
        expect(await store.sessions.readTurn('s1', partial.userTurnId)).toMatchObject({ text: 'next' });
      });

      it('keeps the cached system pin with the time it was placed, across reads', async () => {
        const placed = new Date('2026-02-03T04:05:06.789Z');
        await store.sessions.appendExchange(exchange('s1', 'first', 'ok'));
        await store.sessions.update('s1', {
          pin: { value: { task: 'Ship v2', taskUserId: 'alice', clarifications: [] }, expectedPinVersion: 0 },
        });
        await store.sessions.appendExchange(
          exchange('s1', 'next', 'ok', {
            systemPin: { text: '<pinned_task>Ship v2</pinned_task>', at: placed, pinVersion: 1 },
          }),
        );
        const read = await store.sessions.read('s1');
        expect(read?.session.systemPin).toEqual({ text: '<pinned_task>Ship v2</pinned_task>', at: placed });
        expect(read?.session.systemPin?.at.getTime()).toBe(placed.getTime());
      });
    });

    describe('turn search', () => {
      const words = (...terms: string[]) => ({ words: terms, cjk: [] });

      it("ranks a session's turns by relevance, and never another session's", async (context) => {
        const turns = turnSearchOf(context, store);
        await store.sessions.appendExchange(
          exchange(
            's1',
            'Which database should we use?',
            'Option A: Postgres with pgvector. Option B: SQLite with FTS5.',
          ),
        );
        await store.sessions.appendExchange(exchange('s1', 'What about hosting?', 'Fly.io or a small VPS.'));
        await store.sessions.appendExchange(exchange('s2', 'SQLite question elsewhere', 'SQLite answer elsewhere'));
        const hits = await turns.search('s1', words('sqlite', 'fts5'), { limit: 5 });
        expect(hits[0]?.turn.text).toBe('Option A: Postgres with pgvector. Option B: SQLite with FTS5.');
        expect(hits.every((hit) => !hit.turn.text.includes('elsewhere'))).toBe(true);
        expect(hits[0]?.relevance).toBeGreaterThan(0);
        expect(await turns.search('unknown', words('sqlite'), { limit: 5 })).toEqual([]);
      });

      it('searches each turn with its neighbours as context, at a lower weight than its own text', async (context) => {
        const turns = turnSearchOf(context, store);
        await store.sessions.appendExchange(exchange('s1', 'What did you paint last week?', 'A sunset over the lake.'));
        await store.sessions.appendExchange(exchange('s1', 'I painted my fence too', 'Nice.'));
        const hits = await turns.search('s1', words('paint', 'sunset'), { limit: 5 });
        // The reply names the sunset and follows the question about painting: it comes first.
        expect(hits[0]?.turn.text).toBe('A sunset over the lake.');
        // A turn that only neighbours a match is found too, below those that match themselves.
        const lake = await turns.search('s1', words('lake'), { limit: 5 });
        expect(lake[0]?.turn.text).toBe('A sunset over the lake.');
        expect(lake.map((hit) => hit.turn.text)).toContain('What did you paint last week?');
      });

      it('only returns turns before beforeTurnId when it is given', async (context) => {
        const turns = turnSearchOf(context, store);
        const first = await store.sessions.appendExchange(exchange('s1', 'deploy with docker', 'ok docker'));
        const second = await store.sessions.appendExchange(exchange('s1', 'docker again', 'docker reply'));
        const all = await turns.search('s1', words('docker'), { limit: 10 });
        expect(all).toHaveLength(4);
        const older = await turns.search('s1', words('docker'), {
          limit: 10,
          beforeTurnId: second.userTurnId,
        });
        expect(older.map((hit) => hit.turn.id).sort()).toEqual([first.userTurnId, first.assistantTurnId].sort());
      });

      it('matches the calendar terms of when a turn was said', async (context) => {
        const turns = turnSearchOf(context, store);
        await store.sessions.appendExchange(
          exchange('s1', 'we went hiking', 'fun', { at: new Date('2023-05-08T10:00:00Z') }),
        );
        await store.sessions.appendExchange(
          exchange('s1', 'we went hiking again', 'fun', { at: new Date('2023-07-02T10:00:00Z') }),
        );
        const hits = await turns.search('s1', { words: ['hiking'], cjk: [], dates: ['m202305'] }, { limit: 1 });
        expect(hits[0]?.turn.text).toBe('we went hiking');
      });

      it('treats query syntax as plain text', async (context) => {
        const turns = turnSearchOf(context, store);
        await store.sessions.appendExchange(exchange('s1', '我们决定使用 pnpm 管理依赖', '好的'));
        const syntax = await turns.search('s1', words('"', 'OR', 'NEAR(', '*', 'pnpm'), { limit: 5 });
        expect(syntax[0]?.turn.text).toBe('我们决定使用 pnpm 管理依赖');
      });

      it.skipIf(Boolean(options.skip?.cjk))('finds CJK words inside the longer runs of turns', async (context) => {
        const turns = turnSearchOf(context, store);
        await store.sessions.appendExchange(exchange('s1', '我们决定使用 pnpm 管理依赖', '好的'));
        const cjk = await turns.search('s1', { words: [], cjk: ['管理'] }, { limit: 5 });
        expect(cjk[0]?.turn.text).toBe('我们决定使用 pnpm 管理依赖');
      });
    });

    describe('facts', () => {
      it('inserts, lists and refuses an exact duplicate in the same scope', async () => {
        const first = await insertFact(alice, fact('User prefers pnpm'));
        const again = await insertFact(alice, fact('user prefers PNPM'));
        expect(first.inserted).toBe(true);
        expect(again).toEqual({ id: first.id, inserted: false });
        const elsewhere = await insertFact(bob, fact('User prefers pnpm'));
        expect(elsewhere.inserted).toBe(true);
        const listed = await store.facts.list(alice);
        expect(listed).toHaveLength(1);
        expect(listed[0]).toMatchObject({
          id: first.id,
          agentId: 'bot',
          userId: 'alice',
          text: 'User prefers pnpm',
          accessCount: 0,
          lastUsedAt: null,
        });
        expect(listed[0]?.createdAt).toBeInstanceOf(Date);
      });

      it('never returns a fact of another scope', async () => {
        await insertFact(alice, fact('Alice deploys on Cloudflare Workers'));
        await insertFact(bob, fact('Bob deploys on Fly.io'));
        await insertFact(agentWide, fact('The project deploys weekly'));
        await insertFact(otherAgent, fact('Alice deploys on Vercel for the other bot'));
        const query = { words: ['deploys', 'alice', 'bob', 'cloudflare', 'vercel', 'project'], cjk: [] };
        const texts = async (scope: FactScope) =>
          (await store.facts.search(scope, query, { limit: 10 })).map((hit) => hit.fact.text);
        expect(await texts(alice)).toEqual(['Alice deploys on Cloudflare Workers']);
        expect(await texts(bob)).toEqual(['Bob deploys on Fly.io']);
        expect(await texts(agentWide)).toEqual(['The project deploys weekly']);
        expect(await texts(otherAgent)).toEqual(['Alice deploys on Vercel for the other bot']);
        expect((await store.facts.list(bob)).map((item) => item.text)).toEqual(['Bob deploys on Fly.io']);
        expect((await store.facts.recent(alice, { limit: 10 })).map((item) => item.text)).toEqual([
          'Alice deploys on Cloudflare Workers',
        ]);
      });

      it('ORs the terms and ranks a fact matching more of them first', async () => {
        await insertFact(alice, fact('User prefers pnpm for package management'));
        await insertFact(alice, fact('User tests with vitest'));
        await insertFact(alice, fact('The API is deployed with Docker'));
        const hits = await store.facts.search(alice, { words: ['pnpm', 'package', 'zebra'], cjk: [] }, { limit: 5 });
        expect(hits.map((hit) => hit.fact.text)).toEqual(['User prefers pnpm for package management']);
        const both = await store.facts.search(alice, { words: ['vitest', 'pnpm', 'package'], cjk: [] }, { limit: 5 });
        expect(both.map((hit) => hit.fact.text)).toEqual([
          'User prefers pnpm for package management',
          'User tests with vitest',
        ]);
        expect(both[0]?.relevance).toBeGreaterThan(both[1]?.relevance ?? Number.POSITIVE_INFINITY);
      });

      it("searches a fact's context at a lower weight than its text", async () => {
        await insertFact(alice, fact('User adopted a dog named Ned', { context: 'I went to the shelter in Stamford' }));
        await insertFact(alice, fact('User volunteers at the Stamford shelter'));
        const hits = await store.facts.search(alice, { words: ['stamford', 'shelter'], cjk: [] }, { limit: 5 });
        expect(hits.map((hit) => hit.fact.text)).toEqual([
          'User volunteers at the Stamford shelter',
          'User adopted a dog named Ned',
        ]);
      });

      it('matches the calendar terms of when a fact was stored', async () => {
        await insertFact(alice, fact('User ran a marathon', { at: new Date('2022-04-10T00:00:00Z') }));
        await insertFact(alice, fact('User ran a half marathon', { at: new Date('2023-09-10T00:00:00Z') }));
        const hits = await store.facts.search(
          alice,
          { words: ['marathon'], cjk: [], dates: ['m202204'] },
          { limit: 2 },
        );
        expect(hits[0]?.fact.text).toBe('User ran a marathon');
        const dateOnly = await store.facts.search(alice, { words: [], cjk: [], dates: ['y2023'] }, { limit: 2 });
        expect(dateOnly.map((hit) => hit.fact.text)).toEqual(['User ran a half marathon']);
      });

      it('matches word forms (stemming)', async () => {
        await insertFact(alice, fact('User deploys services on weekends'));
        const hits = await store.facts.search(alice, { words: ['deploying', 'service'], cjk: [] }, { limit: 5 });
        expect(hits).toHaveLength(1);
      });

      it('treats query syntax in terms as plain text', async () => {
        await insertFact(alice, fact('User writes "quoted" text and uses OR NEAR AND NOT operators: col*'));
        const hostile = [
          '"',
          'quoted"',
          'or',
          'near(',
          'and',
          'not',
          'col:',
          '*',
          '^x',
          '{text}',
          "'; drop table facts; --",
          ')',
        ];
        const hits = await store.facts.search(alice, { words: hostile, cjk: [] }, { limit: 5 });
        expect(hits.map((hit) => hit.fact.text)).toEqual([
          'User writes "quoted" text and uses OR NEAR AND NOT operators: col*',
        ]);
        expect(await store.facts.list(alice)).toHaveLength(1);
      });

      it.skipIf(Boolean(options.skip?.cjk))('finds a 1, 2 or 3+ character CJK word inside a longer run', async () => {
        await insertFact(alice, fact('用戶偏好使用 pnpm 管理套件'));
        await insertFact(alice, fact('ユーザーはVimを使っています'));
        await insertFact(alice, fact('项目部署在 Cloudflare Workers 上'));
        const find = async (word: string) =>
          (await store.facts.search(alice, { words: [], cjk: [word] }, { limit: 5 })).map((hit) => hit.fact.text);
        expect(await find('偏好')).toEqual(['用戶偏好使用 pnpm 管理套件']);
        expect(await find('管理套件')).toEqual(['用戶偏好使用 pnpm 管理套件']);
        expect(await find('部署')).toEqual(['项目部署在 Cloudflare Workers 上']);
        expect(await find('使って')).toEqual(['ユーザーはVimを使っています']);
        expect(await find('件')).toEqual(['用戶偏好使用 pnpm 管理套件']);
        expect(await find('偏')).toEqual(['用戶偏好使用 pnpm 管理套件']);
        expect(await find('喜欢')).toEqual([]);
      });

      it('purges superseded facts and facts never injected once they are old enough, and nothing else', async () => {
        const day = 86_400_000;
        const old = new Date(Date.parse('2025-01-01T00:00:00Z'));
        const recent = new Date(Date.parse('2025-12-01T00:00:00Z'));
        const unused = await insertFact(alice, fact('Old fact never injected', { at: old }));
        const used = await insertFact(alice, fact('Old fact injected once', { at: old }));
        await store.facts.touch(alice, [used.id], recent);
        const replaced = await insertFact(bob, fact('User lives in Paris', { at: old }));
        const current = await insertFact(bob, fact('User lives in Berlin', { at: recent }));
        await store.facts.supersede(bob, replaced.id, current.id);
        await insertFact(alice, fact('Recent fact never injected', { at: recent }));
        const now = Date.parse('2025-12-15T00:00:00Z');
        const purged = await store.facts.purge({
          supersededBefore: new Date(now - 30 * day),
          unusedBefore: new Date(now - 180 * day),
        });
        expect(purged).toBe(2);
        expect((await store.facts.list(alice)).map((item) => item.text)).toEqual([
          'Old fact injected once',
          'Recent fact never injected',
        ]);
        expect((await store.facts.list(bob)).map((item) => item.text)).toEqual(['User lives in Berlin']);
        expect(await store.facts.remove(alice, unused.id)).toBe(false);
        expect(await store.facts.remove(bob, replaced.id)).toBe(false);
      });

      it('recent() puts the last used, then the newest, first', async () => {
        const old = await insertFact(alice, fact('First fact stored'));
        await insertFact(alice, fact('Second fact stored'));
        await insertFact(alice, fact('Third fact stored'));
        await store.facts.touch(bob, [old.id], at());
        await store.facts.touch(alice, [old.id], at());
        const recent = await store.facts.recent(alice, { limit: 2 });
        expect(recent.map((item) => item.text)).toEqual(['First fact stored', 'Third fact stored']);
        expect(recent[0]?.accessCount).toBe(1);
      });

      it('hides a superseded fact everywhere, and only within its scope', async () => {
        const old = await insertFact(alice, fact('User prefers npm'));
        const next = await insertFact(alice, fact('User prefers pnpm'));
        expect(await store.facts.supersede(bob, old.id, next.id)).toBe(false);
        expect(await store.facts.supersede(alice, old.id, old.id)).toBe(false);
        expect(await store.facts.supersede(alice, old.id, next.id)).toBe(true);
        expect((await store.facts.list(alice)).map((item) => item.text)).toEqual(['User prefers pnpm']);
        const hits = await store.facts.search(alice, { words: ['prefers'], cjk: [] }, { limit: 5 });
        expect(hits.map((hit) => hit.fact.text)).toEqual(['User prefers pnpm']);
        // The text may come back later as a new fact.
        expect((await insertFact(alice, fact('User prefers npm'))).inserted).toBe(true);
      });

      it('removes a fact from the list and the index', async () => {
        const { id } = await insertFact(alice, fact('User likes dark mode'));
        expect(await store.facts.remove(bob, id)).toBe(false);
        expect(await store.facts.remove(alice, id)).toBe(true);
        expect(await store.facts.remove(alice, id)).toBe(false);
        expect(await store.facts.list(alice)).toEqual([]);
        expect(await store.facts.search(alice, { words: ['dark', 'mode'], cjk: [] }, { limit: 5 })).toEqual([]);
      });
    });

    describe('forget', () => {
      it('forgets a whole agent', async () => {
        await store.sessions.appendExchange(exchange('s1', 'hello', 'hi'));
        await insertFact(alice, fact('User prefers pnpm'));
        await insertFact(otherAgent, fact('Kept for the other agent'));
        expect(await store.forget({ agentId: 'bot' })).toEqual({ sessions: 1, turns: 2, facts: 1, factsRewritten: 0 });
        expect(await store.sessions.read('s1')).toBeNull();
        expect(await store.facts.list(alice)).toEqual([]);
        expect(await store.facts.list(otherAgent)).toHaveLength(1);
      });

      it('forgets one user: their facts, turns and pin parts, not the others', async () => {
        await store.sessions.appendExchange(exchange('shared', 'alice asks', 'reply to alice'));
        await store.sessions.appendExchange({ ...exchange('shared', 'bob asks', 'reply to bob'), userId: 'bob' });
        await store.sessions.update('shared', {
          pin: {
            value: {
              task: 'bob task',
              taskUserId: 'bob',
              clarifications: [
                { text: 'alice said X', userId: 'alice' },
                { text: 'bob said Y', userId: 'bob' },
              ],
            },
            expectedPinVersion: 0,
          },
        });
        const shared0 = await store.sessions.read('shared');
        const aliceTurn = shared0?.turns[1]?.id ?? 0;
        await store.sessions.compress('shared', {
          summary: 'mentions alice',
          throughTurnId: aliceTurn,
          expectedThroughTurnId: 0,
          expectedHistoryVersion: 0,
        });
        await store.sessions.appendExchange(exchange('alice-only', 'just alice', 'ok'));
        await insertFact(alice, fact('Alice uses zsh'));
        await insertFact(bob, fact('Bob uses fish'));

        expect(await store.forget({ agentId: 'bot', userId: 'alice' })).toEqual({
          sessions: 1,
          turns: 4,
          facts: 1,
          factsRewritten: 0,
        });
        const shared = await store.sessions.read('shared');
        expect(shared?.turns.map((turn) => turn.text)).toEqual(['bob asks', 'reply to bob']);
        expect(shared?.session.pin).toEqual({
          task: 'bob task',
          taskUserId: 'bob',
          clarifications: [{ text: 'bob said Y', userId: 'bob' }],
        });
        // The summary covered a forgotten turn: it goes, and what it covered is history again.
        expect(shared?.session).toMatchObject({ summary: null, summaryThroughTurnId: 0, pinVersion: 2 });
        expect(shared?.session).toMatchObject({ firstUserId: 'bob', shared: false });
        expect(await store.sessions.read('alice-only')).toBeNull();
        expect(await store.facts.list(alice)).toEqual([]);
        expect(await store.facts.list(bob)).toHaveLength(1);
      });

      it("leaves no trace of a forgotten user's turns in the turn search, not even as another turn's context", async (context) => {
        const turns = turnSearchOf(context, store);
        await store.sessions.appendExchange(
          exchange('shared', 'remember my word', 'your secret word is zanzibarquokka'),
        );
        await store.sessions.appendExchange({
          ...exchange('shared', 'bob talks about tea', 'tea is nice'),
          userId: 'bob',
        });
        expect(await turns.search('shared', { words: ['zanzibarquokka'], cjk: [] }, { limit: 5 })).toHaveLength(3);
        await store.forget({ agentId: 'bot', userId: 'alice' });
        expect(await turns.search('shared', { words: ['zanzibarquokka'], cjk: [] }, { limit: 5 })).toEqual([]);
        const tea = await turns.search('shared', { words: ['tea'], cjk: [] }, { limit: 5 });
        expect(tea.map((hit) => hit.turn.text).sort()).toEqual(['bob talks about tea', 'tea is nice']);
      });

      it('clears a pin whose task the forgotten user wrote', async () => {
        await store.sessions.appendExchange(exchange('shared', 'alice task', 'ok', { taskSource: true }));
        await store.sessions.appendExchange({ ...exchange('shared', 'bob chimes in', 'ok'), userId: 'bob' });
        await store.sessions.update('shared', {
          pin: { value: { task: 'alice task', taskUserId: 'alice', clarifications: [] }, expectedPinVersion: 0 },
        });
        await store.forget({ agentId: 'bot', userId: 'alice' });
        const shared = await store.sessions.read('shared');
        expect(shared?.session.pin).toBeNull();
        expect(shared?.session.taskSourceTurnId).toBeNull();
      });

      it('forgets one channel: its sessions and the facts drawn from them', async () => {
        await store.sessions.appendExchange({ ...exchange('c1', 'in c1', 'ok'), session: session('c1', 'chan-1') });
        await store.sessions.appendExchange({ ...exchange('c2', 'in c2', 'ok'), session: session('c2', 'chan-2') });
        await insertFact(alice, fact('Learnt in channel one', { sourceSessionKey: 'c1' }));
        await insertFact(alice, fact('Learnt in channel two', { sourceSessionKey: 'c2' }));
        expect(await store.forget({ agentId: 'bot', channelId: 'chan-1' })).toEqual({
          sessions: 1,
          turns: 2,
          facts: 1,
          factsRewritten: 0,
        });
        expect(await store.sessions.read('c1')).toBeNull();
        expect(await store.sessions.read('c2')).not.toBeNull();
        expect((await store.facts.list(alice)).map((item) => item.text)).toEqual(['Learnt in channel two']);
      });

      it('reports zeros for an unknown scope', async () => {
        expect(await store.forget({ agentId: 'nobody', userId: 'x' })).toEqual({
          sessions: 0,
          turns: 0,
          facts: 0,
          factsRewritten: 0,
        });
      });

      it('matches ids exactly: wildcards, quotes and look-alikes are plain characters', async () => {
        const ids = [
          'ana_lee',
          'ana-lee',
          'ana%',
          'ana\\lee',
          "o'hara",
          '"q"',
          'ana\u00e9',
          'ane\u0301',
          'x'.repeat(4096),
        ];
        for (const [index, userId] of ids.entries()) {
          await store.sessions.appendExchange({ ...exchange(`s${index}`, `turn of ${index}`, 'ok'), userId });
          await store.sessions.update(`s${index}`, {
            pin: {
              value: { task: `task ${index}`, taskUserId: userId, clarifications: [{ text: `c ${index}`, userId }] },
              expectedPinVersion: 0,
            },
          });
          await insertFact({ agentId: 'bot', userId }, fact(`Fact of user ${index}`));
        }
        const before = await Promise.all(ids.map((_, index) => store.sessions.read(`s${index}`)));
        for (const [index, userId] of ids.entries()) {
          expect(await store.forget({ agentId: 'bot', userId })).toMatchObject({ sessions: 1, turns: 2, facts: 1 });
          // Every other session is exactly as it was: not even its pin version or history version moved.
          for (let other = index + 1; other < ids.length; other += 1) {
            expect(await store.sessions.read(`s${other}`)).toEqual(before[other]);
          }
          for (const [other, otherId] of ids.entries()) {
            const gone = other <= index;
            expect(await store.sessions.read(`s${other}`)).toSatisfy((read) => (gone ? read === null : read !== null));
            if (!gone) {
              expect((await store.sessions.read(`s${other}`))?.session.pin?.task).toBe(`task ${other}`);
              expect(await store.facts.list({ agentId: 'bot', userId: otherId })).toHaveLength(1);
            }
          }
        }
      });

      it("rewrites the search context of another user's fact that quotes a forgotten turn", async () => {
        const alices = await store.sessions.appendExchange(
          exchange('shared', 'alice mentions flamingoquartz', 'ok alice'),
        );
        const bobs = await store.sessions.appendExchange({
          ...exchange('shared', 'bob uses neovim', 'nice'),
          userId: 'bob',
        });
        await insertFact(
          bob,
          fact('Bob uses neovim', {
            sourceSessionKey: 'shared',
            sourceTurnId: bobs.userTurnId,
            context: 'ok alice\nbob uses neovim\nnice',
            contextTurnIds: [alices.assistantTurnId, bobs.userTurnId, bobs.assistantTurnId],
          }),
        );
        expect(await store.facts.search(bob, { words: ['alice'], cjk: [] }, { limit: 5 })).toHaveLength(1);
        const report = await store.forget({ agentId: 'bot', userId: 'alice' });
        expect(report).toMatchObject({ turns: 2, facts: 0, factsRewritten: 1 });
        expect(await store.facts.search(bob, { words: ['alice'], cjk: [] }, { limit: 5 })).toEqual([]);
        expect((await store.facts.search(bob, { words: ['neovim'], cjk: [] }, { limit: 5 })).length).toBe(1);
        expect(await store.facts.list(bob)).toHaveLength(1);
      });

      it("refuses a fact whose source turn is gone, and drops a gone turn from a new fact's context", async () => {
        const first = await store.sessions.appendExchange(exchange('s1', 'alice says pelicanmarble', 'ok'));
        const second = await store.sessions.appendExchange({
          ...exchange('s1', 'bob uses tmux', 'fine'),
          userId: 'bob',
        });
        await store.forget({ agentId: 'bot', userId: 'alice' });
        const lost = fact('Alice says something', { sourceSessionKey: 's1', sourceTurnId: first.userTurnId });
        expect(await store.facts.insert(alice, lost)).toBeNull();
        const kept = await store.facts.insert(
          bob,
          fact('Bob uses tmux', {
            sourceSessionKey: 's1',
            sourceTurnId: second.userTurnId,
            context: 'ok\nbob uses tmux\nfine pelicanmarble',
            contextTurnIds: [first.assistantTurnId, second.userTurnId, second.assistantTurnId],
          }),
        );
        expect(kept?.inserted).toBe(true);
        expect(await store.facts.search(bob, { words: ['pelicanmarble'], cjk: [] }, { limit: 5 })).toEqual([]);
        expect(await store.facts.search(bob, { words: ['fine'], cjk: [] }, { limit: 5 })).toHaveLength(1);
      });
    });

    it.skipIf(Boolean(options.skip?.close))('rejects calls after close with a MemstackError', async () => {
      await store.close();
      const error = await store.facts.list(alice).catch((caught: unknown) => caught);
      expect(MemstackError.isInstance(error)).toBe(true);
      await store.close();
    });
  });
}
