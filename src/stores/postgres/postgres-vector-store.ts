import { decodeVector, encodeVector } from '../../core/vector-bytes.js';
import type { VectorStore } from '../../spec/vector-store.js';
import { FACT_COLUMNS, type FactRow, TURN_COLUMNS, type TurnRow, toFact, toTurn } from './map-postgres-rows.js';
import { scopeKey } from './postgres-fact-store.js';
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
           FROM unnest($1::bigint[], $2::bytea[]) AS v (id, vector)
           WHERE f.id = v.id AND f.agent_id = $4 AND f.user_id = $5`,
          [
            vectors.map(({ id }) => id),
            vectors.map(({ vector }) => Buffer.from(encodeVector(vector))),
            model,
            ...scopeKey(scope),
          ],
        );
      }),
    writeTurns: (key, model, vectors) =>
      guard.write('store turn vectors', async (sql) => {
        if (vectors.length === 0) return;
        await sql.query(
          `UPDATE ${schema}.turns t SET vector = v.vector, vector_model = $3
           FROM unnest($1::bigint[], $2::bytea[]) AS v (id, vector)
           WHERE t.id = v.id AND t.session_key = $4`,
          [vectors.map(({ id }) => id), vectors.map(({ vector }) => Buffer.from(encodeVector(vector))), model, key],
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
  };
}
