import { storedSearchKeywords } from '../../core/facts/stored-search-keywords.js';
import { buildFactDocument } from '../../core/search/build-fact-document.js';
import { factContext } from '../../core/search/fact-context.js';
import { CONTEXT_MAX_GRAPHEMES, neighbourContext } from '../../core/search/neighbour-context.js';
import type { FactEdit, FactStore, NewFact } from '../../spec/memory-store.js';
import type { FactScope } from '../../spec/scope.js';
import { FACT_COLUMNS, type FactRow, toFact } from './map-postgres-rows.js';
import type { PostgresGuard, Sql } from './postgres-guard.js';

const LIVE_IN_SCOPE = 'f.agent_id = $1 AND f.user_id = $2 AND f.superseded_by IS NULL';

/** A scope's column values: no user is the agent-wide scope, stored as ''. */
export function scopeKey(scope: FactScope): [string, string] {
  return [scope.agentId, scope.userId ?? ''];
}

/** The fact writes, for a store method that writes facts inside its own transaction (`commitExtraction`). */
export interface PostgresFactWrites {
  insert(sql: Sql, scope: FactScope, fact: NewFact): Promise<{ id: number; inserted: boolean } | null>;
  touch(sql: Sql, scope: FactScope, ids: readonly number[], at: Date): Promise<void>;
  supersede(sql: Sql, scope: FactScope, id: number, byId: number): Promise<boolean>;
}

