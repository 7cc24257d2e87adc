import { afterEach, describe, expect, it } from 'vitest';
import { deriveSessionHandle } from '../core/scope/derive-session-handle.js';
import type { MemoryStore } from '../spec/memory-store.js';
import { sqliteStore } from '../stores/sqlite/sqlite-store.js';
import { createMemoryStack, createRankedMemoryStack } from './create-memory-stack.js';
import type { MemoryStack } from './memory-stack.js';
import { RANKING_WEIGHTS, type RankingWeights } from './ranking-weights.js';

const DAY_MS = 86_400_000;
const chat = { agentId: 'bot', channelId: 'studio' };
const user = { agentId: 'bot', userId: 'ana' };

/** A stack's weights with one part replaced. */
const withTurnRank = (rank: Partial<RankingWeights['turns']['rank']>): RankingWeights => ({
  ...RANKING_WEIGHTS,
  turns: { ...RANKING_WEIGHTS.turns, rank: { ...RANKING_WEIGHTS.turns.rank, ...rank } },
});
const withFactRank = (rank: Partial<RankingWeights['facts']['rank']>): RankingWeights => ({
  ...RANKING_WEIGHTS,
  facts: { ...RANKING_WEIGHTS.facts, rank: { ...RANKING_WEIGHTS.facts.rank, ...rank } },
});

/** One store holding a chat (a question and the reply that answers it without naming its topic) and two facts. */
async function filledStore(): Promise<{ store: MemoryStore; at: { old: Date; now: Date } }> {
  const store = sqliteStore({ path: ':memory:' });
  const handle = deriveSessionHandle(chat);
  const session = { key: handle.key, uuid: handle.uuid, ...chat, threadId: null };
  const exchanges = [
    ['Got any paintings to show?', "Here's one I did last week, inspired by sunsets."],
    ['I went hiking on Sunday.', 'That sounds lovely.'],
  ] as const;
  for (const [question, reply] of exchanges) {
    await store.sessions.appendExchange({
      session,
      userId: null,
      user: { text: question, tokens: 0 },
      assistant: { text: reply, tokens: 0 },
      taskSource: false,
      injectedFactIds: [],
      at: new Date(0),
    });
  }
  const now = new Date('2026-03-01T12:00:00Z');
  const old = new Date(now.getTime() - 365 * DAY_MS);
  const fact = (text: string, at: Date, hash: string) =>
    store.facts.insert(user, {
      text,
      hash,
      sourceSessionKey: null,
      sourceTurnId: null,
      source: 'api',
      context: '',
      at,
    });
  // The older fact is shorter: bm25 ranks it first, a strong recency prior puts the newer one first.
  await fact('User drinks green tea', old, 'old');
  await fact('Every weekday morning before work the user brews green tea in the office kitchen', now, 'new');
  return { store, at: { old, now } };
}

describe('the ranking weights a stack is built with', () => {
  const stacks: MemoryStack[] = [];
  afterEach(async () => {
    for (const stack of stacks.splice(0)) await stack.close();
  });
  const build = async (weights: RankingWeights | null) => {
    const { store, at } = await filledStore();
    const options = { store, now: () => at.now };
    const stack = weights === null ? createMemoryStack(options) : createRankedMemoryStack(options, weights);
    stacks.push(stack);
    return stack;
  };
  const turns = async (stack: MemoryStack) =>
    (await stack.searchTurns(chat, 'paintings', { limit: 5 })).map((turn) => [turn.text, turn.score]);
  const facts = async (stack: MemoryStack) =>
    (await stack.facts.search(user, 'green tea')).map((fact) => [fact.text, fact.score]);

  it("ranks as createMemoryStack does with today's weights", async () => {
    const today = await build(null);
    const same = await build(RANKING_WEIGHTS);
    expect(await turns(same)).toEqual(await turns(today));
    expect(await facts(same)).toEqual(await facts(today));
    expect((await turns(today)).length).toBe(3);
    expect((await facts(today)).length).toBe(2);
  });

  it('passes other turn weights down to the turn ranking', async () => {
    const first = async (weights: RankingWeights) => (await turns(await build(weights)))[0]?.[0];
    // Not lowered, the question names the topic and ranks first; lowered to nothing, the reply passes it.
    expect(await first(withTurnRank({ questionWeight: 0 }))).toBe('Got any paintings to show?');
    expect(await first(withTurnRank({ questionWeight: 1 }))).toBe("Here's one I did last week, inspired by sunsets.");
  });

  it('passes other fact weights down to the fact ranking', async () => {
    const order = async (weights: RankingWeights) => (await facts(await build(weights))).map(([text]) => text);
    expect(await order(withFactRank({ recencyWeight: 0 }))).toEqual([
      'User drinks green tea',
      'Every weekday morning before work the user brews green tea in the office kitchen',
    ]);
    expect(await order(withFactRank({ recencyWeight: 2 }))).toEqual([
      'Every weekday morning before work the user brews green tea in the office kitchen',
      'User drinks green tea',
    ]);
  });
});
