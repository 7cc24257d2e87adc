import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

// CommonJS, evaluated in the worker: the driver is required by the path the main thread resolved.
const WORKER = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.path);
try {
  database.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
  database.exec('VACUUM');
  database.pragma('wal_checkpoint(TRUNCATE)');
} finally {
  database.close();
}
`;

/**
 * Rewrites a database file from its live content (`VACUUM`), in a worker thread with a connection of its own, so
 * that the main thread's event loop runs on while it takes (it is linear in the file's size). Why a forget needs it:
 * secure delete zeroes the cells SQLite frees, but when a page is rebuilt (rows moved to a sibling page, a row
 * rewritten at another size) stale copies of cells can stay in the page's unused space; only a rewrite of the file
 * guarantees that no byte of deleted content is left.
 */
export function rewriteDatabaseFile(path: string, busyTimeoutMs: number): Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { driver, path, busyTimeoutMs } });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`the VACUUM worker exited with code ${code}`));
    });
  });
}
