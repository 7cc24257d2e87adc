import { describe, expect, it } from 'vitest';
import { agentWide, alice, bob, type ContractHarness, exchange, fact, vectorsOf } from './contract-fixtures.js';

const vector = (...values: number[]) => Float32Array.from(values);
const plain = (rows: ReadonlyArray<{ vector: Float32Array }>) => rows.map((row) => [...row.vector]);

/** Vectors kept with facts and turns, an optional capability: skipped, not passed, for a store without it. */
export function vectorCases(harness: ContractHarness): void {
  describe('vectors', () => {
    it("keeps a fact's vector with its model, reads it back for its scope only, and drops it on edit", async (context) => {
      const vectors = vectorsOf(context, harness.store);
      const paris = await harness.insertFact(alice, fact('User lives in Paris'));
      const berlin = await harness.insertFact(alice, fact('User works in Berlin'));
      const other = await harness.insertFact(bob, fact('Bob likes tea'));
      await vectors.writeFacts(alice, 'm1', [
        { id: paris.id, vector: vector(1, 0, 0.5) },
        { id: berlin.id, vector: vector(0, 1, -0.25) },
        // Another scope's fact is not written through alice.
        { id: other.id, vector: vector(9, 9, 9) },
      ]);
      const read = await vectors.readFacts(alice, { model: 'm1', ids: [], recent: 10 });
      expect(read.map((row) => row.fact.text).sort()).toEqual(['User lives in Paris', 'User works in Berlin']);
      const byId = new Map(read.map((row) => [row.fact.id, [...row.vector]]));
      expect(byId.get(paris.id)).toEqual([1, 0, 0.5]);
      expect(byId.get(berlin.id)).toEqual([0, 1, -0.25]);
      expect(await vectors.readFacts(bob, { model: 'm1', ids: [other.id], recent: 10 })).toEqual([]);
      // Vectors of another model are never returned.
      expect(await vectors.readFacts(alice, { model: 'm2', ids: [paris.id], recent: 10 })).toEqual([]);
      await harness.store.facts.edit(alice, paris.id, { text: 'User lives in Lyon', hash: 'lyon', at: new Date() });
      const after = await vectors.readFacts(alice, { model: 'm1', ids: [paris.id], recent: 10 });
      expect(after.map((row) => row.fact.id)).toEqual([berlin.id]);
    });

    it('reads the ids asked for and the latest facts only, never a superseded one', async (context) => {
      const vectors = vectorsOf(context, harness.store);
      const ids: number[] = [];
      for (let index = 0; index < 6; index += 1) {
        ids.push((await harness.insertFact(alice, fact(`Fact number ${index}`))).id);
      }
      await vectors.writeFacts(
        alice,
        'm',
        ids.map((id, index) => ({ id, vector: vector(index, 1) })),
      );
      const [first, second, , , , last] = ids as [number, number, number, number, number, number];
      const read = await vectors.readFacts(alice, { model: 'm', ids: [first], recent: 2 });
      expect(read.map((row) => row.fact.id).sort((a, b) => a - b)).toEqual([first, ids[4], last]);
      await harness.store.facts.supersede(alice, second, last);
      const live = await vectors.readFacts(alice, { model: 'm', ids: [second], recent: 0 });
      expect(live).toEqual([]);
      expect(plain(await vectors.readFacts(alice, { model: 'm', ids: [first], recent: 0 }))).toEqual([[0, 1]]);
    });

    it("keeps a turn's vector, read back by id or among the latest, before a turn when asked", async (context) => {
      const vectors = vectorsOf(context, harness.store);
      const one = await harness.store.sessions.appendExchange(exchange('s1', 'first question', 'first answer'));
      const two = await harness.store.sessions.appendExchange(exchange('s1', 'second question', 'second answer'));
      await harness.store.sessions.appendExchange(exchange('s2', 'elsewhere', 'elsewhere'));
      await vectors.writeTurns('s1', 'm', [
        { id: one.userTurnId, vector: vector(1, 0) },
        { id: one.assistantTurnId, vector: vector(0, 1) },
        { id: two.userTurnId, vector: vector(1, 1) },
      ]);
      const all = await vectors.readTurns('s1', { model: 'm', ids: [], recent: 10 });
      expect(all.map((row) => row.turn.text).sort()).toEqual(['first answer', 'first question', 'second question']);
      const before = await vectors.readTurns('s1', {
        model: 'm',
        ids: [two.userTurnId],
        recent: 10,
        beforeTurnId: two.userTurnId,
      });
      expect(before.map((row) => row.turn.id).sort((a, b) => a - b)).toEqual([one.userTurnId, one.assistantTurnId]);
      const latest = await vectors.readTurns('s1', { model: 'm', ids: [one.userTurnId], recent: 1 });
      // The latest turn (the second reply) has no vector: only the one asked for comes back.
      expect(latest.map((row) => row.turn.id)).toEqual([one.userTurnId]);
      expect(plain(latest)).toEqual([[1, 0]]);
      expect(await vectors.readTurns('s2', { model: 'm', ids: [one.userTurnId], recent: 10 })).toEqual([]);
    });

    it("lists the live facts of every scope without a model's vector, by id, a page at a time", async (context) => {
      const vectors = vectorsOf(context, harness.store);
      const one = await harness.insertFact(alice, fact('User lives in Paris'));
      const two = await harness.insertFact(bob, fact('Bob likes tea'));
      const three = await harness.insertFact(agentWide, fact('The office closes at six'));
      const four = await harness.insertFact(alice, fact('User works in Berlin'));
      const five = await harness.insertFact(alice, fact('User works in Munich'));
      const six = await harness.insertFact(bob, fact('Bob plays chess'));
      // Two has the model's vector; three has another model's (it is missing one of this model); five is superseded.
      await vectors.writeFacts(bob, 'm', [{ id: two.id, vector: vector(1, 0) }]);
      await vectors.writeFacts(agentWide, 'old', [{ id: three.id, vector: vector(0, 1) }]);
      await harness.store.facts.supersede(alice, five.id, four.id);
      const ids = (rows: ReadonlyArray<{ id: number }>) => rows.map((row) => row.id);

      const first = await vectors.missingFacts('m', { limit: 2 });
      expect(first).toEqual([
        { id: one.id, scope: alice, text: 'User lives in Paris' },
        { id: three.id, scope: agentWide, text: 'The office closes at six' },
      ]);
      const second = await vectors.missingFacts('m', { afterId: three.id, limit: 2 });
      expect(ids(second)).toEqual([four.id, six.id]);
      expect(second[1]).toEqual({ id: six.id, scope: bob, text: 'Bob plays chess' });
      expect(await vectors.missingFacts('m', { afterId: six.id, limit: 2 })).toEqual([]);
      expect(await vectors.missingFacts('m', { limit: 0 })).toEqual([]);
      // Of the other model, every live fact but three lacks a vector.
      expect(ids(await vectors.missingFacts('old', { limit: 10 }))).toEqual([one.id, two.id, four.id, six.id]);

      // Written, a fact leaves the list; an edit drops its vector and brings it back.
      await vectors.writeFacts(alice, 'm', [{ id: one.id, vector: vector(1, 1) }]);
      expect(ids(await vectors.missingFacts('m', { limit: 10 }))).toEqual([three.id, four.id, six.id]);
      await harness.store.facts.edit(alice, one.id, { text: 'User lives in Lyon', hash: 'lyon', at: new Date() });
      expect(ids(await vectors.missingFacts('m', { limit: 10 }))).toEqual([one.id, three.id, four.id, six.id]);
    });

    it('keeps an empty vector as the mark of a row outside the model: never read back, never missing', async (context) => {
      const vectors = vectorsOf(context, harness.store);
      const english = await harness.insertFact(alice, fact('User lives in Paris'));
      const chinese = await harness.insertFact(alice, fact('用户住在上海'));
      await vectors.writeFacts(alice, 'm', [
        { id: english.id, vector: vector(1, 0) },
        { id: chinese.id, vector: new Float32Array(0) },
      ]);
      const read = await vectors.readFacts(alice, { model: 'm', ids: [chinese.id], recent: 10 });
      expect(read.map((row) => row.fact.id)).toEqual([english.id]);
      expect(await vectors.missingFacts('m', { limit: 10 })).toEqual([]);
      const turn = await harness.store.sessions.appendExchange(exchange('s1', 'Where do I live?', '你住在上海'));
      await vectors.writeTurns('s1', 'm', [
        { id: turn.userTurnId, vector: vector(0, 1) },
        { id: turn.assistantTurnId, vector: new Float32Array(0) },
      ]);
      const ids = [turn.userTurnId, turn.assistantTurnId];
      const turns = await vectors.readTurns('s1', { model: 'm', ids, recent: 10 });
      expect(turns.map((row) => row.turn.id)).toEqual([turn.userTurnId]);
      expect(await vectors.missingTurns('m', { limit: 10 })).toEqual([]);
    });

    it('keeps a vector given with its text only while the row holds that text', async (context) => {
      const vectors = vectorsOf(context, harness.store);
      const paris = await harness.insertFact(alice, fact('User lives in Paris'));
      await harness.store.facts.edit(alice, paris.id, { text: 'User lives in Lyon', hash: 'lyon', at: new Date() });
      // A vector computed from the text before the edit is not kept; one of the text as it is, is.
      await vectors.writeFacts(alice, 'm', [{ id: paris.id, vector: vector(1, 0), text: 'User lives in Paris' }]);
      expect(await vectors.readFacts(alice, { model: 'm', ids: [paris.id], recent: 0 })).toEqual([]);
      await vectors.writeFacts(alice, 'm', [{ id: paris.id, vector: vector(0, 1), text: 'User lives in Lyon' }]);
      expect(plain(await vectors.readFacts(alice, { model: 'm', ids: [paris.id], recent: 0 }))).toEqual([[0, 1]]);

      const turns = await harness.store.sessions.appendExchange(exchange('s1', 'a question', 'an answer'));
      await vectors.writeTurns('s1', 'm', [
        { id: turns.userTurnId, vector: vector(1, 0), text: 'another question' },
        { id: turns.assistantTurnId, vector: vector(0, 1), text: 'an answer' },
      ]);
      const read = await vectors.readTurns('s1', { model: 'm', ids: [], recent: 10 });
      expect(read.map((row) => row.turn.id)).toEqual([turns.assistantTurnId]);
    });

    it("lists the turns of every session without a model's vector, by id, empty ones left out", async (context) => {
      const vectors = vectorsOf(context, harness.store);
      const one = await harness.store.sessions.appendExchange(exchange('s1', 'first question', 'first answer'));
      const two = await harness.store.sessions.appendExchange(exchange('s2', 'second question', ''));
      const three = await harness.store.sessions.appendExchange(exchange('s1', 'third question', 'third answer'));
      await vectors.writeTurns('s1', 'm', [{ id: one.assistantTurnId, vector: vector(1, 0) }]);
      await vectors.writeTurns('s1', 'old', [{ id: three.userTurnId, vector: vector(0, 1) }]);
      const first = await vectors.missingTurns('m', { limit: 2 });
      expect(first).toEqual([
        { id: one.userTurnId, sessionKey: 's1', text: 'first question' },
        { id: two.userTurnId, sessionKey: 's2', text: 'second question' },
      ]);
      // The second reply is empty: nothing to embed, never listed.
      const rest = await vectors.missingTurns('m', { afterId: two.userTurnId, limit: 10 });
      expect(rest.map((row) => row.id)).toEqual([three.userTurnId, three.assistantTurnId]);
      expect(await vectors.missingTurns('m', { afterId: three.assistantTurnId, limit: 10 })).toEqual([]);
    });
  });
}
