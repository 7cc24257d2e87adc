import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStack, type MemoryStack, type MemstackEvent } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

const alice = { agentId: 'bot', userId: 'alice' };
const bob = { agentId: 'bot', userId: 'bob' };

describe('key facts through the public API', () => {
  let stack: MemoryStack;
  let events: MemstackEvent[];
  let now: number;
  beforeEach(() => {
    events = [];
    now = Date.parse('2026-03-01T12:00:00Z');
    stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      now: () => new Date(now),
      onEvent: (event) => events.push(event),
    });
  });
  afterEach(async () => {
    await stack.close();
  });

  it('stores a fact once: an exact or near duplicate bumps the original instead', async () => {
    const first = await stack.facts.add(alice, 'User prefers pnpm for package management.');
    expect(first.added).toBe(true);
    const exact = await stack.facts.add(alice, '  user prefers PNPM for package management ');
    const near = await stack.facts.add(alice, '- The user prefers pnpm for package management!');
    expect(exact).toMatchObject({ id: first.id, added: false });
    expect(near).toMatchObject({ id: first.id, added: false });
    const different = await stack.facts.add(alice, 'User runs pnpm with workspaces in the monorepo');
    expect(different.added).toBe(true);
    const listed = await stack.facts.list(alice);
    expect(listed.map((fact) => [fact.text, fact.accessCount])).toEqual([
      ['User prefers pnpm for package management.', 2],
      ['User runs pnpm with workspaces in the monorepo', 0],
    ]);
    expect(events.filter((event) => event.type === 'fact-duplicate')).toHaveLength(2);
  });

  it('ranks by relevance first, with recency and use as tie-breakers', async () => {
    await stack.facts.add(alice, 'The API is deployed on Fly.io in the Amsterdam region');
    now += 90 * 86_400_000;
    await stack.facts.add(alice, 'The API is deployed on Fly.io in the Paris region');
    await stack.facts.add(alice, 'User writes tests with vitest');
    const ranked = await stack.facts.search(alice, 'Where is the API deployed?', { limit: 3 });
    expect(ranked.map((fact) => fact.text)).toEqual([
      'The API is deployed on Fly.io in the Paris region',
      'The API is deployed on Fly.io in the Amsterdam region',
    ]);
    expect(ranked[0]?.score).toBeGreaterThan(ranked[1]?.score ?? Number.POSITIVE_INFINITY);
  });

  it('injects what facts.search ranks first, within the top-k and the token budget', async () => {
    for (const tool of ['pnpm', 'vitest', 'biome', 'tsup', 'changesets']) {
      await stack.facts.add(alice, `The monorepo tooling includes ${tool} for the packages`);
    }
    const prepared = await stack.prepare({ ...alice, text: 'Which tooling does the monorepo use for packages?' });
    const searched = await stack.facts.search(alice, 'Which tooling does the monorepo use for packages?', { limit: 3 });
    expect(prepared.factsSource).toBe('relevance');
    expect(prepared.facts).toHaveLength(3);
    expect(prepared.facts.map((fact) => fact.id)).toEqual(searched.map((fact) => fact.id));
    expect(prepared.tokens.facts).toBeLessThanOrEqual(150);
  });

  it('falls back to the most recently used facts when the message asks about the past without a topic, and says so', async () => {
    await stack.facts.add(alice, 'User prefers dark mode');
    now += 1000;
    await stack.facts.add(alice, 'User is based in Lisbon');
    for (const text of [
      'what did we decide?',
      'What did we talk about last time?',
      '我们之前决定了什么？',
      '前に何を決めたっけ？',
    ]) {
      const prepared = await stack.prepare({ ...alice, text });
      expect(prepared.factsSource, text).toBe('recency');
      expect(prepared.facts.map((fact) => fact.text)).toEqual(['User is based in Lisbon', 'User prefers dark mode']);
    }
    // facts.search has nothing to search for in them either.
    expect(await stack.facts.search(alice, 'what did we decide?')).toEqual([]);
    const relevant = await stack.prepare({ ...alice, text: 'Is dark mode enabled?' });
    expect(relevant.factsSource).toBe('relevance');
    expect(relevant.facts.map((fact) => fact.text)).toEqual(['User prefers dark mode']);
    const unrelated = await stack.prepare({ ...alice, text: 'Compile the kernel module' });
    expect(unrelated).toMatchObject({ factsSource: 'relevance', facts: [] });
  });

  it('injects no facts for small talk, which has nothing to search for', async () => {
    await stack.facts.add(alice, 'User prefers dark mode');
    await stack.facts.add(alice, 'User thanks the team in every release note');
    for (const text of ['thanks!', 'ok', 'ok, thanks!', '谢谢', 'ありがとう', '👍', '[sender_id: 7] thanks!']) {
      const prepared = await stack.prepare({ ...alice, text });
      expect(prepared, text).toMatchObject({ factsSource: 'relevance', facts: [] });
    }
    // A message with content still finds them.
    const relevant = await stack.prepare({ ...alice, text: 'thanks! is dark mode on?' });
    expect(relevant.facts.map((fact) => fact.text)).toEqual(['User prefers dark mode']);
  });

  it('ignores sender metadata when searching', async () => {
    await stack.facts.add(alice, 'The sender service retries every 5 minutes');
    await stack.facts.add(alice, 'User prefers pnpm');
    const prepared = await stack.prepare({
      ...alice,
      text: '[sender_id: 12345] [channel: general] which package manager, pnpm?',
    });
    expect(prepared.facts.map((fact) => fact.text)).toEqual(['User prefers pnpm']);
  });

  it('finds Chinese and Japanese facts by a word inside a longer run', async () => {
    await stack.facts.add(alice, '用戶偏好使用 pnpm 管理套件');
    await stack.facts.add(alice, 'ユーザーはエディタにVimを使っています');
    expect((await stack.facts.search(alice, '偏好')).map((fact) => fact.text)).toEqual(['用戶偏好使用 pnpm 管理套件']);
    expect((await stack.facts.search(alice, '我的套件偏好是什麼？')).map((fact) => fact.text)).toEqual([
      '用戶偏好使用 pnpm 管理套件',
    ]);
    const prepared = await stack.prepare({ ...alice, text: 'エディタの設定を教えてください' });
    expect(prepared.facts.map((fact) => fact.text)).toEqual(['ユーザーはエディタにVimを使っています']);
  });

  it('never shows one user the facts of another, in search, list or injection', async () => {
    await stack.facts.add(alice, 'Alice prefers pnpm');
    await stack.facts.add(bob, 'Bob prefers yarn');
    await stack.facts.add({ agentId: 'bot' }, 'The bot answers in English');
    expect((await stack.facts.search(bob, 'pnpm prefers')).map((fact) => fact.text)).toEqual(['Bob prefers yarn']);
    expect((await stack.prepare({ ...bob, text: 'what did we decide?' })).facts.map((fact) => fact.text)).toEqual([
      'Bob prefers yarn',
    ]);
    expect((await stack.facts.list({ agentId: 'bot' })).map((fact) => fact.text)).toEqual([
      'The bot answers in English',
    ]);
    expect(await stack.facts.list({ agentId: 'other' })).toEqual([]);
  });

  it("removes a fact, and never another scope's", async () => {
    const { id } = await stack.facts.add(alice, 'User likes tabs');
    expect(await stack.facts.remove(bob, id)).toBe(false);
    expect((await stack.facts.search(alice, 'tabs')).map((fact) => fact.id)).toEqual([id]);
    expect(await stack.facts.remove(alice, id)).toBe(true);
    expect(await stack.facts.search(alice, 'tabs')).toEqual([]);
    expect(await stack.facts.remove(alice, id)).toBe(false);
  });

  it('forgets a user completely and reports the counts', async () => {
    const prepared = await stack.prepare({
      ...alice,
      threadId: 't',
      text: 'Help me plan the migration to Postgres 16. We use Terraform.',
    });
    await stack.record(prepared, { text: 'Sure.' });
    await stack.idle();
    await stack.facts.add(bob, 'Bob uses fish');
    const report = await stack.forget(alice);
    expect(report.turns).toBe(2);
    expect(report.sessions).toBe(1);
    expect(report.facts).toBeGreaterThanOrEqual(1);
    expect(await stack.facts.list(alice)).toEqual([]);
    expect(await stack.session({ agentId: 'bot', threadId: 't' })).toEqual({ pinned: null, summary: null, turns: [] });
    expect(await stack.facts.list(bob)).toHaveLength(1);
  });
});

