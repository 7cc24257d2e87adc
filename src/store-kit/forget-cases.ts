import { describe, expect, it } from 'vitest';
import {
  alice,
  bob,
  type ContractHarness,
  exchange,
  fact,
  factQuery,
  otherAgent,
  session,
  turnQuery,
  turnSearchOf,
} from './contract-fixtures.js';

/** Forget: everything of the scope goes, and nothing of the others. */
export function forgetCases(harness: ContractHarness): void {
  describe('forget', () => {
    it('forgets a whole agent', async () => {
      await harness.store.sessions.appendExchange(exchange('s1', 'hello', 'hi'));
      await harness.insertFact(alice, fact('User prefers pnpm'));
      await harness.insertFact(otherAgent, fact('Kept for the other agent'));
      expect(await harness.store.forget({ agentId: 'bot' })).toEqual({
        sessions: 1,
        turns: 2,
        facts: 1,
        factsRewritten: 0,
      });
      expect(await harness.store.sessions.read('s1')).toBeNull();
      expect(await harness.store.facts.list(alice)).toEqual([]);
      expect(await harness.store.facts.list(otherAgent)).toHaveLength(1);
    });

    it('forgets one user: their facts, turns and pin parts, not the others', async () => {
      await harness.store.sessions.appendExchange(exchange('shared', 'alice asks', 'reply to alice'));
      await harness.store.sessions.appendExchange({ ...exchange('shared', 'bob asks', 'reply to bob'), userId: 'bob' });
      await harness.store.sessions.update('shared', {
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
      const shared0 = await harness.store.sessions.read('shared');
      const aliceTurn = shared0?.turns[1]?.id ?? 0;
      await harness.store.sessions.compress('shared', {
        summary: 'mentions alice',
        throughTurnId: aliceTurn,
        expectedThroughTurnId: 0,
        expectedHistoryVersion: 0,
      });
      await harness.store.sessions.appendExchange(exchange('alice-only', 'just alice', 'ok'));
      await harness.insertFact(alice, fact('Alice uses zsh'));
      await harness.insertFact(bob, fact('Bob uses fish'));

      expect(await harness.store.forget({ agentId: 'bot', userId: 'alice' })).toEqual({
        sessions: 1,
        turns: 4,
        facts: 1,
        factsRewritten: 0,
      });
      const shared = await harness.store.sessions.read('shared');
      expect(shared?.turns.map((turn) => turn.text)).toEqual(['bob asks', 'reply to bob']);
      expect(shared?.session.pin).toEqual({
        task: 'bob task',
        taskUserId: 'bob',
        clarifications: [{ text: 'bob said Y', userId: 'bob' }],
      });
      // The summary covered a forgotten turn: it goes, and what it covered is history again.
      expect(shared?.session).toMatchObject({ summary: null, summaryThroughTurnId: 0, pinVersion: 2 });
      expect(shared?.session).toMatchObject({ firstUserId: 'bob', shared: false });
      expect(await harness.store.sessions.read('alice-only')).toBeNull();
      expect(await harness.store.facts.list(alice)).toEqual([]);
      expect(await harness.store.facts.list(bob)).toHaveLength(1);
    });

    it("leaves no trace of a forgotten user's turns in the turn search, not even as another turn's context", async (context) => {
      const turns = turnSearchOf(context, harness.store);
      await harness.store.sessions.appendExchange(
        exchange('shared', 'remember my word', 'your secret word is zanzibarquokka'),
      );
      await harness.store.sessions.appendExchange({
        ...exchange('shared', 'bob talks about tea', 'tea is nice'),
        userId: 'bob',
      });
      // The reply, and as context every turn whose context reaches it (`TURN_CONTEXT_REACH`): the question before it
      // (one after), and both of bob's turns after it (two before).
      expect(
        await turns.search('shared', turnQuery({ words: ['zanzibarquokka'], cjk: [] }), { limit: 5 }),
      ).toHaveLength(4);
      await harness.store.forget({ agentId: 'bot', userId: 'alice' });
      expect(await turns.search('shared', turnQuery({ words: ['zanzibarquokka'], cjk: [] }), { limit: 5 })).toEqual([]);
      const tea = await turns.search('shared', turnQuery({ words: ['tea'], cjk: [] }), { limit: 5 });
      expect(tea.map((hit) => hit.turn.text).sort()).toEqual(['bob talks about tea', 'tea is nice']);
    });

    it('clears a pin whose task the forgotten user wrote', async () => {
      await harness.store.sessions.appendExchange(exchange('shared', 'alice task', 'ok', { taskSource: true }));
      await harness.store.sessions.appendExchange({ ...exchange('shared', 'bob chimes in', 'ok'), userId: 'bob' });
      await harness.store.sessions.update('shared', {
        pin: { value: { task: 'alice task', taskUserId: 'alice', clarifications: [] }, expectedPinVersion: 0 },
      });
      await harness.store.forget({ agentId: 'bot', userId: 'alice' });
      const shared = await harness.store.sessions.read('shared');
      expect(shared?.session.pin).toBeNull();
      expect(shared?.session.taskSourceTurnId).toBeNull();
    });

    it('forgets one channel: its sessions and the facts drawn from them', async () => {
      await harness.store.sessions.appendExchange({
        ...exchange('c1', 'in c1', 'ok'),
        session: session('c1', 'chan-1'),
      });
      await harness.store.sessions.appendExchange({
        ...exchange('c2', 'in c2', 'ok'),
        session: session('c2', 'chan-2'),
      });
      await harness.insertFact(alice, fact('Learnt in channel one', { sourceSessionKey: 'c1' }));
      await harness.insertFact(alice, fact('Learnt in channel two', { sourceSessionKey: 'c2' }));
      expect(await harness.store.forget({ agentId: 'bot', channelId: 'chan-1' })).toEqual({
        sessions: 1,
        turns: 2,
        facts: 1,
        factsRewritten: 0,
      });
      expect(await harness.store.sessions.read('c1')).toBeNull();
      expect(await harness.store.sessions.read('c2')).not.toBeNull();
      expect((await harness.store.facts.list(alice)).map((item) => item.text)).toEqual(['Learnt in channel two']);
    });

    it('reports zeros for an unknown scope', async () => {
      expect(await harness.store.forget({ agentId: 'nobody', userId: 'x' })).toEqual({
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
        await harness.store.sessions.appendExchange({ ...exchange(`s${index}`, `turn of ${index}`, 'ok'), userId });
        await harness.store.sessions.update(`s${index}`, {
          pin: {
            value: { task: `task ${index}`, taskUserId: userId, clarifications: [{ text: `c ${index}`, userId }] },
            expectedPinVersion: 0,
          },
        });
        await harness.insertFact({ agentId: 'bot', userId }, fact(`Fact of user ${index}`));
      }
      const before = await Promise.all(ids.map((_, index) => harness.store.sessions.read(`s${index}`)));
      for (const [index, userId] of ids.entries()) {
        expect(await harness.store.forget({ agentId: 'bot', userId })).toMatchObject({
          sessions: 1,
          turns: 2,
          facts: 1,
        });
        // Every other session is exactly as it was: not even its pin version or history version moved.
        for (let other = index + 1; other < ids.length; other += 1) {
          expect(await harness.store.sessions.read(`s${other}`)).toEqual(before[other]);
        }
        for (const [other, otherId] of ids.entries()) {
          const gone = other <= index;
          expect(await harness.store.sessions.read(`s${other}`)).toSatisfy((read) =>
            gone ? read === null : read !== null,
          );
          if (!gone) {
            expect((await harness.store.sessions.read(`s${other}`))?.session.pin?.task).toBe(`task ${other}`);
            expect(await harness.store.facts.list({ agentId: 'bot', userId: otherId })).toHaveLength(1);
          }
        }
      }
    });

    it("rewrites the search context of another user's fact that quotes a forgotten turn", async () => {
      const alices = await harness.store.sessions.appendExchange(
        exchange('shared', 'alice mentions flamingoquartz', 'ok alice'),
      );
      const bobs = await harness.store.sessions.appendExchange({
        ...exchange('shared', 'bob uses neovim', 'nice'),
        userId: 'bob',
      });
      await harness.insertFact(
        bob,
        fact('Bob uses neovim', {
          sourceSessionKey: 'shared',
          sourceTurnId: bobs.userTurnId,
          context: 'ok alice\nbob uses neovim\nnice',
          contextTurnIds: [alices.assistantTurnId, bobs.userTurnId, bobs.assistantTurnId],
        }),
      );
      expect(
        await harness.store.facts.search(bob, factQuery({ words: ['alice'], cjk: [] }), { limit: 5 }),
      ).toHaveLength(1);
      const report = await harness.store.forget({ agentId: 'bot', userId: 'alice' });
      expect(report).toMatchObject({ turns: 2, facts: 0, factsRewritten: 1 });
      expect(await harness.store.facts.search(bob, factQuery({ words: ['alice'], cjk: [] }), { limit: 5 })).toEqual([]);
      expect(
        (await harness.store.facts.search(bob, factQuery({ words: ['neovim'], cjk: [] }), { limit: 5 })).length,
      ).toBe(1);
      expect(await harness.store.facts.list(bob)).toHaveLength(1);
    });

    it("refuses a fact whose source turn is gone, and drops a gone turn from a new fact's context", async () => {
      const first = await harness.store.sessions.appendExchange(exchange('s1', 'alice says pelicanmarble', 'ok'));
      const second = await harness.store.sessions.appendExchange({
        ...exchange('s1', 'bob uses tmux', 'fine'),
        userId: 'bob',
      });
      await harness.store.forget({ agentId: 'bot', userId: 'alice' });
      const lost = fact('Alice says something', { sourceSessionKey: 's1', sourceTurnId: first.userTurnId });
      expect(await harness.store.facts.insert(alice, lost)).toBeNull();
      const kept = await harness.store.facts.insert(
        bob,
        fact('Bob uses tmux', {
          sourceSessionKey: 's1',
          sourceTurnId: second.userTurnId,
          context: 'ok\nbob uses tmux\nfine pelicanmarble',
          contextTurnIds: [first.assistantTurnId, second.userTurnId, second.assistantTurnId],
        }),
      );
      expect(kept?.inserted).toBe(true);
      expect(
        await harness.store.facts.search(bob, factQuery({ words: ['pelicanmarble'], cjk: [] }), { limit: 5 }),
      ).toEqual([]);
      expect(await harness.store.facts.search(bob, factQuery({ words: ['fine'], cjk: [] }), { limit: 5 })).toHaveLength(
        1,
      );
    });
  });
}
