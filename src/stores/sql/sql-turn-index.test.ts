import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchQuery, TURN_SEARCH_WEIGHTS } from '../../core/search/build-search-query.js';
import { buildTurnText } from '../../core/search/build-turn-document.js';
import { sqliteConnection } from '../sqlite/sqlite-connection.js';
import { sqliteStore } from '../sqlite/sqlite-store.js';
import { sqliteTurnIndexWrites } from '../sqlite/sqlite-turn-index-writes.js';
import { sqlTurnIndex } from './sql-turn-index.js';

const SESSION = { key: 's', uuid: 'u', agentId: 'a', channelId: 'c', threadId: null };
const SQLITE = { table: (name: string) => name };

/** A SQLite store with these exchanges, and the shared turn index on its database. */
async function storeWith(
  exchanges: ReadonlyArray<readonly [string, string]>,
  reach?: { before: number; after: number },
) {
  const store = sqliteStore({ path: ':memory:' });
  for (const [index, [user, assistant]] of exchanges.entries()) {
    await store.sessions.appendExchange({
      session: SESSION,
      userId: null,
      user: { text: user, tokens: 0 },
      assistant: { text: assistant, tokens: 0 },
      taskSource: false,
      injectedFactIds: [],
      at: new Date(Date.UTC(2026, 0, 1 + index)),
    });
  }
  const connection = sqliteConnection(store.database, { busyTimeoutMs: 0 });
  const index = sqlTurnIndex(SQLITE, sqliteTurnIndexWrites, reach);
  const write = (run: Parameters<typeof connection.write>[1]) => connection.write('test the turn index', run);
  // Both indexes' rows, and FTS5's corpus figures (rows and tokens per column) that bm25 ranks with.
  const snapshot = () =>
    JSON.stringify(
      ['turns_words', 'turns_cjk'].map((table) => [
        store.database.prepare(`SELECT rowid, * FROM ${table} ORDER BY rowid`).all(),
        store.database.prepare(`SELECT block FROM ${table}_data WHERE id = 1`).get(),
      ]),
    );
  return { store, index, write, snapshot };
}

const turnsOf = (store: ReturnType<typeof sqliteStore>) =>
  (
    store.database
      .prepare("SELECT id, text, created_at FROM turns WHERE session_key = 's' ORDER BY id")
      .all() as Array<{
      id: number;
      text: string;
      created_at: number;
    }>
  ).map((row) => ({ ...row, created_at: new Date(row.created_at) }));

const texts = fc.array(
  fc.tuple(
    fc.constantFrom('ana went hiking', 'the 乌龙茶 was fine', 'Lisbon in May', 'sardines again', '서울 여행'),
    fc.constantFrom('nice', 'tell me more about 東京', 'hiking is good', 'ok'),
  ),
  { minLength: 1, maxLength: 10 },
);

describe('sqlTurnIndex on SQLite', () => {
  it('writes what the store wrote: by exchange, by session, and beside deleted turns (property)', async () => {
    await fc.assert(
      fc.asyncProperty(texts, fc.array(fc.nat(), { maxLength: 6 }), async (exchanges, picks) => {
        const { store, index, write, snapshot } = await storeWith(exchanges);
        const stored = snapshot();
        // Again, exchange by exchange, on an empty index.
        await write(async (sql) => {
          await sql.run('DELETE FROM turns_words');
          await sql.run('DELETE FROM turns_cjk');
        });
        const turns = turnsOf(store);
        for (let at = 0; at < turns.length; at += 2) {
          const [user, assistant] = [turns[at], turns[at + 1]] as [(typeof turns)[0], (typeof turns)[0]];
          const own = (turn: typeof user) => buildTurnText({ text: turn.text, at: turn.created_at });
          await write((sql) =>
            index.addExchange(sql, 's', user, assistant, { user: own(user), assistant: own(assistant) }),
          );
        }
        expect(snapshot()).toBe(stored);
        await write((sql) => index.reindexSession(sql, 's'));
        expect(snapshot()).toBe(stored);
        // Deleting turns, then re-indexing those beside them, leaves what a whole re-index would.
        const deleted = [...new Set(picks.map((pick) => (turns[pick % turns.length] as { id: number }).id))];
        await write(async (sql) => {
          for (const id of deleted) await sql.run('DELETE FROM turns WHERE id = ?', [id]);
          await index.reindexBeside(sql, 's', deleted);
        });
        const beside = snapshot();
        await write((sql) => index.reindexSession(sql, 's'));
        expect(beside).toBe(snapshot());
        await store.close();
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('quotes as many neighbours as its reach: the store two before and one after, a re-index what it is given', async () => {
    const { store, write } = await storeWith([
      ['Where did you go on holiday?', 'Lisbon, for a week.'],
      ['Nice. Did you eat well?', 'Mostly grilled sardines.'],
    ]);
    const found = async (word: string) =>
      (
        await store.turnSearch.search('s', buildSearchQuery({ words: [word], cjk: [] }, TURN_SEARCH_WEIGHTS), {
          limit: 10,
        })
      ).map((hit) => hit.turn.text);
    // "holiday" is said by the first turn; the two after it quote it as context, the third does not.
    expect((await found('holiday')).sort()).toEqual(
      ['Where did you go on holiday?', 'Lisbon, for a week.', 'Nice. Did you eat well?'].sort(),
    );
    await write((sql) => sqlTurnIndex(SQLITE, sqliteTurnIndexWrites, { before: 0, after: 0 }).reindexSession(sql, 's'));
    expect(await found('holiday')).toEqual(['Where did you go on holiday?']);
    expect(await found('sardines')).toEqual(['Mostly grilled sardines.']);
    await write((sql) => sqlTurnIndex(SQLITE, sqliteTurnIndexWrites, { before: 3, after: 0 }).reindexSession(sql, 's'));
    expect((await found('holiday')).length).toBe(4);
    expect(await found('sardines')).toEqual(['Mostly grilled sardines.']);
    await store.close();
  });
});
