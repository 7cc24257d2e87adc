import { decodeVector, encodeVector } from '../../core/search/vector-bytes.js';
import type { MissingVectorsPage, VectorStore } from '../../spec/vector-store.js';
import { FACT_COLUMNS, type FactRow, toFact } from '../sql/map-fact-row.js';
import { TURN_COLUMNS, type TurnRow, toTurn } from '../sql/map-session-rows.js';
import { scopeKey } from '../sql/scope-key.js';
import type { PostgresGuard } from './postgres-guard.js';

/**
 * The Postgres store's vectors: a bytea and its model in each row of `facts` and `turns`. A read looks at the ids
 * asked for and at the latest rows of the scope or session only (an index range, bounded by `recent`), never at
 * every row.
 */
export function postgresVectorStore(schema: string, guard: PostgresGuard): VectorStore {
  return {
    writeFacts: (scope, model, vectors) =>
      guard.write('store fact vectors', async (sql) => {
        if (vectors.length === 0) return;
        await sql.query(
          `UPDATE ${schema}.facts f SET vector = v.vector, vector_model = $3
           FROM unnest($1::bigint[], $2::bytea[], $6::text[]) AS v (id, vector, text)
           WHERE f.id = v.id AND f.agent_id = $4 AND f.user_id = $5 AND (v.text IS NULL OR f.text = v.text)`,
          [
            vectors.map(({ id }) => id),
            vectors.map(({ vector }) => Buffer.from(encodeVector(vector))),
            model,
            ...scopeKey(scope),
            vectors.map(({ text }) => text ?? null),
          ],
        );
      }),
    writeTurns: (key, model, vectors) =>
      guard.write('store turn vectors', async (sql) => {
        if (vectors.length === 0) return;
        await sql.query(
          `UPDATE ${schema}.turns t SET vector = v.vector, vector_model = $3
           FROM unnest($1::bigint[], $2::bytea[], $5::text[]) AS v (id, vector, text)
           WHERE t.id = v.id AND t.session_key = $4 AND (v.text IS NULL OR t.text = v.text)`,
          [
            vectors.map(({ id }) => id),
            vectors.map(({ vector }) => Buffer.from(encodeVector(vector))),
            model,
            key,
            vectors.map(({ text }) => text ?? null),
          ],
        );
      }),
    readFacts: (scope, { model, ids, recent }) =>
      guard.read('read fact vectors', async (sql) => {
        const rows = await sql.query<FactRow & { vector: Uint8Array }>(
          `SELECT ${FACT_COLUMNS}, f.vector FROM ${schema}.facts f
           WHERE f.id IN (
             SELECT unnest($1::bigint[])
             UNION ALL
             (SELECT r.id FROM ${schema}.facts r WHERE r.agent_id = $2 AND r.user_id = $3 AND r.superseded_by IS NULL
              ORDER BY r.id DESC LIMIT $4))
           AND f.agent_id = $2 AND f.user_id = $3 AND f.superseded_by IS NULL AND f.vector_model = $5`,
          [ids, ...scopeKey(scope), recent, model],
        );
        return rows.flatMap((row) => {
          const vector = decodeVector(row.vector);
          return vector ? [{ fact: toFact(row), vector }] : [];
        });
      }),
    readTurns: (key, { model, ids, recent, beforeTurnId }) =>
      guard.read('read turn vectors', async (sql) => {
        const before = beforeTurnId ?? Number.MAX_SAFE_INTEGER;
        const rows = await sql.query<TurnRow & { vector: Uint8Array }>(
          `SELECT ${TURN_COLUMNS}, t.vector FROM ${schema}.turns t
           WHERE t.id IN (
             SELECT unnest($1::bigint[])
             UNION ALL
             (SELECT r.id FROM ${schema}.turns r WHERE r.session_key = $2 AND r.id < $3 ORDER BY r.id DESC LIMIT $4))
           AND t.session_key = $2 AND t.id < $3 AND t.vector_model = $5`,
          [ids, key, before, recent, model],
        );
        return rows.flatMap((row) => {
          const vector = decodeVector(row.vector);
          return vector ? [{ turn: toTurn(row), vector }] : [];
        });
      }),
    missingFacts: (model, page) =>
      guard.read('read facts without vectors', async (sql) => {
        const limit = pageLimit(page);
        if (limit === 0) return [];
        const rows = await sql.query<{ id: string | number; agent_id: string; user_id: string; text: string }>(
          missingRowsQuery(schema, 'facts', 'id, agent_id, user_id, text', 'superseded_by IS NULL'),
          [model, page.afterId ?? 0, limit],
        );
        return rows.map((row) => ({
          id: Number(row.id),
          scope: row.user_id === '' ? { agentId: row.agent_id } : { agentId: row.agent_id, userId: row.user_id },
          text: row.text,
        }));
      }),
    missingTurns: (model, page) =>
      guard.read('read turns without vectors', async (sql) => {
        const limit = pageLimit(page);
        if (limit === 0) return [];
        const rows = await sql.query<{ id: string | number; session_key: string; text: string }>(
          missingRowsQuery(schema, 'turns', 'id, session_key, text', "text <> ''"),
          [model, page.afterId ?? 0, limit],
        );
        return rows.map((row) => ({ id: Number(row.id), sessionKey: row.session_key, text: row.text }));
      }),
  };
}

function pageLimit(page: MissingVectorsPage): number {
  return Math.max(0, Math.floor(page.limit));
}

/**
 * The first $3 rows after id $2 that have no vector of model $1: the models the rows hold ('' for none) by a loose
 * scan of the (model, id) index, one seek each, then a page of each other model's rows by an index range, merged by id.
 */
function missingRowsQuery(schema: string, table: 'facts' | 'turns', columns: string, live: string): string {
  const model = "coalesce(vector_model, '')";
  return `WITH RECURSIVE models (name) AS (
      (SELECT ${model} FROM ${schema}.${table} WHERE ${live} ORDER BY ${model} LIMIT 1)
      UNION ALL
      SELECT (SELECT ${model} FROM ${schema}.${table} WHERE ${live} AND ${model} > models.name ORDER BY ${model} LIMIT 1)
      FROM models WHERE models.name IS NOT NULL)
    SELECT page.* FROM models CROSS JOIN LATERAL (
      SELECT ${columns} FROM ${schema}.${table}
      WHERE ${model} = models.name AND ${live} AND id > $2 ORDER BY id LIMIT $3) AS page
    WHERE models.name IS NOT NULL AND models.name <> $1
    ORDER BY page.id LIMIT $3`;
}
