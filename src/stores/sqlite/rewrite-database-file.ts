import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { FTS_INDEXES } from './sqlite-parts.js';

// CommonJS, evaluated in the worker: the driver is required by the path the main thread resolved.
const WORKER = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.path);
try {
  database.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
  database.exec('BEGIN IMMEDIATE');
  try {
    for (const index of workerData.indexes) {
      database.prepare('INSERT INTO ' + index + ' (' + index + ") VALUES ('optimize')").run();
    }
    database.exec('COMMIT');
  } catch (error) {
    database.exec('ROLLBACK');
    throw error;
  }
  database.exec('VACUUM');
  database.pragma('wal_checkpoint(TRUNCATE)');
} finally {
  database.close();
}
`;

/**
 * Rewrites a database file from its live content, in a worker thread with a connection of its own, so that the main
 * thread's event loop runs on while it takes (it is linear in the file's size). Why a forget needs it:
 * - FTS5 keeps, for each leaf page of an index segment, a prefix of the page's first term in its `_idx` table, and
 *   secure delete does not rewrite those: a forgotten word that began a page stays in the file as a live row. The
 *   indexes are merged into fresh segments (`optimize`), which writes every boundary term again from what is left.
 * - Secure delete zeroes the cells SQLite frees, but when a page is rebuilt (rows moved to a sibling page, a row
 *   rewritten at another size) stale copies of cells can stay in the page's unused space: `VACUUM` writes every page
 *   again.
 */
export function rewriteDatabaseFile(path: string, busyTimeoutMs: number): Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { driver, path, busyTimeoutMs, indexes: FTS_INDEXES },
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`the VACUUM worker exited with code ${code}`));
    });
  });
}
