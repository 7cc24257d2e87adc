import { storedSearchKeywords } from '../../core/facts/stored-search-keywords.js';
import { buildFactDocument } from '../../core/search/build-fact-document.js';
import { factContext } from '../../core/search/fact-context.js';
import { CONTEXT_MAX_GRAPHEMES, neighbourContext } from '../../core/search/neighbour-context.js';
import type { FactStore } from '../../spec/memory-store.js';
import type { FactScope } from '../../spec/scope.js';
import { FACT_COLUMNS, type FactRow, toFact } from './map-fact-row.js';
import { scopeKey } from './scope-key.js';
import { type Sql, type SqlValue, sqlDate } from './sql.js';
import type { SqlDialect, SqlFactWrites, SqlSearch } from './sql-dialect.js';

const LIVE_IN_SCOPE = 'f.agent_id = ? AND f.user_id = ? AND f.superseded_by IS NULL';

/**
 * The columns an engine's full-text index needs on a fact's row besides the shared ones (FTS5's: the scope's token,
 * which narrows a search inside the index).
 */
export type FactIndexColumns = (scope: FactScope) => Readonly<Record<string, SqlValue>>;

/** `?, ?, ...`: one placeholder per value of an `IN` list. */
function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}

/** The facts of an SQL engine: its search is the engine's own piece; the rest is the same statements everywhere. */
export function sqlFactStore(
  dialect: SqlDialect,
  search: SqlSearch['facts'],
  indexColumns?: FactIndexColumns,
): FactStore & { readonly writes: SqlFactWrites } {
  const { connection, lockRows } = dialect;
  const facts = dialect.table('facts');
  const turns = dialect.table('turns');
  const findHash = async (sql: Sql, scope: FactScope, hash: string) =>
    (
      await sql.get<{ id: number }>(`SELECT f.id FROM ${facts} f WHERE ${LIVE_IN_SCOPE} AND f.hash = ?`, [
        ...scopeKey(scope),
        hash,
      ])
    )?.id;
  const readFacts = (operation: string, text: string, values: SqlValue[]) =>
    connection.read(operation, async (sql) => (await sql.all<FactRow>(text, values)).map(toFact));

  const writes: SqlFactWrites = {
    async insert(sql, scope, fact) {
      // The source turn is locked until commit (SQLite: the write lock is held): a forget that deletes it waits, or
      // came first and has the last word.
      if (
        fact.sourceTurnId !== null &&
        !(await sql.get(`SELECT 1 FROM ${turns} WHERE id = ? ${lockRows}`, [fact.sourceTurnId]))
      ) {
        return null;
      }
      const existing = await findHash(sql, scope, fact.hash);
      if (existing !== undefined) return { id: existing, inserted: false };
      let contextText = fact.context;
      let contextTurnIds = [...(fact.contextTurnIds ?? [])];
      let keywords = storedSearchKeywords(fact.keywords);
      if (contextTurnIds.length > 0) {
        const kept = await sql.all<{ id: number; text: string }>(
          `SELECT id, text FROM ${turns} WHERE id IN (${placeholders(contextTurnIds.length)}) ORDER BY id ${lockRows}`,
          contextTurnIds,
        );
        // A turn of the exchange was forgotten meanwhile: the context is what the other turns give, and the keywords
        // drawn from the whole exchange go.
        if (kept.length < contextTurnIds.length) {
          contextText = factContext(kept.map((turn) => turn.text));
          keywords = null;
        }
        contextTurnIds = kept.map((turn) => Number(turn.id));
      }
      // What is kept of the context is bounded like what is indexed of it (an exchange: three heads).
      const context = neighbourContext([contextText], 3 * CONTEXT_MAX_GRAPHEMES);
      const document = buildFactDocument({ text: fact.text, context, keywords, at: fact.at });
      const [agentId, userId] = scopeKey(scope);
      const columns: Record<string, SqlValue> = {
        agent_id: agentId,
        user_id: userId,
        ...indexColumns?.(scope),
        text: fact.text,
        text_tokens: document.words.text,
        grams: document.grams.text,
        context,
        context_tokens: document.words.context,
        context_grams: document.grams.context,
        dated: document.words.dated,
        hash: fact.hash,
        source_session_key: fact.sourceSessionKey,
        source_turn_id: fact.sourceTurnId,
        source: fact.source,
        context_turn_ids: JSON.stringify(contextTurnIds),
        keywords,
        created_at: fact.at,
        access_count: fact.usage?.accessCount ?? 0,
        last_used_at: fact.usage?.lastUsedAt ?? null,
      };
      const names = Object.keys(columns);
      // Another transaction may insert the same hash meanwhile (where writers do not take turns): the unique index
      // decides, and the loser reads the winner.
      const inserted = await sql.get<{ id: number }>(
        `INSERT INTO ${facts} (${names.join(', ')}) VALUES (${placeholders(names.length)})
         ON CONFLICT (agent_id, user_id, hash) WHERE superseded_by IS NULL DO NOTHING RETURNING id`,
        Object.values(columns),
      );
      if (inserted) return { id: Number(inserted.id), inserted: true };
      const winner = await findHash(sql, scope, fact.hash);
      return winner === undefined ? null : { id: winner, inserted: false };
    },
    async touch(sql, scope, ids, at) {
      // One bump per id given (an id given twice counts twice): one statement per distinct count, mostly one.
      const counts = new Map<number, number>();
      for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      const byCount = new Map<number, number[]>();
      for (const [id, count] of counts) byCount.set(count, [...(byCount.get(count) ?? []), id]);
      for (const [count, same] of byCount) {
        await sql.run(
          `UPDATE ${facts} SET access_count = access_count + ?, last_used_at = ?
           WHERE agent_id = ? AND user_id = ? AND id IN (${placeholders(same.length)})`,
          [count, at, ...scopeKey(scope), ...same],
        );
      }
    },
    supersede: async (sql, scope, id, byId) =>
      (await sql.run(
        `UPDATE ${facts} SET superseded_by = ? WHERE id = ? AND id <> ? AND agent_id = ? AND user_id = ?
         AND superseded_by IS NULL`,
        [byId, id, byId, ...scopeKey(scope)],
      )) > 0,
  };
  const remove = (sql: Sql, scope: FactScope, id: number) =>
    sql.run(`DELETE FROM ${facts} WHERE id = ? AND agent_id = ? AND user_id = ?`, [id, ...scopeKey(scope)]);

  return {
    writes,
    search: (scope, query, { limit }) => search(scope, query, limit),
    recent: (scope, { limit }) =>
      readFacts(
        'read recent facts',
        `SELECT ${FACT_COLUMNS} FROM ${facts} f WHERE ${LIVE_IN_SCOPE}
         ORDER BY coalesce(f.last_used_at, f.created_at) DESC, f.id DESC LIMIT ?`,
        [...scopeKey(scope), limit],
      ),
    list: (scope) =>
      readFacts(
        'list facts',
        `SELECT ${FACT_COLUMNS} FROM ${facts} f WHERE ${LIVE_IN_SCOPE} ORDER BY f.created_at, f.id`,
        scopeKey(scope),
      ),
    insert: (scope, fact) => connection.write('insert a fact', (sql) => writes.insert(sql, scope, fact)),
    touch: (scope, ids, at) => connection.write('touch facts', (sql) => writes.touch(sql, scope, ids, at)),
    supersede: (scope, id, byId) =>
      connection.write('supersede a fact', (sql) => writes.supersede(sql, scope, id, byId)),
    edit: (scope, id, change) =>
      connection.write('edit a fact', async (sql) => {
        const row = await sql.get<{ context: string; created_at: unknown }>(
          `SELECT f.context, f.created_at FROM ${facts} f WHERE ${LIVE_IN_SCOPE} AND f.id = ? ${lockRows}`,
          [...scopeKey(scope), id],
        );
        if (!row) return null;
        const same = await findHash(sql, scope, change.hash);
        if (same !== undefined && same !== id) {
          // The corrected text is a fact the scope holds already: one of them is enough.
          await remove(sql, scope, id);
          await writes.touch(sql, scope, [same], change.at);
          return { id: same, merged: true };
        }
        // The context and the date terms stay: the fact still came from the same exchange, on the same day. Its
        // search keywords were written for the old text: they go.
        const document = buildFactDocument({ text: change.text, context: row.context, at: sqlDate(row.created_at) });
        await sql.run(
          `UPDATE ${facts} SET text = ?, text_tokens = ?, grams = ?, context_tokens = ?, context_grams = ?,
           keywords = NULL, hash = ?, source = 'api', vector = NULL, vector_model = NULL WHERE id = ?`,
          [
            change.text,
            document.words.text,
            document.grams.text,
            document.words.context,
            document.grams.context,
            change.hash,
            id,
          ],
        );
        return { id, merged: false };
      }),
    remove: (scope, id) => connection.write('remove a fact', async (sql) => (await remove(sql, scope, id)) > 0),
    purge: ({ supersededBefore, unusedBefore }) =>
      connection.write('purge facts', (sql) =>
        sql.run(
          `DELETE FROM ${facts} WHERE (superseded_by IS NOT NULL AND created_at < ?)
           OR (superseded_by IS NULL AND access_count = 0 AND created_at < ?)`,
          [supersededBefore, unusedBefore],
        ),
      ),
  };
}
