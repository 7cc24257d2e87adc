import { describe, expect, it } from 'vitest';
import { buildFactQuery } from '../core/search/build-fact-query.js';
import { type ContractHarness, type ContractOptions, exchange, turnQuery, turnSearchOf } from './contract-fixtures.js';

/** Turn search, an optional capability: skipped, not passed, for a store without it. */
export function turnSearchCases(harness: ContractHarness, options: ContractOptions): void {
  describe('turn search', () => {
    const words = (...terms: string[]) => ({ words: terms, cjk: [] });

    it("ranks a session's turns by relevance, and never another session's", async (context) => {
      const turns = turnSearchOf(context, harness.store);
      await harness.store.sessions.appendExchange(
        exchange(
          's1',
          'Which database should we use?',
          'Option A: Postgres with pgvector. Option B: SQLite with FTS5.',
        ),
      );
      await harness.store.sessions.appendExchange(exchange('s1', 'What about hosting?', 'Fly.io or a small VPS.'));
      await harness.store.sessions.appendExchange(
        exchange('s2', 'SQLite question elsewhere', 'SQLite answer elsewhere'),
      );
      const hits = await turns.search('s1', turnQuery(words('sqlite', 'fts5')), { limit: 5 });
      expect(hits[0]?.turn.text).toBe('Option A: Postgres with pgvector. Option B: SQLite with FTS5.');
      expect(hits.every((hit) => !hit.turn.text.includes('elsewhere'))).toBe(true);
      expect(hits[0]?.relevance).toBeGreaterThan(0);
      expect(await turns.search('unknown', turnQuery(words('sqlite')), { limit: 5 })).toEqual([]);
    });

    it('finds Chinese and Korean turns by the words of a message, and a rare word above a common one', async (context) => {
      const turns = turnSearchOf(context, harness.store);
      await harness.store.sessions.appendExchange(exchange('s1', '我们明天去杭州喝龙井茶吧', '好的，杭州见'));
      await harness.store.sessions.appendExchange(exchange('s1', '서울에서 회의가 있어요', '알겠습니다'));
      for (let index = 0; index < 4; index += 1) {
        await harness.store.sessions.appendExchange(
          exchange('s1', `The weather today ${index}`, `Sunny weather ${index}`),
        );
      }
      await harness.store.sessions.appendExchange(exchange('s1', 'The weather in Reykjavik', 'Cold.'));
      const first = async (message: string) =>
        (await turns.search('s1', turnQuery(buildFactQuery(message)), { limit: 5 }))[0]?.turn.text;
      expect(await first('龙井茶怎么样')).toBe('我们明天去杭州喝龙井茶吧');
      expect(await first('서울 회의')).toBe('서울에서 회의가 있어요');
      expect(await first('weather in reykjavik')).toBe('The weather in Reykjavik');
    });

    it('searches each turn with its neighbours as context, at a lower weight than its own text', async (context) => {
      const turns = turnSearchOf(context, harness.store);
      await harness.store.sessions.appendExchange(
        exchange('s1', 'What did you paint last week?', 'A sunset over the lake.'),
      );
      await harness.store.sessions.appendExchange(exchange('s1', 'I painted my fence too', 'Nice.'));
      const hits = await turns.search('s1', turnQuery(words('paint', 'sunset')), { limit: 5 });
      // The reply names the sunset and follows the question about painting: it comes first.
      expect(hits[0]?.turn.text).toBe('A sunset over the lake.');
      // A turn that only neighbours a match is found too, below those that match themselves.
      const lake = await turns.search('s1', turnQuery(words('lake')), { limit: 5 });
      expect(lake[0]?.turn.text).toBe('A sunset over the lake.');
      expect(lake.map((hit) => hit.turn.text)).toContain('What did you paint last week?');
    });

    it('quotes two turns before and one after as context, and no further', async (context) => {
      const turns = turnSearchOf(context, harness.store);
      await harness.store.sessions.appendExchange(exchange('s1', 'first question', 'first reply'));
      await harness.store.sessions.appendExchange(exchange('s1', 'we adopted a kitten named Miso', 'lovely'));
      await harness.store.sessions.appendExchange(exchange('s1', 'third question', 'third reply'));
      await harness.store.sessions.appendExchange(exchange('s1', 'fourth question', 'fourth reply'));
      const hits = await turns.search('s1', turnQuery(words('miso')), { limit: 10 });
      // The turn itself first, then the turn before it (one after) and the two after it (two before), given them by
      // later exchanges as they came.
      expect(hits[0]?.turn.text).toBe('we adopted a kitten named Miso');
      expect(hits.map((hit) => hit.turn.text).sort()).toEqual(
        ['first reply', 'lovely', 'third question', 'we adopted a kitten named Miso'].sort(),
      );
    });

    it('only returns turns before beforeTurnId when it is given', async (context) => {
      const turns = turnSearchOf(context, harness.store);
      const first = await harness.store.sessions.appendExchange(exchange('s1', 'deploy with docker', 'ok docker'));
      const second = await harness.store.sessions.appendExchange(exchange('s1', 'docker again', 'docker reply'));
      const all = await turns.search('s1', turnQuery(words('docker')), { limit: 10 });
      expect(all).toHaveLength(4);
      const older = await turns.search('s1', turnQuery(words('docker')), {
        limit: 10,
        beforeTurnId: second.userTurnId,
      });
      expect(older.map((hit) => hit.turn.id).sort()).toEqual([first.userTurnId, first.assistantTurnId].sort());
    });

    it('matches the calendar terms of when a turn was said', async (context) => {
      const turns = turnSearchOf(context, harness.store);
      await harness.store.sessions.appendExchange(
        exchange('s1', 'we went hiking', 'fun', { at: new Date('2023-05-08T10:00:00Z') }),
      );
      await harness.store.sessions.appendExchange(
        exchange('s1', 'we went hiking again', 'fun', { at: new Date('2023-07-02T10:00:00Z') }),
      );
      const hits = await turns.search('s1', turnQuery({ words: ['hiking'], cjk: [], dates: ['m202305'] }), {
        limit: 1,
      });
      expect(hits[0]?.turn.text).toBe('we went hiking');
    });

    it('treats query syntax as plain text', async (context) => {
      const turns = turnSearchOf(context, harness.store);
      await harness.store.sessions.appendExchange(exchange('s1', '我们决定使用 pnpm 管理依赖', '好的'));
      const syntax = await turns.search('s1', turnQuery(words('"', 'OR', 'NEAR(', '*', 'pnpm')), { limit: 5 });
      expect(syntax[0]?.turn.text).toBe('我们决定使用 pnpm 管理依赖');
    });

    it.skipIf(Boolean(options.skip?.cjk))('finds CJK words inside the longer runs of turns', async (context) => {
      const turns = turnSearchOf(context, harness.store);
      await harness.store.sessions.appendExchange(exchange('s1', '我们决定使用 pnpm 管理依赖', '好的'));
      const cjk = await turns.search('s1', turnQuery({ words: [], cjk: ['管理'] }), { limit: 5 });
      expect(cjk[0]?.turn.text).toBe('我们决定使用 pnpm 管理依赖');
    });
  });
}
