import type { FactCandidate, FactStore, NewFact } from '../../spec/memory-store.js';
import type { FactScope } from '../../spec/scope.js';
import { cjkBigrams } from './cjk-bigrams.js';
import { guardSqlite } from './guard-sqlite.js';
import { FACT_COLUMNS, type FactRow, toFact } from './map-sqlite-rows.js';
import { scopeToken } from './scope-token.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { toFts5Match } from './to-fts5-match.js';

const LIVE_IN_SCOPE = 'f.agent_id = ? AND f.user_id = ? AND f.superseded_by IS NULL';

export function sqliteFactStore(database: SqliteDatabase): FactStore {
  const searchIn = (table: 'facts_words' | 'facts_cjk') =>
    database.prepare(
      `SELECT ${FACT_COLUMNS}, m.rank AS score FROM ${table} m JOIN facts f ON f.id = m.rowid
       WHERE ${table} MATCH ? AND ${LIVE_IN_SCOPE} ORDER BY m.rank LIMIT ?`,
    );
  const statements = {
    searchWords: searchIn('facts_words'),
    searchCjk: searchIn('facts_cjk'),
    recent: database.prepare(
      `SELECT ${FACT_COLUMNS} FROM facts f WHERE ${LIVE_IN_SCOPE}
       ORDER BY coalesce(f.last_used_at, f.created_at) DESC, f.id DESC LIMIT ?`,
    ),
    list: database.prepare(`SELECT ${FACT_COLUMNS} FROM facts f WHERE ${LIVE_IN_SCOPE} ORDER BY f.created_at, f.id`),
    findHash: database.prepare(`SELECT f.id FROM facts f WHERE ${LIVE_IN_SCOPE} AND f.hash = ?`),
    insert: database.prepare(
      `INSERT INTO facts (agent_id, user_id, scope, text, grams, hash, source_session_key, source_turn_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    touch: database.prepare('UPDATE facts SET access_count = access_count + 1, last_used_at = ? WHERE id = ?'),
    supersede: database.prepare(
      `UPDATE facts SET superseded_by = ? WHERE id = ? AND id != ? AND agent_id = ? AND user_id = ?
       AND superseded_by IS NULL`,
    ),
    remove: database.prepare('DELETE FROM facts WHERE id = ?'),
  };

  const insert = database.transaction((scope: FactScope, fact: NewFact) => {
    const [agentId, userId] = scopeKey(scope);
    const existing = statements.findHash.get(agentId, userId, fact.hash) as { id: number } | undefined;
    if (existing) return { id: existing.id, inserted: false };
    const result = statements.insert.run(
      agentId,
      userId,
      scopeToken(scope),
      fact.text,
      cjkBigrams(fact.text),
      fact.hash,
      fact.sourceSessionKey,
      fact.sourceTurnId,
      fact.at.getTime(),
    );
    return { id: Number(result.lastInsertRowid), inserted: true };
  });
  const touch = database.transaction((ids: readonly number[], at: number) => {
    for (const id of ids) statements.touch.run(at, id);
  });

  return {
    search: (scope, query, { limit }) =>
      guardSqlite(database, 'search facts', () => {
        const [agentId, userId] = scopeKey(scope);
        const match = toFts5Match(scopeToken(scope), query);
        const candidates = new Map<number, FactCandidate>();
        for (const [statement, expression] of [
          [statements.searchWords, match.words],
          [statements.searchCjk, match.cjk],
        ] as const) {
          if (expression === null) continue;
          for (const row of statement.all(expression, agentId, userId, limit) as Array<FactRow & { score: number }>) {
            // bm25 is negative, lower is better; a fact found by both indexes adds up its relevance.
            const relevance = -row.score;
            const seen = candidates.get(row.id);
            if (seen) seen.relevance += relevance;
            else candidates.set(row.id, { fact: toFact(row), relevance });
          }
        }
        return [...candidates.values()].sort((a, b) => b.relevance - a.relevance).slice(0, limit);
      }),
    recent: (scope, { limit }) =>
      guardSqlite(database, 'read recent facts', () =>
        (statements.recent.all(...scopeKey(scope), limit) as FactRow[]).map(toFact),
      ),
    list: (scope) =>
      guardSqlite(database, 'list facts', () => (statements.list.all(...scopeKey(scope)) as FactRow[]).map(toFact)),
    insert: (scope, fact) => guardSqlite(database, 'insert a fact', () => insert(scope, fact)),
    touch: (ids, at) => guardSqlite(database, 'touch facts', () => touch(ids, at.getTime())),
    supersede: (scope, id, byId) =>
      guardSqlite(
        database,
        'supersede a fact',
        () => statements.supersede.run(byId, id, byId, ...scopeKey(scope)).changes > 0,
      ),
    remove: (id) => guardSqlite(database, 'remove a fact', () => statements.remove.run(id).changes > 0),
  };
}

/** A scope's column values: no user is the agent-wide scope, stored as ''. */
export function scopeKey(scope: FactScope): [string, string] {
  return [scope.agentId, scope.userId ?? ''];
}
