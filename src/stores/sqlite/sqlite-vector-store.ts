import { decodeVector, encodeVector } from '../../core/vector-bytes.js';
import type { VectorStore } from '../../spec/vector-store.js';
import { FACT_COLUMNS, type FactRow, type TurnRow, toFact, toTurn } from './map-sqlite-rows.js';
import { scopeKey } from './scope-key.js';
import type { SqliteDatabase } from './sqlite-database.js';
import type { SqliteGuard } from './sqlite-guard.js';
import { writeTransaction } from './write-transaction.js';

const TURN_COLUMNS = 't.id, t.role, t.text, t.user_id, t.tokens, t.path, t.created_at';

/**
 * The SQLite store's vectors: a BLOB and its model in each row of `facts` and `turns` (migration 11). A read looks
 * at the ids asked for and at the latest rows of the scope or session only (an index range, bounded by `recent`),
 * never at every row.
 */
export function sqliteVectorStore(database: SqliteDatabase, guard: SqliteGuard): VectorStore {
  const statements = {
    writeFact: database.prepare(
      'UPDATE facts SET vector = ?, vector_model = ? WHERE id = ? AND agent_id = ? AND user_id = ?',
    ),
    writeTurn: database.prepare('UPDATE turns SET vector = ?, vector_model = ? WHERE id = ? AND session_key = ?'),
    readFacts: database.prepare(
      `SELECT ${FACT_COLUMNS}, f.vector FROM facts f
       WHERE f.id IN (
         SELECT value FROM json_each(@ids)
         UNION ALL
         SELECT id FROM (SELECT r.id FROM facts r
           WHERE r.agent_id = @agentId AND r.user_id = @userId AND r.superseded_by IS NULL ORDER BY r.id DESC LIMIT @recent))
       AND f.agent_id = @agentId AND f.user_id = @userId AND f.superseded_by IS NULL AND f.vector_model = @model`,
    ),
    readTurns: database.prepare(
      `SELECT ${TURN_COLUMNS}, t.vector FROM turns t
       WHERE t.id IN (
         SELECT value FROM json_each(@ids)
         UNION ALL
         SELECT id FROM (SELECT r.id FROM turns r WHERE r.session_key = @key AND r.id < @before
           ORDER BY r.id DESC LIMIT @recent))
       AND t.session_key = @key AND t.id < @before AND t.vector_model = @model`,
    ),
  };
  const writeFacts = writeTransaction(
    database,
    (
      scope: Parameters<VectorStore['writeFacts']>[0],
      model: string,
      vectors: Parameters<VectorStore['writeFacts']>[2],
    ) => {
      const [agentId, userId] = scopeKey(scope);
      for (const { id, vector } of vectors) {
        statements.writeFact.run(Buffer.from(encodeVector(vector)), model, id, agentId, userId);
      }
    },
  );
  const writeTurns = writeTransaction(
    database,
    (key: string, model: string, vectors: Parameters<VectorStore['writeTurns']>[2]) => {
      for (const { id, vector } of vectors) statements.writeTurn.run(Buffer.from(encodeVector(vector)), model, id, key);
    },
  );
  return {
    writeFacts: (scope, model, vectors) => guard('store fact vectors', () => writeFacts(scope, model, vectors)),
    writeTurns: (key, model, vectors) => guard('store turn vectors', () => writeTurns(key, model, vectors)),
    readFacts: (scope, { model, ids, recent }) =>
      guard('read fact vectors', () => {
        const [agentId, userId] = scopeKey(scope);
        const rows = statements.readFacts.all({
          ids: JSON.stringify(ids),
          agentId,
          userId,
          recent,
          model,
        }) as Array<FactRow & { vector: Uint8Array }>;
        return rows.flatMap((row) => {
          const vector = decodeVector(row.vector);
          return vector ? [{ fact: toFact(row), vector }] : [];
        });
      }),
    readTurns: (key, { model, ids, recent, beforeTurnId }) =>
      guard('read turn vectors', () => {
        const rows = statements.readTurns.all({
          ids: JSON.stringify(ids),
          key,
          before: beforeTurnId ?? Number.MAX_SAFE_INTEGER,
          recent,
          model,
        }) as Array<TurnRow & { vector: Uint8Array }>;
        return rows.flatMap((row) => {
          const vector = decodeVector(row.vector);
          return vector ? [{ turn: toTurn(row), vector }] : [];
        });
      }),
  };
}
