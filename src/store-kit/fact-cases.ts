import { describe, expect, it } from 'vitest';
import { buildFactQuery } from '../core/search/build-fact-query.js';
import type { FactScope } from '../index.js';
import {
  agentWide,
  alice,
  at,
  bob,
  type ContractHarness,
  type ContractOptions,
  fact,
  factQuery,
  otherAgent,
} from './contract-fixtures.js';

/** Facts: scoped, deduplicated, searched, superseded, purged. */
export function factCases(harness: ContractHarness, options: ContractOptions): void {
  describe('facts', () => {
    it('inserts, lists and refuses an exact duplicate in the same scope', async () => {
      const first = await harness.insertFact(alice, fact('User prefers pnpm'));
      const again = await harness.insertFact(alice, fact('user prefers PNPM'));
      expect(first.inserted).toBe(true);
      expect(again).toEqual({ id: first.id, inserted: false });
      const elsewhere = await harness.insertFact(bob, fact('User prefers pnpm'));
      expect(elsewhere.inserted).toBe(true);
      const listed = await harness.store.facts.list(alice);
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

    it('edits a fact in place: found by its new words only, id, use count and context kept, source api', async () => {
      const lastUse = at();
      const first = await harness.insertFact(
        alice,
        fact('User deploys on Heroku', {
          source: 'user',
          context: 'we moved the staging cluster',
          usage: { accessCount: 2, lastUsedAt: lastUse },
        }),
      );
      const change = { text: 'User deploys on Render', hash: 'h:user deploys on render', at: at() };
      expect(await harness.store.facts.edit(bob, first.id, change)).toBeNull();
      expect(await harness.store.facts.edit(alice, first.id + 1000, change)).toBeNull();
      expect(await harness.store.facts.edit(alice, first.id, change)).toEqual({ id: first.id, merged: false });
      expect(await harness.store.facts.list(alice)).toEqual([
        expect.objectContaining({ id: first.id, text: 'User deploys on Render', accessCount: 2, source: 'api' }),
      ]);
      expect((await harness.store.facts.list(alice))[0]?.lastUsedAt).toEqual(lastUse);
      const found = async (word: string) =>
        (await harness.store.facts.search(alice, factQuery({ words: [word], cjk: [] }), { limit: 5 })).map(
          (hit) => hit.fact.id,
        );
      expect(await found('render')).toEqual([first.id]);
      expect(await found('heroku')).toEqual([]);
      expect(await found('staging')).toEqual([first.id]);
      // The scope holds the new hash now: inserting it again is a duplicate.
      expect(await harness.insertFact(alice, fact('User deploys on Render'))).toEqual({
        id: first.id,
        inserted: false,
      });
    });

    it('merges an edit into the fact the scope holds with that text already, and never edits a superseded fact', async () => {
      const kept = await harness.insertFact(alice, fact('User prefers pnpm'));
      const edited = await harness.insertFact(alice, fact('User prefers npm'));
      const merged = await harness.store.facts.edit(alice, edited.id, {
        text: 'User prefers PNPM',
        hash: 'h:user prefers pnpm',
        at: at(),
      });
      expect(merged).toEqual({ id: kept.id, merged: true });
      expect(await harness.store.facts.list(alice)).toEqual([
        expect.objectContaining({ id: kept.id, text: 'User prefers pnpm', accessCount: 1 }),
      ]);
      const old = await harness.insertFact(alice, fact('User lives in Paris'));
      const current = await harness.insertFact(alice, fact('User lives in Berlin'));
      await harness.store.facts.supersede(alice, old.id, current.id);
      const change = { text: 'User lives in Lyon', hash: 'h:user lives in lyon', at: at() };
      expect(await harness.store.facts.edit(alice, old.id, change)).toBeNull();
    });

    it('never returns a fact of another scope', async () => {
      await harness.insertFact(alice, fact('Alice deploys on Cloudflare Workers'));
      await harness.insertFact(bob, fact('Bob deploys on Fly.io'));
      await harness.insertFact(agentWide, fact('The project deploys weekly'));
      await harness.insertFact(otherAgent, fact('Alice deploys on Vercel for the other bot'));
      const query = { words: ['deploys', 'alice', 'bob', 'cloudflare', 'vercel', 'project'], cjk: [] };
      const texts = async (scope: FactScope) =>
        (await harness.store.facts.search(scope, factQuery(query), { limit: 10 })).map((hit) => hit.fact.text);
      expect(await texts(alice)).toEqual(['Alice deploys on Cloudflare Workers']);
      expect(await texts(bob)).toEqual(['Bob deploys on Fly.io']);
      expect(await texts(agentWide)).toEqual(['The project deploys weekly']);
      expect(await texts(otherAgent)).toEqual(['Alice deploys on Vercel for the other bot']);
      expect((await harness.store.facts.list(bob)).map((item) => item.text)).toEqual(['Bob deploys on Fly.io']);
      expect((await harness.store.facts.recent(alice, { limit: 10 })).map((item) => item.text)).toEqual([
        'Alice deploys on Cloudflare Workers',
      ]);
    });

    it('ranks by the field weights the query carries: the fact text over its context, or the other way', async () => {
      await harness.insertFact(alice, fact('Zephyr is the release name', { context: 'we talked about names' }));
      await harness.insertFact(alice, fact('The team ships on Fridays', { context: 'the zephyr release ships' }));
      const query = factQuery({ words: ['zephyr'], cjk: [] });
      const texts = async (search: typeof query) =>
        (await harness.store.facts.search(alice, search, { limit: 5 })).map((hit) => hit.fact.text);
      expect(await texts(query)).toEqual(['Zephyr is the release name', 'The team ships on Fridays']);
      const contextFirst = { ...query, words: { ...query.words, weights: { text: 0.1, context: 5, dated: 1 } } };
      expect(await texts(contextFirst)).toEqual(['The team ships on Fridays', 'Zephyr is the release name']);
    });

    it('matches the tokens it is given, as they are: a phrase only where its tokens follow one another', async () => {
      await harness.insertFact(alice, fact('User deploys services with nomad'));
      await harness.insertFact(alice, fact('Services of the user: deploys by hand'));
      const phrase = factQuery({ words: [], cjk: [] });
      const search = {
        ...phrase,
        words: { ...phrase.words, terms: [{ tokens: ['deploi', 'servic'], fields: ['text'] as const }] },
      };
      const hits = await harness.store.facts.search(alice, search, { limit: 5 });
      expect(hits.map((hit) => hit.fact.text)).toEqual(['User deploys services with nomad']);
    });

    it('ORs the terms and ranks a fact matching more of them first', async () => {
      await harness.insertFact(alice, fact('User prefers pnpm for package management'));
      await harness.insertFact(alice, fact('User tests with vitest'));
      await harness.insertFact(alice, fact('The API is deployed with Docker'));
      const hits = await harness.store.facts.search(
        alice,
        factQuery({ words: ['pnpm', 'package', 'zebra'], cjk: [] }),
        { limit: 5 },
      );
      expect(hits.map((hit) => hit.fact.text)).toEqual(['User prefers pnpm for package management']);
      const both = await harness.store.facts.search(
        alice,
        factQuery({ words: ['vitest', 'pnpm', 'package'], cjk: [] }),
        { limit: 5 },
      );
      expect(both.map((hit) => hit.fact.text)).toEqual([
        'User prefers pnpm for package management',
        'User tests with vitest',
      ]);
      expect(both[0]?.relevance).toBeGreaterThan(both[1]?.relevance ?? Number.POSITIVE_INFINITY);
    });

    it("searches a fact's context at a lower weight than its text", async () => {
      await harness.insertFact(
        alice,
        fact('User adopted a dog named Ned', { context: 'I went to the shelter in Stamford' }),
      );
      await harness.insertFact(alice, fact('User volunteers at the Stamford shelter'));
      const hits = await harness.store.facts.search(alice, factQuery({ words: ['stamford', 'shelter'], cjk: [] }), {
        limit: 5,
      });
      expect(hits.map((hit) => hit.fact.text)).toEqual([
        'User volunteers at the Stamford shelter',
        'User adopted a dog named Ned',
      ]);
    });

    it('matches the calendar terms of when a fact was stored', async () => {
      await harness.insertFact(alice, fact('User ran a marathon', { at: new Date('2022-04-10T00:00:00Z') }));
      await harness.insertFact(alice, fact('User ran a half marathon', { at: new Date('2023-09-10T00:00:00Z') }));
      const hits = await harness.store.facts.search(
        alice,
        factQuery({ words: ['marathon'], cjk: [], dates: ['m202204'] }),
        { limit: 2 },
      );
      expect(hits[0]?.fact.text).toBe('User ran a marathon');
      const dateOnly = await harness.store.facts.search(alice, factQuery({ words: [], cjk: [], dates: ['y2023'] }), {
        limit: 2,
      });
      expect(dateOnly.map((hit) => hit.fact.text)).toEqual(['User ran a half marathon']);
    });

    it('ranks a rare word of the scope above a word most of its facts hold', async () => {
      for (let index = 0; index < 12; index += 1) {
        await harness.insertFact(alice, fact(`User drinks coffee at the office on day ${index}`));
      }
      await harness.insertFact(alice, fact('User brews kombucha at home'));
      const hits = await harness.store.facts.search(alice, factQuery({ words: ['coffee', 'kombucha'], cjk: [] }), {
        limit: 3,
      });
      expect(hits[0]?.fact.text).toBe('User brews kombucha at home');
      expect(hits).toHaveLength(3);
    });

    it('finds Chinese, Japanese and Korean facts by the words of a message', async () => {
      await harness.insertFact(alice, fact('用户喜欢喝乌龙茶'));
      await harness.insertFact(alice, fact('ユーザーは東京に住んでいます'));
      await harness.insertFact(alice, fact('사용자는 서울에서 일합니다'));
      await harness.insertFact(alice, fact('User drinks green tea in Lisbon'));
      const first = async (message: string) =>
        (await harness.store.facts.search(alice, factQuery(buildFactQuery(message)), { limit: 5 }))[0]?.fact.text;
      expect(await first('我想喝乌龙茶')).toBe('用户喜欢喝乌龙茶');
      expect(await first('東京はどうですか')).toBe('ユーザーは東京に住んでいます');
      expect(await first('서울에서 일해요?')).toBe('사용자는 서울에서 일합니다');
      expect(await first('green tea?')).toBe('User drinks green tea in Lisbon');
    });

    it('matches word forms (stemming)', async () => {
      await harness.insertFact(alice, fact('User deploys services on weekends'));
      const hits = await harness.store.facts.search(alice, factQuery({ words: ['deploying', 'service'], cjk: [] }), {
        limit: 5,
      });
      expect(hits).toHaveLength(1);
    });

    it('treats query syntax in terms as plain text', async () => {
      await harness.insertFact(alice, fact('User writes "quoted" text and uses OR NEAR AND NOT operators: col*'));
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
      const hits = await harness.store.facts.search(alice, factQuery({ words: hostile, cjk: [] }), { limit: 5 });
      expect(hits.map((hit) => hit.fact.text)).toEqual([
        'User writes "quoted" text and uses OR NEAR AND NOT operators: col*',
      ]);
      expect(await harness.store.facts.list(alice)).toHaveLength(1);
    });

    it.skipIf(Boolean(options.skip?.cjk))('finds a 1, 2 or 3+ character CJK word inside a longer run', async () => {
      await harness.insertFact(alice, fact('用戶偏好使用 pnpm 管理套件'));
      await harness.insertFact(alice, fact('ユーザーはVimを使っています'));
      await harness.insertFact(alice, fact('项目部署在 Cloudflare Workers 上'));
      const find = async (word: string) =>
        (await harness.store.facts.search(alice, factQuery({ words: [], cjk: [word] }), { limit: 5 })).map(
          (hit) => hit.fact.text,
        );
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
      const unused = await harness.insertFact(alice, fact('Old fact never injected', { at: old }));
      const used = await harness.insertFact(alice, fact('Old fact injected once', { at: old }));
      await harness.store.facts.touch(alice, [used.id], recent);
      const replaced = await harness.insertFact(bob, fact('User lives in Paris', { at: old }));
      const current = await harness.insertFact(bob, fact('User lives in Berlin', { at: recent }));
      await harness.store.facts.supersede(bob, replaced.id, current.id);
      await harness.insertFact(alice, fact('Recent fact never injected', { at: recent }));
      const now = Date.parse('2025-12-15T00:00:00Z');
      const purged = await harness.store.facts.purge({
        supersededBefore: new Date(now - 30 * day),
        unusedBefore: new Date(now - 180 * day),
      });
      expect(purged).toBe(2);
      expect((await harness.store.facts.list(alice)).map((item) => item.text)).toEqual([
        'Old fact injected once',
        'Recent fact never injected',
      ]);
      expect((await harness.store.facts.list(bob)).map((item) => item.text)).toEqual(['User lives in Berlin']);
      expect(await harness.store.facts.remove(alice, unused.id)).toBe(false);
      expect(await harness.store.facts.remove(bob, replaced.id)).toBe(false);
    });

    it('recent() puts the last used, then the newest, first', async () => {
      const old = await harness.insertFact(alice, fact('First fact stored'));
      await harness.insertFact(alice, fact('Second fact stored'));
      await harness.insertFact(alice, fact('Third fact stored'));
      await harness.store.facts.touch(bob, [old.id], at());
      await harness.store.facts.touch(alice, [old.id], at());
      const recent = await harness.store.facts.recent(alice, { limit: 2 });
      expect(recent.map((item) => item.text)).toEqual(['First fact stored', 'Third fact stored']);
      expect(recent[0]?.accessCount).toBe(1);
    });

    it('hides a superseded fact everywhere, and only within its scope', async () => {
      const old = await harness.insertFact(alice, fact('User prefers npm'));
      const next = await harness.insertFact(alice, fact('User prefers pnpm'));
      expect(await harness.store.facts.supersede(bob, old.id, next.id)).toBe(false);
      expect(await harness.store.facts.supersede(alice, old.id, old.id)).toBe(false);
      expect(await harness.store.facts.supersede(alice, old.id, next.id)).toBe(true);
      expect((await harness.store.facts.list(alice)).map((item) => item.text)).toEqual(['User prefers pnpm']);
      const hits = await harness.store.facts.search(alice, factQuery({ words: ['prefers'], cjk: [] }), { limit: 5 });
      expect(hits.map((hit) => hit.fact.text)).toEqual(['User prefers pnpm']);
      // The text may come back later as a new fact.
      expect((await harness.insertFact(alice, fact('User prefers npm'))).inserted).toBe(true);
    });

    it('removes a fact from the list and the index', async () => {
      const { id } = await harness.insertFact(alice, fact('User likes dark mode'));
      expect(await harness.store.facts.remove(bob, id)).toBe(false);
      expect(await harness.store.facts.remove(alice, id)).toBe(true);
      expect(await harness.store.facts.remove(alice, id)).toBe(false);
      expect(await harness.store.facts.list(alice)).toEqual([]);
      expect(
        await harness.store.facts.search(alice, factQuery({ words: ['dark', 'mode'], cjk: [] }), { limit: 5 }),
      ).toEqual([]);
    });
  });
}
