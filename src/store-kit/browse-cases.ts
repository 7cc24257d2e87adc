import { describe, expect, it } from 'vitest';
import type { StoredSentPrompt, TurnTrace } from '../spec/turn-trace.js';
import { alice, bob, browseOf, type ContractHarness, exchange, fact, session } from './contract-fixtures.js';

const trace = (facts: TurnTrace['facts'], memoryShare: number): TurnTrace => ({
  via: 'decorate',
  factsSource: 'relevance',
  facts,
  recalled: [],
  tokens: {
    system: 100,
    pin: 10,
    summary: 0,
    recap: 5,
    facts: 5,
    recalled: 0,
    history: 40,
    message: 40,
    total: 200,
    memoryShare,
  },
  usageSource: 'provider',
  steps: 2,
  droppedBreakpoints: ['history'],
});

const sent = (system: string, current: string): StoredSentPrompt => ({
  format: 'anthropic',
  system: JSON.stringify([{ type: 'text', text: system }]),
  systemHash: `hash of ${system}`,
  earlierMessages: 4,
  current: JSON.stringify([{ role: 'user', content: current }]),
});

/** Reads for tools, an optional capability: skipped, not passed, for a store without it. */
export function browseCases(harness: ContractHarness): void {
  describe('browse', () => {
    it('lists sessions most recently active first, by agent and by a user who spoke, a page at a time', async (context) => {
      const browse = browseOf(context, harness.store);
      await harness.store.sessions.appendExchange(exchange('s1', 'first', 'ok'));
      await harness.store.sessions.appendExchange({ ...exchange('s2', 'bob here', 'ok'), userId: 'bob' });
      await harness.store.sessions.appendExchange(exchange('s3', 'alice again', 'ok'));
      await harness.store.sessions.appendExchange({ ...exchange('s3', 'bob too', 'ok'), userId: 'bob' });
      await harness.store.sessions.appendExchange({
        ...exchange('s4', 'other agent', 'ok'),
        session: { ...session('s4'), agentId: 'other-bot' },
      });
      await harness.store.sessions.update('s1', {
        pin: { value: { task: 'ship it', taskUserId: 'alice', clarifications: [] }, expectedPinVersion: 0 },
      });
      const keys = async (filter: { agentId?: string; userId?: string }, limit = 10) =>
        (await browse.sessions({ ...filter, limit })).map((found) => found.key);
      expect(await keys({})).toEqual(['s4', 's3', 's2', 's1']);
      expect(await keys({ agentId: 'bot' })).toEqual(['s3', 's2', 's1']);
      expect(await keys({ agentId: 'bot', userId: 'bob' })).toEqual(['s3', 's2']);
      expect(await keys({ userId: 'carol' })).toEqual([]);
      const [newest] = await browse.sessions({ agentId: 'bot', limit: 1 });
      expect(newest).toMatchObject({ key: 's3', agentId: 'bot', firstUserId: 'alice', shared: true, turns: 4 });
      const next = await browse.sessions({ agentId: 'bot', limit: 5, after: newest });
      expect(next.map((found) => found.key)).toEqual(['s2', 's1']);
      expect(next[1]).toMatchObject({ task: 'ship it', turns: 2, shared: false, channelId: null, threadId: null });
      expect(next[1]?.updatedAt).toBeInstanceOf(Date);
    });

    it("keeps each reply's trace and the request as sent, and the figures of every reply", async (context) => {
      const browse = browseOf(context, harness.store);
      const facts = [{ id: 7, text: 'User prefers pnpm', score: 1.5 }];
      const first = await harness.store.sessions.appendExchange(
        exchange('s1', 'hello', 'hi', {
          trace: { trace: trace(facts, 0.1), sent: sent('You are terse.', 'hello') },
          assistant: {
            text: 'hi',
            tokens: 4,
            usage: { inputTokens: 10, cacheReadInputTokens: 190, outputTokens: 3 },
            cacheMiss: 'history-changed',
          },
        }),
      );
      await harness.store.sessions.appendExchange(
        exchange('s1', 'again', 'hi again', {
          trace: { trace: trace([], 0.2), sent: sent('You are terse.', '<task_recap>…</task_recap>again') },
        }),
      );
      await harness.store.sessions.appendExchange(exchange('s1', 'untraced', 'ok'));
      const turns = await browse.turns('s1', { limit: 10 });
      expect(turns.map((turn) => [turn.role, turn.text])).toEqual([
        ['user', 'hello'],
        ['assistant', 'hi'],
        ['user', 'again'],
        ['assistant', 'hi again'],
        ['user', 'untraced'],
        ['assistant', 'ok'],
      ]);
      expect(turns[0]).toMatchObject({ trace: null, sent: null });
      expect(turns[1]?.trace).toEqual(trace(facts, 0.1));
      expect(turns[1]?.usage).toEqual({ inputTokens: 10, cacheReadInputTokens: 190, outputTokens: 3 });
      expect(turns[1]?.sent).toEqual({
        format: 'anthropic',
        system: [{ type: 'text', text: 'You are terse.' }],
        earlierMessages: 4,
        current: [{ role: 'user', content: 'hello' }],
      });
      expect(turns[3]?.sent?.current).toEqual([{ role: 'user', content: '<task_recap>…</task_recap>again' }]);
      expect(turns[5]).toMatchObject({ trace: null, sent: null });
      // A page: after a turn, at most so many.
      const page = await browse.turns('s1', { afterId: first.assistantTurnId, limit: 2 });
      expect(page.map((turn) => turn.text)).toEqual(['again', 'hi again']);
      expect(await browse.turns('nothing', { limit: 10 })).toEqual([]);
      const figures = await browse.figures('s1');
      expect(figures.map((reply) => [reply.turnId, reply.memoryShare, reply.totalTokens])).toEqual([
        [first.assistantTurnId, 0.1, 200],
        [first.assistantTurnId + 2, 0.2, 200],
        [first.assistantTurnId + 4, null, null],
      ]);
      expect(figures[0]?.usage).toEqual({ inputTokens: 10, cacheReadInputTokens: 190, outputTokens: 3 });
      // Why a request missed, as recorded with its usage: the turn and the figures both tell it.
      expect(turns[1]?.cacheMiss).toBe('history-changed');
      expect(figures.map((reply) => reply.cacheMiss ?? null)).toEqual(['history-changed', null, null]);
    });

    it("lists a scope's facts with the superseded ones and their provenance, and the scopes holding facts", async (context) => {
      const browse = browseOf(context, harness.store);
      const ids = await harness.store.sessions.appendExchange(exchange('s1', 'I live in Paris', 'noted'));
      const old = await harness.insertFact(
        alice,
        fact('User lives in Paris', { sourceSessionKey: 's1', sourceTurnId: ids.userTurnId, source: 'user' }),
      );
      const current = await harness.insertFact(alice, fact('User lives in Berlin'));
      await harness.store.facts.supersede(alice, old.id, current.id);
      await harness.insertFact(bob, fact('Bob likes tea'));
      await harness.insertFact({ agentId: 'bot' }, fact('The project ships weekly'));
      const facts = await browse.facts(alice);
      expect(facts.map((item) => [item.text, item.supersededBy])).toEqual([
        ['User lives in Paris', current.id],
        ['User lives in Berlin', null],
      ]);
      expect(facts[0]).toMatchObject({ sourceSessionKey: 's1', sourceTurnId: ids.userTurnId, source: 'user' });
      expect(facts[1]).toMatchObject({ sourceSessionKey: null, sourceTurnId: null, accessCount: 0 });
      expect(await browse.scopes({ limit: 10 })).toEqual([
        { agentId: 'bot', userId: null, facts: 1, supersededFacts: 0 },
        { agentId: 'bot', userId: 'alice', facts: 1, supersededFacts: 1 },
        { agentId: 'bot', userId: 'bob', facts: 1, supersededFacts: 0 },
      ]);
      expect(await browse.scopes({ agentId: 'other', limit: 10 })).toEqual([]);
      expect(await browse.scopes({ limit: 1 })).toHaveLength(1);
    });

    it('drops the requests kept in a session a forgotten user spoke in, and keeps the numbers', async (context) => {
      const browse = browseOf(context, harness.store);
      const traced = (text: string) => ({ trace: { trace: trace([], 0.1), sent: sent('Pin quotes bob', text) } });
      await harness.store.sessions.appendExchange(exchange('shared', 'alice asks', 'reply', traced('alice asks')));
      await harness.store.sessions.appendExchange({
        ...exchange('shared', 'bob asks', 'reply to bob', traced('bob asks')),
        userId: 'bob',
      });
      await harness.store.sessions.appendExchange(exchange('private', 'mine', 'ok', traced('mine')));
      await harness.store.forget({ agentId: 'bot', userId: 'bob' });
      const shared = await browse.turns('shared', { limit: 10 });
      expect(shared.map((turn) => turn.text)).toEqual(['alice asks', 'reply']);
      expect(shared[1]?.trace).toEqual(trace([], 0.1));
      expect(shared[1]?.sent).toBeNull();
      // A session the forgotten user never spoke in keeps what was sent.
      expect((await browse.turns('private', { limit: 10 }))[1]?.sent).not.toBeNull();
      await harness.store.forget({ agentId: 'bot', userId: 'alice' });
      expect(await browse.turns('private', { limit: 10 })).toEqual([]);
      expect(await browse.figures('private')).toEqual([]);
    });
  });
}
