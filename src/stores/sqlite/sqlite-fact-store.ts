import { storedSearchKeywords } from '../../core/facts/stored-search-keywords.js';
import { buildFactDocument } from '../../core/search/build-fact-document.js';
import { factContext } from '../../core/search/fact-context.js';
import { CONTEXT_MAX_GRAPHEMES, neighbourContext } from '../../core/search/neighbour-context.js';
import type { FactCandidate, FactEdit, FactStore, NewFact } from '../../spec/memory-store.js';
import type { FactScope } from '../../spec/scope.js';
import { fts5Index } from './fts5-index.js';
import { FACT_COLUMNS, type FactRow, toFact } from './map-sqlite-rows.js';
import { scopeKey } from './scope-key.js';
import { scopeToken } from './scope-token.js';
import type { SqliteDatabase } from './sqlite-database.js';
import type { SqliteGuard } from './sqlite-guard.js';
import { toFts5Match } from './to-fts5-match.js';
import { writeTransaction } from './write-transaction.js';

/** The columns of each index (after the scope) that hold the fields of a fact's index document. */
const WORD_COLUMNS = { text: 'text_tokens', context: 'context_tokens', dated: 'dated' } as const;
const GRAM_COLUMNS = { text: 'grams', context: 'context_grams' } as const;

const LIVE_IN_SCOPE = 'f.agent_id = ? AND f.user_id = ? AND f.superseded_by IS NULL';

/**
 * The fact writes as synchronous transaction functions, for a store method that writes facts inside its own
 * transaction (better-sqlite3 runs a transaction function called inside another as a savepoint of it).
 */
export interface SqliteFactWrites {
  insert(scope: FactScope, fact: NewFact): { id: number; inserted: boolean } | null;
  touch(scope: FactScope, ids: readonly number[], at: number): void;
  supersede(scope: FactScope, id: number, byId: number): boolean;
}

