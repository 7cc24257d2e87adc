import { decodeVector, encodeVector } from '../../core/search/vector-bytes.js';
import type { MissingVectorsPage, VectorStore } from '../../spec/vector-store.js';
import { FACT_COLUMNS, type FactRow, toFact } from '../sql/map-fact-row.js';
import { type TurnRow, toTurn } from '../sql/map-session-rows.js';
import { scopeKey } from '../sql/scope-key.js';
import type { SqliteDatabase, SqliteStatement } from './sqlite-database.js';
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
      `UPDATE facts SET vector = @vector, vector_model = @model
       WHERE id = @id AND agent_id = @agentId AND user_id = @userId AND (@text IS NULL OR text = @text)`,
    ),
    writeTurn: database.prepare(
      `UPDATE turns SET vector = @vector, vector_model = @model
       WHERE id = @id AND session_key = @key AND (@text IS NULL OR text = @text)`,
    ),
    // The models of the rows' vectors ('' for none), one index seek each (a loose scan of facts_vector_model).
    factModels: database.prepare(
      `WITH RECURSIVE models (name) AS (
         SELECT (SELECT coalesce(vector_model, '') FROM facts WHERE superseded_by IS NULL
           ORDER BY coalesce(vector_model, '') LIMIT 1)
         UNION ALL
         SELECT (SELECT coalesce(f.vector_model, '') FROM facts f
           WHERE f.superseded_by IS NULL AND coalesce(f.vector_model, '') > models.name
           ORDER BY coalesce(f.vector_model, '') LIMIT 1)
         FROM models WHERE models.name IS NOT NULL)
       SELECT name FROM models WHERE name IS NOT NULL`,
    ),
    missingFacts: database.prepare(
      `SELECT id, agent_id, user_id, text FROM facts
       WHERE coalesce(vector_model, '') = @name AND superseded_by IS NULL AND id > @after ORDER BY id LIMIT @limit`,
    ),
    turnModels: database.prepare(
      `WITH RECURSIVE models (name) AS (
         SELECT (SELECT coalesce(vector_model, '') FROM turns WHERE text != ''
           ORDER BY coalesce(vector_model, '') LIMIT 1)
         UNION ALL
         SELECT (SELECT coalesce(t.vector_model, '') FROM turns t
           WHERE t.text != '' AND coalesce(t.vector_model, '') > models.name
           ORDER BY coalesce(t.vector_model, '') LIMIT 1)
         FROM models WHERE models.name IS NOT NULL)
       SELECT name FROM models WHERE name IS NOT NULL`,
    ),
    missingTurns: database.prepare(
      `SELECT id, session_key, text FROM turns
       WHERE coalesce(vector_model, '') = @name AND text != '' AND id > @after ORDER BY id LIMIT @limit`,
    ),
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
      for (const { id, vector, text } of vectors) {
        statements.writeFact.run({
          vector: Buffer.from(encodeVector(vector)),
          model,
          id,
          agentId,
          userId,
          text: text ?? null,
        });
      }
    },
  );
  const writeTurns = writeTransaction(
    database,
    (key: string, model: string, vectors: Parameters<VectorStore['writeTurns']>[2]) => {
      for (const { id, vector, text } of vectors) {
        statements.writeTurn.run({ vector: Buffer.from(encodeVector(vector)), model, id, key, text: text ?? null });
      }
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
    missingFacts: (model, page) =>
      guard('read facts without vectors', () =>
        missingRows<{ id: number; agent_id: string; user_id: string; text: string }>(
          statements.factModels,
          statements.missingFacts,
          model,
          page,
        ).map((row) => ({
          id: row.id,
          scope: row.user_id === '' ? { agentId: row.agent_id } : { agentId: row.agent_id, userId: row.user_id },
          text: row.text,
        })),
      ),
    missingTurns: (model, page) =>
      guard('read turns without vectors', () =>
        missingRows<{ id: number; session_key: string; text: string }>(
          statements.turnModels,
          statements.missingTurns,
          model,
          page,
        ).map((row) => ({
          id: row.id,
          sessionKey: row.session_key,
          text: row.text,
        })),
      ),
  };
}

/**
 * The first `page.limit` rows after `page.afterId` that have no vector of `model`: a page of each other model's rows
 * (and of those with none), each an index range, merged by id.
 */
function missingRows<Row extends { id: number }>(
  models: SqliteStatement,
  missing: SqliteStatement,
  model: string,
  page: MissingVectorsPage,
): Row[] {
  const limit = Math.max(0, Math.floor(page.limit));
  if (limit === 0) return [];
  const after = page.afterId ?? 0;
  const names = (models.all() as Array<{ name: string }>).map(({ name }) => name).filter((name) => name !== model);
  const rows = names.flatMap((name) => missing.all({ name, after, limit }) as Row[]);
  return rows.sort((a, b) => a.id - b.id).slice(0, limit);
}
