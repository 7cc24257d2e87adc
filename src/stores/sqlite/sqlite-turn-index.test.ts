import { describe, expect, it } from 'vitest';
import { buildSearchQuery, TURN_SEARCH_WEIGHTS } from '../../core/search/build-search-query.js';
import { sqliteStore } from './sqlite-store.js';
import { sqliteTurnIndex } from './sqlite-turn-index.js';

describe('sqliteTurnIndex reach', () => {
  it('quotes as many neighbours as its reach: the store two before and one after, a re-index what it is given', async () => {
    const store = sqliteStore({ path: ':memory:' });
    const session = { key: 's', uuid: 'u', agentId: 'a', channelId: 'c', threadId: null };
    const exchanges = [
      ['Where did you go on holiday?', 'Lisbon, for a week.'],
      ['Nice. Did you eat well?', 'Mostly grilled sardines.'],
    ] as const;
    for (const [user, assistant] of exchanges) {
      await store.sessions.appendExchange({
        session,
        userId: null,
        user: { text: user, tokens: 0 },
        assistant: { text: assistant, tokens: 0 },
        taskSource: false,
        injectedFactIds: [],
        at: new Date(0),
      });
    }
    const found = async (word: string) =>
      (
        (await store.turnSearch?.search('s', buildSearchQuery({ words: [word], cjk: [] }, TURN_SEARCH_WEIGHTS), {
          limit: 10,
        })) ?? []
      ).map((hit) => hit.turn.text);
    // "holiday" is said by the first turn; the two after it quote it as context, the third does not.
    expect((await found('holiday')).sort()).toEqual(
      ['Where did you go on holiday?', 'Lisbon, for a week.', 'Nice. Did you eat well?'].sort(),
    );
    sqliteTurnIndex(store.database, { before: 0, after: 0 }).reindexSession('s');
    expect(await found('holiday')).toEqual(['Where did you go on holiday?']);
    expect(await found('sardines')).toEqual(['Mostly grilled sardines.']);
    sqliteTurnIndex(store.database, { before: 3, after: 0 }).reindexSession('s');
    expect((await found('holiday')).length).toBe(4);
    expect(await found('sardines')).toEqual(['Mostly grilled sardines.']);
    await store.close();
  });
});
