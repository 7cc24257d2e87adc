import type { ForgetReport } from '../../spec/scope.js';
import type { SqlConnection } from '../sql/sql.js';
import { forgetNeedsRewrite } from '../sqlite/forget-needs-rewrite.js';
import { FTS_INDEXES } from '../sqlite/sqlite-parts.js';

/**
 * What a forget does last on a local libSQL file, as on a SQLite file (decision 13, `rewriteDatabaseFile`): the
 * full-text indexes merged into fresh segments, the file rewritten from its live content (`VACUUM`) and the WAL
 * emptied, so that the forgotten bytes are gone from disk now. Through the connection: the client is asynchronous, so
 * the event loop runs on meanwhile.
 */
export function libsqlAfterForget(connection: SqlConnection): (report: ForgetReport) => Promise<void> {
  return async (report) => {
    if (!(await forgetNeedsRewrite(connection, report))) return;
    await connection.write('forget', async (sql) => {
      for (const index of FTS_INDEXES) await sql.run(`INSERT INTO ${index} (${index}) VALUES ('optimize')`);
    });
    await connection.read('forget', (sql) => sql.run('VACUUM'));
    await connection.read('forget', (sql) => sql.all('PRAGMA wal_checkpoint(TRUNCATE)'));
  };
}
