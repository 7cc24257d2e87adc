import { describe, expect, it } from 'vitest';
import { alice, at, bob, type ContractHarness, exchange, fact } from './contract-fixtures.js';

/** Sessions, and what the stack reads back of them. */
export function sessionCases(harness: ContractHarness): void {
  describe('sessions', () => {
    it('reads an unknown session as null', async () => {
      expect(await harness.store.sessions.read('nobody')).toBeNull();
    });

    it('appends an exchange atomically and reads it back in order', async () => {
      const first = await harness.store.sessions.appendExchange(exchange('s1', 'hello there', 'hi'));
      const second = await harness.store.sessions.appendExchange(exchange('s1', 'next question', 'answer'));
      expect(first.assistantTurnId).toBeGreaterThan(first.userTurnId);
      expect(second.userTurnId).toBeGreaterThan(first.assistantTurnId);
      const snapshot = await harness.store.sessions.read('s1');
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
        await harness.store.sessions.appendExchange(exchange('s1', `question ${index}`, `answer ${index}`));
      }
      const snapshot = await harness.store.sessions.read('s1', { maxTurns: 3 });
      expect(snapshot?.turns.map((turn) => turn.text)).toEqual(['question 3', 'answer 3']);
      expect((await harness.store.sessions.read('s1', { maxTurns: 0 }))?.turns).toEqual([]);
    });

    it('marks the task source once', async () => {
      const first = await harness.store.sessions.appendExchange(
        exchange('s1', 'migrate the app', 'ok', { taskSource: true }),
      );
      await harness.store.sessions.appendExchange(exchange('s1', 'another task', 'ok', { taskSource: true }));
      expect((await harness.store.sessions.read('s1'))?.session.taskSourceTurnId).toBe(first.userTurnId);
      expect((await harness.store.sessions.readTurn('s1', first.userTurnId))?.text).toBe('migrate the app');
      expect(await harness.store.sessions.readTurn('other', first.userTurnId)).toBeNull();
    });

    it('keeps where the pinned task came from and when; a pin by hand has no source turn', async () => {
      const first = await harness.store.sessions.appendExchange(
        exchange('s1', 'migrate the app', 'ok', { taskSource: true }),
      );
      const drawn = { task: 'Migrate the app', taskUserId: 'alice', taskSource: 'user' as const, taskAt: 1_000 };
      await harness.store.sessions.update('s1', {
        pin: { value: { ...drawn, clarifications: [] }, expectedPinVersion: 0 },
      });
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({
        pin: drawn,
        taskSourceTurnId: first.userTurnId,
      });
      const byHand = {
        task: 'Ship v2',
        taskUserId: null,
        taskSource: 'api' as const,
        taskAt: 2_000,
        clarifications: [],
      };
      expect(
        await harness.store.sessions.update('s1', {
          pin: { value: byHand, expectedPinVersion: 1 },
          clearTaskSource: true,
        }),
      ).toBe(true);
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({ pin: byHand, taskSourceTurnId: null });
      // While a task is pinned, no later message becomes its source.
      await harness.store.sessions.appendExchange(exchange('s1', 'another task', 'ok', { taskSource: true }));
      expect((await harness.store.sessions.read('s1'))?.session.taskSourceTurnId).toBeNull();
      // A pin written without them (an older writer) reads back without them.
      await harness.store.sessions.update('s1', {
        pin: { value: { task: 'T', taskUserId: null, clarifications: [] }, expectedPinVersion: 2 },
      });
      const pin = (await harness.store.sessions.read('s1'))?.session.pin;
      expect(pin?.taskSource).toBeUndefined();
      expect(pin?.taskAt).toBeUndefined();
    });

    it('updates the pin only from the version it was computed from, and counts attempts atomically', async () => {
      await harness.store.sessions.appendExchange(exchange('s1', 'migrate', 'ok'));
      const pin = {
        task: 'migrate to Vite',
        taskUserId: 'alice',
        clarifications: [{ text: 'keep the SW', userId: 'bob', at: 5, source: 'user' as const }],
      };
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({
        pin: null,
        pinVersion: 0,
        pinAttempts: 0,
      });
      expect(
        await harness.store.sessions.update('s1', {
          pin: { value: pin, expectedPinVersion: 0 },
          countPinAttempt: true,
        }),
      ).toBe(true);
      await harness.store.sessions.update('s1', { countPinAttempt: true });
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({ pin, pinVersion: 1, pinAttempts: 2 });
      // Computed from version 0, which another write has replaced: refused, and nothing of the patch is written.
      const stale = { pin: { value: null, expectedPinVersion: 0 }, countPinAttempt: true };
      expect(await harness.store.sessions.update('s1', stale)).toBe(false);
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({ pin, pinVersion: 1, pinAttempts: 2 });
      expect(await harness.store.sessions.update('s1', { pin: { value: null, expectedPinVersion: 1 } })).toBe(true);
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({ pin: null, pinVersion: 2 });
      expect(await harness.store.sessions.update('nobody', { countPinAttempt: true })).toBe(false);
    });

    it('sets the count of pin attempts, and drops the placed system pin, when a patch asks', async () => {
      await harness.store.sessions.appendExchange(exchange('s1', 'migrate', 'ok'));
      await harness.store.sessions.update('s1', {
        pin: { value: { task: 'T', taskUserId: 'alice', clarifications: [] }, expectedPinVersion: 0 },
        countPinAttempt: true,
      });
      const placed = at();
      await harness.store.sessions.appendExchange(
        exchange('s1', 'next', 'ok', { systemPin: { text: 'T', at: placed, pinVersion: 1 } }),
      );
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({
        systemPin: { text: 'T', at: placed },
        pinAttempts: 1,
      });
      const cleared = { pin: { value: null, expectedPinVersion: 1 }, pinAttempts: 3, clearSystemPin: true };
      expect(await harness.store.sessions.update('s1', cleared)).toBe(true);
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({
        pin: null,
        pinVersion: 2,
        pinAttempts: 3,
        systemPin: null,
      });
      // Refused as a whole when the pin version is stale: the attempts are not set either.
      expect(await harness.store.sessions.update('s1', { ...cleared, pinAttempts: 0 })).toBe(false);
      expect((await harness.store.sessions.read('s1'))?.session.pinAttempts).toBe(3);
      // A correction by hand places its copy in the system prompt at once.
      const corrected = new Date(placed.getTime() + 60_000);
      const correction = {
        pin: { value: { task: 'U', taskUserId: null, clarifications: [] }, expectedPinVersion: 2 },
        placeSystemPin: { text: 'U', at: corrected },
      };
      expect(await harness.store.sessions.update('s1', correction)).toBe(true);
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({
        pinVersion: 3,
        systemPin: { text: 'U', at: corrected },
      });
    });

    it('records who spoke first and whether anyone else has', async () => {
      await harness.store.sessions.appendExchange(exchange('s1', 'hello', 'hi'));
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({ firstUserId: 'alice', shared: false });
      await harness.store.sessions.appendExchange(exchange('s1', 'again', 'hi'));
      expect((await harness.store.sessions.read('s1'))?.session.shared).toBe(false);
      await harness.store.sessions.appendExchange({ ...exchange('s1', 'bob here', 'hi bob'), userId: 'bob' });
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({ firstUserId: 'alice', shared: true });
      await harness.store.sessions.appendExchange({ ...exchange('anonymous', 'no user', 'hi'), userId: null });
      await harness.store.sessions.appendExchange(exchange('anonymous', 'then alice', 'hi'));
      expect((await harness.store.sessions.read('anonymous'))?.session).toMatchObject({
        firstUserId: null,
        shared: true,
      });
    });

    it('stores a placed system pin only if the pin has not changed since it was rendered', async () => {
      await harness.store.sessions.appendExchange(exchange('s1', 'migrate', 'ok'));
      await harness.store.sessions.update('s1', {
        pin: { value: { task: 'T', taskUserId: 'alice', clarifications: [] }, expectedPinVersion: 0 },
      });
      const placed = at();
      await harness.store.sessions.appendExchange(
        exchange('s1', 'next', 'ok', { systemPin: { text: 'stale T', at: placed, pinVersion: 0 } }),
      );
      expect((await harness.store.sessions.read('s1'))?.session.systemPin).toBeNull();
      await harness.store.sessions.appendExchange(
        exchange('s1', 'next', 'ok', { systemPin: { text: 'T', at: placed, pinVersion: 1 } }),
      );
      expect((await harness.store.sessions.read('s1'))?.session.systemPin).toEqual({ text: 'T', at: placed });
    });

    it('compresses: the summary and the watermark move together, and only from the expected watermark', async () => {
      const first = await harness.store.sessions.appendExchange(exchange('s1', 'old question', 'old answer'));
      const second = await harness.store.sessions.appendExchange(exchange('s1', 'new question', 'new answer'));
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({
        summaryThroughTurnId: 0,
        historyVersion: 0,
      });
      const through = first.assistantTurnId;
      expect(
        await harness.store.sessions.compress('s1', {
          summary: 'S1',
          throughTurnId: through,
          expectedThroughTurnId: 0,
          expectedHistoryVersion: 0,
        }),
      ).toBe(true);
      const snapshot = await harness.store.sessions.read('s1');
      expect(snapshot?.session).toMatchObject({ summary: 'S1', summaryThroughTurnId: through, historyVersion: 1 });
      expect(snapshot?.turns.map((turn) => turn.text)).toEqual(['new question', 'new answer']);
      // A stale compression (computed from watermark 0) or one going backwards changes nothing.
      const stale = {
        summary: 'stale',
        throughTurnId: second.assistantTurnId,
        expectedThroughTurnId: 0,
        expectedHistoryVersion: 0,
      };
      expect(await harness.store.sessions.compress('s1', stale)).toBe(false);
      const backwards = {
        summary: 'back',
        throughTurnId: through - 1,
        expectedThroughTurnId: through,
        expectedHistoryVersion: 1,
      };
      expect(await harness.store.sessions.compress('s1', backwards)).toBe(false);
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({ summary: 'S1', historyVersion: 1 });
      // One computed before a forget removed turns (the history version moved) changes nothing either.
      await harness.store.sessions.appendExchange({ ...exchange('s1', 'bob words', 'ok'), userId: 'bob' });
      await harness.store.forget({ agentId: 'bot', userId: 'bob' });
      const beforeForget = {
        summary: 'quotes bob',
        throughTurnId: second.assistantTurnId,
        expectedThroughTurnId: through,
        expectedHistoryVersion: 1,
      };
      expect(await harness.store.sessions.compress('s1', beforeForget)).toBe(false);
      expect((await harness.store.sessions.read('s1'))?.session).toMatchObject({ summary: 'S1', historyVersion: 2 });
      // Summarised turns stay readable by id (the task source), and count for forget.
      expect((await harness.store.sessions.readTurn('s1', first.userTurnId))?.text).toBe('old question');
      expect((await harness.store.forget({ agentId: 'bot' })).turns).toBe(4);
    });

    it("keeps each model provider's session state apart", async () => {
      await harness.store.sessions.appendExchange(exchange('s1', 'hello', 'hi'));
      expect((await harness.store.sessions.read('s1'))?.session.modelState).toEqual({});
      await harness.store.sessions.update('s1', {
        modelState: { provider: 'claude-cli', state: { generation: 1, cwd: '/w "x"' } },
      });
      await harness.store.sessions.update('s1', { modelState: { provider: 'other.provider', state: { n: 2 } } });
      await harness.store.sessions.update('s1', { modelState: { provider: 'claude-cli', state: { generation: 2 } } });
      expect((await harness.store.sessions.read('s1'))?.session.modelState).toEqual({
        'claude-cli': { generation: 2 },
        'other.provider': { n: 2 },
      });
    });

    it('bumps the facts injected into a recorded turn', async () => {
      const { id } = await harness.insertFact(alice, fact('User prefers pnpm'));
      const when = at();
      await harness.store.sessions.appendExchange(
        exchange('s1', 'install deps', 'done', { injectedFactIds: [id], at: when }),
      );
      const [stored] = await harness.store.facts.list(alice);
      expect(stored).toMatchObject({ accessCount: 1, lastUsedAt: when });
      // Only the recorded user's own facts: an id of another scope is left alone.
      const other = await harness.insertFact(bob, fact('Bob prefers yarn'));
      await harness.store.sessions.appendExchange(exchange('s1', 'again', 'done', { injectedFactIds: [other.id] }));
      expect((await harness.store.facts.list(bob))[0]?.accessCount).toBe(0);
    });

    it('keeps text exactly, whatever it contains', async () => {
      const text = '\'; DROP TABLE turns; -- "quoted" 用戶 👩‍👩‍👧 </task_recap>';
      await harness.store.sessions.appendExchange(exchange('s1', text, text));
      expect((await harness.store.sessions.read('s1'))?.turns.map((turn) => turn.text)).toEqual([text, text]);
    });
  });

  describe('what the stack reads back', () => {
    it("keeps each turn's text, user, tokens, and a reply's path, usage and memory tokens as written", async () => {
      const ids = await harness.store.sessions.appendExchange(
        exchange('s1', 'Deploy the billing service 部署', 'Done: deployed 👩‍👩‍👧', {
          userId: 'ana_lee',
          assistant: {
            text: 'Done: deployed 👩‍👩‍👧',
            tokens: 9,
            path: 'resumed',
            usage: { inputTokens: 120, outputTokens: 9, cacheReadInputTokens: 2048, cacheCreationInputTokens: 0 },
            memoryTokens: 57,
            cacheMiss: 'pin-changed',
          },
        }),
      );
      const partial = await harness.store.sessions.appendExchange(
        exchange('s1', 'next', 'ok', { assistant: { text: 'ok', tokens: 1, usage: { outputTokens: 1 } } }),
      );
      const snapshot = await harness.store.sessions.read('s1');
      expect(snapshot?.turns.map(({ id, createdAt, ...turn }) => turn)).toEqual([
        { role: 'user', text: 'Deploy the billing service 部署', userId: 'ana_lee', tokens: 3, path: null },
        { role: 'assistant', text: 'Done: deployed 👩‍👩‍👧', userId: 'ana_lee', tokens: 9, path: 'resumed' },
        { role: 'user', text: 'next', userId: 'alice', tokens: 3, path: null },
        { role: 'assistant', text: 'ok', userId: 'alice', tokens: 1, path: null },
      ]);
      const details = async (id: number) => {
        const turn = await harness.store.sessions.readTurn('s1', id);
        return (
          turn && {
            role: turn.role,
            path: turn.path,
            usage: turn.usage,
            memoryTokens: turn.memoryTokens,
            cacheMiss: turn.cacheMiss ?? null,
          }
        );
      };
      expect(await details(ids.userTurnId)).toEqual({
        role: 'user',
        path: null,
        usage: null,
        memoryTokens: null,
        cacheMiss: null,
      });
      expect(await details(ids.assistantTurnId)).toEqual({
        role: 'assistant',
        path: 'resumed',
        usage: { inputTokens: 120, outputTokens: 9, cacheReadInputTokens: 2048, cacheCreationInputTokens: 0 },
        memoryTokens: 57,
        cacheMiss: 'pin-changed',
      });
      // Only the usage fields that were given: an absent one was not reported, it is not zero.
      expect(await details(partial.assistantTurnId)).toEqual({
        role: 'assistant',
        path: null,
        usage: { outputTokens: 1 },
        memoryTokens: null,
        cacheMiss: null,
      });
      expect(await harness.store.sessions.readTurn('s1', partial.userTurnId)).toMatchObject({ text: 'next' });
    });

    it('keeps the cached system pin with the time it was placed, across reads', async () => {
      const placed = new Date('2026-02-03T04:05:06.789Z');
      await harness.store.sessions.appendExchange(exchange('s1', 'first', 'ok'));
      await harness.store.sessions.update('s1', {
        pin: { value: { task: 'Ship v2', taskUserId: 'alice', clarifications: [] }, expectedPinVersion: 0 },
      });
      await harness.store.sessions.appendExchange(
        exchange('s1', 'next', 'ok', {
          systemPin: { text: '<pinned_task>Ship v2</pinned_task>', at: placed, pinVersion: 1 },
        }),
      );
      const read = await harness.store.sessions.read('s1');
      expect(read?.session.systemPin).toEqual({ text: '<pinned_task>Ship v2</pinned_task>', at: placed });
      expect(read?.session.systemPin?.at.getTime()).toBe(placed.getTime());
    });
  });
}
