import { afterEach, describe, expect, it } from 'vitest';
import { exchange } from '../../store-kit/contract-fixtures.js';
import { type SqliteMemoryStore, sqliteStore } from '../sqlite/sqlite-store.js';

describe('sqlSessionStore', () => {
  let store: SqliteMemoryStore;
  afterEach(() => store.close());

  it("keeps a model's state when another model's stored states do not parse (a row edited by hand)", async () => {
    store = sqliteStore({ path: ':memory:' });
    await store.sessions.appendExchange(exchange('s1', 'hello', 'hi'));
    store.database.prepare("UPDATE sessions SET model_state = '{broken' WHERE key = 's1'").run();
    const state = { generation: 1, cwd: '/w "x"' };
    expect(await store.sessions.update('s1', { modelState: { provider: 'claude-cli', state } })).toBe(true);
    expect((await store.sessions.read('s1'))?.session.modelState).toEqual({ 'claude-cli': state });
    expect(await store.sessions.update('nobody', { modelState: { provider: 'claude-cli', state } })).toBe(false);
  });
});
