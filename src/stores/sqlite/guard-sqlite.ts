import { MemstackError } from '../../spec/errors/memstack-error.js';
import { StoreError } from '../../spec/errors/store-error.js';
import type { SqliteDatabase } from './sqlite-database.js';

/** Runs a driver call: a closed database is a `STORE_CLOSED` error, any driver error becomes a `StoreError`. */
export function guardSqlite<T>(database: SqliteDatabase, operation: string, run: () => T): Promise<T> {
  if (!database.open) return Promise.reject(new StoreError('STORE_CLOSED', `cannot ${operation}: the store is closed`));
  try {
    return Promise.resolve(run());
  } catch (error) {
    if (MemstackError.isInstance(error)) return Promise.reject(error);
    const reason = error instanceof Error ? error.message : String(error);
    return Promise.reject(new StoreError('STORE_QUERY_FAILED', `cannot ${operation}: ${reason}`, { cause: error }));
  }
}