export function postgresFactWrites(schema: string): PostgresFactWrites {
  const findHash = async (sql: Sql, [agentId, userId]: [string, string], hash: string) =>
    (
      await sql.query<{ id: number }>(`SELECT f.id FROM ${schema}.facts f WHERE ${LIVE_IN_SCOPE} AND f.hash = $3`, [
        agentId,
        userId,
        hash,
      ])
    )[0];
  return {
    async insert(sql, scope, fact) {
      // The source turn is locked until commit: a forget that deletes it waits, or came first and has the last word.
      if (fact.sourceTurnId !== null) {
        const found = await sql.query(`SELECT 1 FROM ${schema}.turns WHERE id = $1 FOR KEY SHARE`, [fact.sourceTurnId]);
        if (found.length === 0) return null;
      }
      const key = scopeKey(scope);
      const existing = await findHash(sql, key, fact.hash);
      if (existing) return { id: existing.id, inserted: false };
      let contextText = fact.context;
      let contextTurnIds = [...(fact.contextTurnIds ?? [])];
      let keywords = storedSearchKeywords(fact.keywords);
      if (contextTurnIds.length > 0) {
        const kept = await sql.query<{ id: number; text: string }>(
          `SELECT id, text FROM ${schema}.turns WHERE id = ANY($1::bigint[]) ORDER BY id FOR KEY SHARE`,
          [contextTurnIds],
        );
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
      // Another transaction may insert the same hash meanwhile: the unique index decides, and the loser reads it.
      const [inserted] = await sql.query<{ id: number }>(
        `INSERT INTO ${schema}.facts (agent_id, user_id, text, text_tokens, grams, context, context_tokens,
           context_grams, dated, hash, source_session_key, source_turn_id, source, context_turn_ids, keywords,
           created_at, access_count, last_used_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
         ON CONFLICT (agent_id, user_id, hash) WHERE superseded_by IS NULL DO NOTHING RETURNING id`,
        [
          ...key,
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
          fact.at,
          fact.usage?.accessCount ?? 0,
          fact.usage?.lastUsedAt ?? null,
        ],
      );
      if (inserted) return { id: inserted.id, inserted: true };
      const winner = await findHash(sql, key, fact.hash);
      return winner ? { id: winner.id, inserted: false } : null;
    },
    async touch(sql, scope, ids, at) {
      if (ids.length === 0) return;
      // One bump per id given, as the SQLite store bumps (an id given twice counts twice).
      for (const id of ids) {
        await sql.query(
          `UPDATE ${schema}.facts SET access_count = access_count + 1, last_used_at = $1
           WHERE id = $2 AND agent_id = $3 AND user_id = $4`,
          [at, id, ...scopeKey(scope)],
        );
      }
    },
    async supersede(sql, scope, id, byId) {
      const rows = await sql.query(
        `UPDATE ${schema}.facts SET superseded_by = $1 WHERE id = $2 AND id <> $1 AND agent_id = $3 AND user_id = $4
         AND superseded_by IS NULL RETURNING 1`,
        [byId, id, ...scopeKey(scope)],
      );
      return rows.length > 0;
    },
  };
}

/** The fact store but its search (`postgresSearch`). */
export function postgresFactStore(schema: string, guard: PostgresGuard): Omit<FactStore, 'search'> {
  const writes = postgresFactWrites(schema);
  const facts = `${schema}.facts`;

  return {
    recent: (scope, { limit }) =>
      guard.read('read recent facts', async (sql) =>
        (
          await sql.query<FactRow>(
            `SELECT ${FACT_COLUMNS} FROM ${facts} f WHERE ${LIVE_IN_SCOPE}
             ORDER BY coalesce(f.last_used_at, f.created_at) DESC, f.id DESC LIMIT $3`,
            [...scopeKey(scope), limit],
          )
        ).map(toFact),
      ),
    list: (scope) =>
      guard.read('list facts', async (sql) =>
        (
          await sql.query<FactRow>(
            `SELECT ${FACT_COLUMNS} FROM ${facts} f WHERE ${LIVE_IN_SCOPE} ORDER BY f.created_at, f.id`,
            scopeKey(scope),
          )
        ).map(toFact),
      ),
    insert: (scope, fact) => guard.write('insert a fact', (sql) => writes.insert(sql, scope, fact)),
    touch: (scope, ids, at) => guard.write('touch facts', (sql) => writes.touch(sql, scope, ids, at)),
    supersede: (scope, id, byId) => guard.write('supersede a fact', (sql) => writes.supersede(sql, scope, id, byId)),
    edit: (scope, id, change: FactEdit) =>
      guard.write('edit a fact', async (sql) => {
        const key = scopeKey(scope);
        const [row] = await sql.query<{ id: number; context: string; created_at: Date }>(
          `SELECT f.id, f.context, f.created_at FROM ${facts} f WHERE ${LIVE_IN_SCOPE} AND f.id = $3 FOR UPDATE`,
          [...key, id],
        );
        if (!row) return null;
        const [same] = await sql.query<{ id: number }>(
          `SELECT f.id FROM ${facts} f WHERE ${LIVE_IN_SCOPE} AND f.hash = $3`,
          [...key, change.hash],
        );
        if (same && same.id !== id) {
          // The corrected text is a fact the scope holds already: one of them is enough.
          await sql.query(`DELETE FROM ${facts} WHERE id = $1 AND agent_id = $2 AND user_id = $3`, [id, ...key]);
          await writes.touch(sql, scope, [same.id], change.at);
          return { id: same.id, merged: true };
        }
        // The context and the date terms stay: the fact still came from the same exchange, on the same day. Its
        // search keywords were written for the old text: they go.
        const document = buildFactDocument({ text: change.text, context: row.context, at: row.created_at });
        await sql.query(
          `UPDATE ${facts} SET text = $1, text_tokens = $2, grams = $3, context_tokens = $4, context_grams = $5,
           keywords = NULL, hash = $6, source = 'api', vector = NULL, vector_model = NULL WHERE id = $7`,
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
    remove: (scope, id) =>
      guard.write('remove a fact', async (sql) => {
        const rows = await sql.query(
          `DELETE FROM ${facts} WHERE id = $1 AND agent_id = $2 AND user_id = $3 RETURNING 1`,
          [id, ...scopeKey(scope)],
        );
        return rows.length > 0;
      }),
    purge: ({ supersededBefore, unusedBefore }) =>
      guard.write('purge facts', async (sql) => {
        const rows = await sql.query(
          `DELETE FROM ${facts} WHERE (superseded_by IS NOT NULL AND created_at < $1)
           OR (superseded_by IS NULL AND access_count = 0 AND created_at < $2) RETURNING 1`,
          [supersededBefore, unusedBefore],
        );
        return rows.length;
      }),
  };
}
