import { decodeVector, encodeVector } from '../../core/search/vector-bytes.js';
import type { MissingVectorsPage, VectorStore, VectorWrite } from '../../spec/vector-store.js';
import { FACT_COLUMNS, type FactRow, toFact } from './map-fact-row.js';
import { TURN_COLUMNS, type TurnRow, toTurn } from './map-session-rows.js';
import { scopeKey } from './scope-key.js';
import { type Sql, type SqlValue, sqlBytes } from './sql.js';
import type { SqlDialect } from './sql-dialect.js';

/**
 * Vectors kept in each row of `facts` and `turns`: the float32 values as little-endian bytes (a BLOB in SQLite, a
 * bytea in Postgres: one encoding, `vector-bytes`) and the model that computed them. An empty vector is a mark (the
 * row is outside the model) that is kept, so the row is not listed as missing, and never read back. A read looks at
 * the ids asked for and at the latest rows of the scope or session only (an index range, bounded by `recent`), never
 * at every row.
 */
export function sqlVectorStore(dialect: SqlDialect): VectorStore {
  const { connection, table } = dialect;
  /** The ids asked for and the `recent` latest, as the set an `IN` reads (one index seek each). */
  const idsAnd = (ids: readonly number[], latest: string) =>
    [...ids.map(() => 'SELECT CAST(? AS BIGINT)'), `SELECT id FROM (${latest}) AS latest`].join(' UNION ALL ');
  /**
   * One UPDATE for the batch: each row's bytes and text check picked by id (a CASE whose ELSE is the column, so that
   * Postgres types the bytes as the column's).
   */
  const write = async (
    sql: Sql,
    target: string,
    owner: string,
    keys: SqlValue[],
    model: string,
    vectors: readonly VectorWrite[],
  ) => {
    if (vectors.length === 0) return;
    const byId = (then: string) => `CASE id ${vectors.map(() => `WHEN ? THEN ${then}`).join(' ')}`;
    await sql.run(
      `UPDATE ${target} SET vector = ${byId('?')} ELSE vector END, vector_model = ?
       WHERE ${owner} AND id IN (${vectors.map(() => '?').join(', ')}) AND text = ${byId('coalesce(?, text)')} ELSE text END`,
      [
        ...vectors.flatMap(({ id, vector }) => [id, encodeVector(vector)]),
        model,
        ...keys,
        ...vectors.map(({ id }) => id),
        ...vectors.flatMap(({ id, text }) => [id, text ?? null]),
      ],
    );
  };
  return {
    writeFacts: (scope, model, vectors) =>
      connection.write('store fact vectors', (sql) =>
        write(sql, table('facts'), 'agent_id = ? AND user_id = ?', scopeKey(scope), model, vectors),
      ),
    writeTurns: (key, model, vectors) =>
      connection.write('store turn vectors', (sql) =>
        write(sql, table('turns'), 'session_key = ?', [key], model, vectors),
      ),
    readFacts: (scope, { model, ids, recent }) =>
      connection.read('read fact vectors', async (sql) => {
        const key = scopeKey(scope);
        const rows = await sql.all<FactRow & { vector: unknown }>(
          `SELECT ${FACT_COLUMNS}, f.vector FROM ${table('facts')} f
           WHERE f.id IN (${idsAnd(
             ids,
             `SELECT r.id FROM ${table('facts')} r WHERE r.agent_id = ? AND r.user_id = ? AND r.superseded_by IS NULL
              ORDER BY r.id DESC LIMIT ?`,
           )})
           AND f.agent_id = ? AND f.user_id = ? AND f.superseded_by IS NULL AND f.vector_model = ?`,
          [...ids, ...key, recent, ...key, model],
        );
        return rows.flatMap((row) => {
          const vector = decodeVector(sqlBytes(row.vector));
          return vector ? [{ fact: toFact(row), vector }] : [];
        });
      }),
    readTurns: (key, { model, ids, recent, beforeTurnId }) =>
      connection.read('read turn vectors', async (sql) => {
        const before = beforeTurnId ?? Number.MAX_SAFE_INTEGER;
        const rows = await sql.all<TurnRow & { vector: unknown }>(
          `SELECT ${TURN_COLUMNS}, t.vector FROM ${table('turns')} t
           WHERE t.id IN (${idsAnd(
             ids,
             `SELECT r.id FROM ${table('turns')} r WHERE r.session_key = ? AND r.id < ? ORDER BY r.id DESC LIMIT ?`,
           )})
           AND t.session_key = ? AND t.id < ? AND t.vector_model = ?`,
          [...ids, key, before, recent, key, before, model],
        );
        return rows.flatMap((row) => {
          const vector = decodeVector(sqlBytes(row.vector));
          return vector ? [{ turn: toTurn(row), vector }] : [];
        });
      }),
    missingFacts: (model, page) =>
      connection.read('read facts without vectors', async (sql) =>
        (
          await missingRows<{ id: number; agent_id: string; user_id: string; text: string }>(
            sql,
            table('facts'),
            'id, agent_id, user_id, text',
            'superseded_by IS NULL',
            model,
            page,
          )
        ).map((row) => ({
          id: row.id,
          scope: row.user_id === '' ? { agentId: row.agent_id } : { agentId: row.agent_id, userId: row.user_id },
          text: row.text,
        })),
      ),
    missingTurns: (model, page) =>
      connection.read('read turns without vectors', async (sql) =>
        (
          await missingRows<{ id: number; session_key: string; text: string }>(
            sql,
            table('turns'),
            'id, session_key, text',
            "text <> ''",
            model,
            page,
          )
        ).map((row) => ({ id: row.id, sessionKey: row.session_key, text: row.text })),
      ),
  };
}

/**
 * The first `page.limit` rows after `page.afterId` that have no vector of `model`: the models the rows hold ('' for
 * none) by a loose scan of the (model, id) index, one seek each; then a page of each other model's rows, each an
 * index range, merged by id in one statement.
 */
async function missingRows<Row extends { id: number }>(
  sql: Sql,
  table: string,
  columns: string,
  live: string,
  model: string,
  page: MissingVectorsPage,
): Promise<Row[]> {
  const limit = Math.max(0, Math.floor(page.limit));
  if (limit === 0) return [];
  const name = "coalesce(vector_model, '')";
  const models = await sql.all<{ name: string }>(
    `WITH RECURSIVE models (name) AS (
       SELECT (SELECT ${name} FROM ${table} WHERE ${live} ORDER BY ${name} LIMIT 1)
       UNION ALL
       SELECT (SELECT ${name} FROM ${table} WHERE ${live} AND ${name} > models.name ORDER BY ${name} LIMIT 1)
       FROM models WHERE models.name IS NOT NULL)
     SELECT name FROM models WHERE name IS NOT NULL`,
  );
  const others = models.map((row) => row.name).filter((other) => other !== model);
  if (others.length === 0) return [];
  const pages = others.map(
    () =>
      `SELECT * FROM (SELECT ${columns} FROM ${table} WHERE ${name} = ? AND ${live} AND id > ? ORDER BY id LIMIT ?)`,
  );
  return sql.all<Row>(
    `SELECT * FROM (${pages.map((text, index) => `${text} AS page${index}`).join(' UNION ALL ')}) AS pages
     ORDER BY id LIMIT ?`,
    [...others.flatMap((other) => [other, page.afterId ?? 0, limit]), limit],
  );
}
