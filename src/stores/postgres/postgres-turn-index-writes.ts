import type { TurnIndexWrites } from '../sql/sql-turn-index.js';

/** Documents per statement: a session re-indexed whole stays far below Postgres's 65,535 values per statement. */
const ROWS_PER_STATEMENT = 500;

/**
 * Postgres's turn index writes: a row of `turn_index` per turn (its vectors are generated columns, its bm25 figures
 * kept by triggers); a deleted turn's row goes with it (a foreign key).
 */
export function postgresTurnIndexWrites(schema: string): TurnIndexWrites {
  const table = `${schema}.turn_index`;
  return {
    async put(sql, sessionKey, entries) {
      for (let start = 0; start < entries.length; start += ROWS_PER_STATEMENT) {
        const rows = entries.slice(start, start + ROWS_PER_STATEMENT);
        await sql.run(
          `INSERT INTO ${table} (turn_id, session_key, text, context, dated, grams, context_grams)
           VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}
           ON CONFLICT (turn_id) DO UPDATE SET text = excluded.text, context = excluded.context,
             dated = excluded.dated, grams = excluded.grams, context_grams = excluded.context_grams`,
          rows.flatMap(({ id, document: { words, grams } }) => [
            id,
            sessionKey,
            words.text,
            words.context,
            words.dated,
            grams.text,
            grams.context,
          ]),
        );
      }
    },
    async setContexts(sql, entries) {
      for (const { id, context } of entries) {
        await sql.run(`UPDATE ${table} SET context = ?, context_grams = ? WHERE turn_id = ?`, [
          context.words,
          context.grams,
          id,
        ]);
      }
    },
  };
}