export function sqliteFactStore(
  database: SqliteDatabase,
  guard: SqliteGuard,
): FactStore & { readonly writes: SqliteFactWrites } {
  const indexes = [fts5Index(database, 'facts_words', 3), fts5Index(database, 'facts_cjk', 2)] as const;
  const statements = {
    recent: database.prepare(
      `SELECT ${FACT_COLUMNS} FROM facts f WHERE ${LIVE_IN_SCOPE}
       ORDER BY coalesce(f.last_used_at, f.created_at) DESC, f.id DESC LIMIT ?`,
    ),
    list: database.prepare(`SELECT ${FACT_COLUMNS} FROM facts f WHERE ${LIVE_IN_SCOPE} ORDER BY f.created_at, f.id`),
    findHash: database.prepare(`SELECT f.id FROM facts f WHERE ${LIVE_IN_SCOPE} AND f.hash = ?`),
    insert: database.prepare(
      `INSERT INTO facts (agent_id, user_id, scope, text, text_tokens, grams, context, context_tokens, context_grams,
       dated, hash, source_session_key, source_turn_id, source, context_turn_ids, keywords, created_at, access_count,
       last_used_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    turnExists: database.prepare('SELECT 1 FROM turns WHERE id = ?'),
    contextTurns: database.prepare(
      'SELECT id, text FROM turns WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id',
    ),
    touch: database.prepare(
      'UPDATE facts SET access_count = access_count + 1, last_used_at = ? WHERE id = ? AND agent_id = ? AND user_id = ?',
    ),
    supersede: database.prepare(
      `UPDATE facts SET superseded_by = ? WHERE id = ? AND id != ? AND agent_id = ? AND user_id = ?
       AND superseded_by IS NULL`,
    ),
    remove: database.prepare('DELETE FROM facts WHERE id = ? AND agent_id = ? AND user_id = ?'),
    live: database.prepare(`SELECT f.id, f.context, f.created_at FROM facts f WHERE f.id = ? AND ${LIVE_IN_SCOPE}`),
    rewrite: database.prepare(
      `UPDATE facts SET text = ?, text_tokens = ?, grams = ?, context_tokens = ?, context_grams = ?, keywords = NULL,
       hash = ?, source = 'api', vector = NULL, vector_model = NULL WHERE id = ?`,
    ),
    purge: database.prepare(
      `DELETE FROM facts WHERE (superseded_by IS NOT NULL AND created_at < ?)
       OR (superseded_by IS NULL AND access_count = 0 AND created_at < ?)`,
    ),
  };

  const insert = writeTransaction(database, (scope: FactScope, fact: NewFact) => {
    // Checked under the write lock: a forget that ran after the extraction read the turn has the last word.
    if (fact.sourceTurnId !== null && !statements.turnExists.get(fact.sourceTurnId)) return null;
    const [agentId, userId] = scopeKey(scope);
    const existing = statements.findHash.get(agentId, userId, fact.hash) as { id: number } | undefined;
    if (existing) return { id: existing.id, inserted: false };
    let contextText = fact.context;
    let contextTurnIds = [...(fact.contextTurnIds ?? [])];
    let keywords = storedSearchKeywords(fact.keywords);
    if (contextTurnIds.length > 0) {
      const kept = statements.contextTurns.all(JSON.stringify(contextTurnIds)) as Array<{ id: number; text: string }>;
      // A turn of the exchange was forgotten meanwhile: the context is what the other turns give, and the keywords
      // drawn from the whole exchange go.
      if (kept.length < contextTurnIds.length) {
        contextText = factContext(kept.map((turn) => turn.text));
        keywords = null;
      }
      contextTurnIds = kept.map((turn) => turn.id);
    }
    // What is kept of the context is bounded like what is indexed of it (an exchange: three heads).
    const context = neighbourContext([contextText], 3 * CONTEXT_MAX_GRAPHEMES);
    const document = buildFactDocument({ text: fact.text, context, keywords, at: fact.at });
    const result = statements.insert.run(
      agentId,
      userId,
      scopeToken(scope),
      fact.text,
      document.words.text,
      document.grams.text,
      context,
      document.words.context,
      document.grams.context,
      document.words.dated,
      fact.hash,
      fact.sourceSessionKey,
      fact.sourceTurnId,
      fact.source,
      JSON.stringify(contextTurnIds),
      keywords,
      fact.at.getTime(),
      fact.usage?.accessCount ?? 0,
      fact.usage?.lastUsedAt?.getTime() ?? null,
    );
    return { id: Number(result.lastInsertRowid), inserted: true };
  });
  const touch = writeTransaction(database, (scope: FactScope, ids: readonly number[], at: number) => {
    for (const id of ids) statements.touch.run(at, id, ...scopeKey(scope));
  });
  const supersede = writeTransaction(
    database,
    (scope: FactScope, id: number, byId: number) =>
      statements.supersede.run(byId, id, byId, ...scopeKey(scope)).changes > 0,
  );
  const edit = writeTransaction(database, (scope: FactScope, id: number, change: FactEdit) => {
    const [agentId, userId] = scopeKey(scope);
    const row = statements.live.get(id, agentId, userId) as
      | { id: number; context: string; created_at: number }
      | undefined;
    if (!row) return null;
    const same = statements.findHash.get(agentId, userId, change.hash) as { id: number } | undefined;
    if (same && same.id !== id) {
      // The corrected text is a fact the scope holds already: one of them is enough.
      statements.remove.run(id, agentId, userId);
      statements.touch.run(change.at.getTime(), same.id, agentId, userId);
      return { id: same.id, merged: true };
    }
    // The context and the date terms stay: the fact still came from the same exchange, on the same day. Its search
    // keywords were written for the old text: they go.
    const document = buildFactDocument({ text: change.text, context: row.context, at: new Date(row.created_at) });
    statements.rewrite.run(
      change.text,
      document.words.text,
      document.grams.text,
      document.words.context,
      document.grams.context,
      change.hash,
      id,
    );
    return { id, merged: false };
  });
  const remove = writeTransaction(
    database,
    (scope: FactScope, id: number) => statements.remove.run(id, ...scopeKey(scope)).changes > 0,
  );
  const purge = writeTransaction(
    database,
    (supersededBefore: number, unusedBefore: number) => statements.purge.run(supersededBefore, unusedBefore).changes,
  );

  return {
    writes: { insert, touch, supersede },
    search: (scope, query, { limit }) =>
      guard('search facts', () => {
        const candidates = new Map<number, FactCandidate>();
        const { words, grams } = query;
        for (const [index, terms, weights] of [
          [
            indexes[0],
            words.terms.map((term) => toFts5Match(term, WORD_COLUMNS)),
            [words.weights.text, words.weights.context, words.weights.dated],
          ],
          [
            indexes[1],
            grams.terms.map((term) => toFts5Match(term, GRAM_COLUMNS)),
            [grams.weights.text, grams.weights.context],
          ],
        ] as const) {
          if (terms.length === 0) continue;
          for (const hit of index.search(scope, terms, weights, limit)) {
            // A fact found by both indexes adds up its relevance.
            const seen = candidates.get(hit.fact.id);
            if (seen) seen.relevance += hit.relevance;
            else candidates.set(hit.fact.id, hit);
          }
        }
        return [...candidates.values()].sort((a, b) => b.relevance - a.relevance).slice(0, limit);
      }),
    recent: (scope, { limit }) =>
      guard('read recent facts', () => (statements.recent.all(...scopeKey(scope), limit) as FactRow[]).map(toFact)),
    list: (scope) => guard('list facts', () => (statements.list.all(...scopeKey(scope)) as FactRow[]).map(toFact)),
    insert: (scope, fact) => guard('insert a fact', () => insert(scope, fact)),
    touch: (scope, ids, at) => guard('touch facts', () => touch(scope, ids, at.getTime())),
    supersede: (scope, id, byId) => guard('supersede a fact', () => supersede(scope, id, byId)),
    edit: (scope, id, change) => guard('edit a fact', () => edit(scope, id, change)),
    remove: (scope, id) => guard('remove a fact', () => remove(scope, id)),
    purge: ({ supersededBefore, unusedBefore }) =>
      guard('purge facts', () => purge(supersededBefore.getTime(), unusedBefore.getTime())),
  };
}