describe('purging expired facts', () => {
  it('deletes facts never injected once past their retention, from the background after a turn', async () => {
    const events: MemstackEvent[] = [];
    let now = Date.parse('2026-01-01T00:00:00Z');
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      now: () => new Date(now),
      limits: { unusedFactRetentionDays: 90, purgeIntervalMinutes: 60 },
      onEvent: (event) => events.push(event),
    });
    const scope = { agentId: 'bot', userId: 'u' };
    await stack.facts.add(scope, 'User once mentioned a gerbil named Kiwi');
    await stack.facts.add(scope, 'User deploys with Terraform');
    const used = await stack.prepare({ ...scope, text: 'How do we deploy with Terraform?' });
    expect(used.facts.map((fact) => fact.text)).toEqual(['User deploys with Terraform']);
    await stack.record(used, { text: 'terraform apply' });
    await stack.idle();
    expect(await stack.facts.list(scope)).toHaveLength(2); // nothing old enough yet

    now += 120 * 86_400_000;
    const later = await stack.prepare({ ...scope, text: 'Anything new on the roadmap?' });
    await stack.record(later, { text: 'Not yet.' });
    await stack.idle();
    expect((await stack.facts.list(scope)).map((fact) => fact.text)).toEqual(['User deploys with Terraform']);
    expect(events).toContainEqual({ type: 'facts-purged', count: 1 });
    await stack.close();
  });
});
