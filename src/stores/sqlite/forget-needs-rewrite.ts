import type { ForgetReport } from '../../spec/scope.js';
import type { SqlConnection } from '../sql/sql.js';

/**
 * Whether a forget must rewrite a database file without the forgotten bytes: it removed something, or pages left
 * free by deletes show that the file was not rewritten since (a forget run again after its rewrite failed, as its
 * error says, removes nothing now and must still rewrite it).
 */
export async function forgetNeedsRewrite(connection: SqlConnection, report: ForgetReport): Promise<boolean> {
  if (report.turns + report.facts + report.sessions + report.factsRewritten + (report.items ?? 0) > 0) return true;
  const free = await connection.read('forget', (sql) => sql.get<{ freelist_count: number }>('PRAGMA freelist_count'));
  return Number(free?.freelist_count ?? 0) > 0;
}
