import { dateTerms } from '../../core/date-terms.js';
import type { FactCandidate, FactStore, NewFact } from '../../spec/memory-store.js';
import type { FactScope } from '../../spec/scope.js';
import { cjkBigrams } from './cjk-bigrams.js';
import { fts5Index } from './fts5-index.js';
import { guardSqlite } from './guard-sqlite.js';
import { FACT_COLUMNS, type FactRow, toFact } from './map-sqlite-rows.js';
import { CONTEXT_MAX_GRAPHEMES, neighbourContext } from './neighbour-context.js';
import { scopeKey } from './scope-key.js';
import { scopeToken } from './scope-token.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { toFts5Terms } from './to-fts5-terms.js';

/**
 * bm25 column weights: (scope, text, context, dated) and (scope, grams, context grams). The exchange a fact came
 * from counts half as much as the fact; a date the message names counts as much as a word of the fact.
 */
const WORD_WEIGHTS = '0.0, 1.0, 0.5, 1.0';
const CJK_WEIGHTS = '0.0, 1.0, 0.5';

const LIVE_IN_SCOPE = 'f.agent_id = ? AND f.user_id = ? AND f.superseded_by IS NULL';

export function sqliteFactStore(database: SqliteDatabase): FactStore {
  const indexes = [
    fts5Index(database, 'facts_words', WORD_WEIGHTS),
    fts5Index(database, 'facts_cjk', CJK_WEIGHTS),
  ] as const;
  const statements = {
    recent: database.prepare(
      `SELECT ${FACT_COLUMNS} FROM facts f WHERE ${LIVE_IN_SCOPE}
       ORDER BY coalesce(f.last_used_at, f.created_at) DESC, f.id DESC LIMIT ?`,
    ),
    list: database.prepare(`SELECT ${FACT_COLUMNS} FROM facts f WHERE ${LIVE_IN_SCOPE} ORDER BY f.created_at, f.id`),
    findHash: database.prepare(`SELECT f.id FROM facts f WHERE ${LIVE_IN_SCOPE} AND f.hash = ?`),
    insert: database.prepare(
      `INSERT INTO facts (agent_id, user_id, scope, text, grams, context, context_grams, dated, hash,
       source_session_key, source_turn_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    touch: database.prepare('UPDATE facts SET access_count = access_count + 1, last_used_at = ? WHERE id = ?'),
    supersede: database.prepare(
      `UPDATE facts SET superseded_by = ? WHERE id = ? AND id != ? AND agent_id = ? AND user_id = ?
       AND superseded_by IS NULL`,
    ),
    remove: database.prepare('DELETE FROM facts WHERE id = ?'),
    purge: database.prepare(
      `DELETE FROM facts WHERE (superseded_by IS NOT NULL AND created_at < ?)
       OR (superseded_by IS NULL AND access_count = 0 AND created_at < ?)`,
    ),
  };

  const insert = database.transaction((scope: FactScope, fact: NewFact) => {
    const [agentId, userId] = scopeKey(scope);
    const existing = statements.findHash.get(agentId, userId, fact.hash) as { id: number } | undefined;
    if (existing) return { id: existing.id, inserted: false };
    // The caller gives the context whole (an exchange: up to three texts, each cut to its head already).
    const { context, grams } = neighbourContext([fact.context], 3 * CONTEXT_MAX_GRAPHEMES);
    const result = statements.insert.run(
      agentId,
      userId,
      scopeToken(scope),
      fact.text,
      cjkBigrams(fact.text),
      context,
      grams,
      dateTerms(fact.at).join(' '),
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
        const terms = toFts5Terms(query);
        const candidates = new Map<number, FactCandidate>();
        const words = [
          ...terms.words.map((term) => `{text context} : ${term}`),
          ...terms.dates.map((term) => `dated : ${term}`),
        ];
        const cjk = terms.cjk.map((term) => `{grams context_grams} : ${term}`);
        for (const [index, termsOfIndex] of [
          [indexes[0], words],
          [indexes[1], cjk],
        ] as const) {
          if (termsOfIndex.length === 0) continue;
          for (const hit of index.search(scope, termsOfIndex, limit)) {
            // A fact found by both indexes adds up its relevance.
            const seen = candidates.get(hit.fact.id);
            if (seen) seen.relevance += hit.relevance;
            else candidates.set(hit.fact.id, hit);
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
    purge: ({ supersededBefore, unusedBefore }) =>
      guardSqlite(
        database,
        'purge facts',
        () => statements.purge.run(supersededBefore.getTime(), unusedBefore.getTime()).changes,
      ),
  };
}
