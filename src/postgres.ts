// `memstack/postgres`: the server store, on PostgreSQL (the `pg` driver, an optional peer loaded by this entry only).

export {
  type CopyProgress,
  type CopyReport,
  copySqliteToPostgres,
} from './stores/postgres/copy-sqlite-to-postgres.js';
export {
  type PostgresMemoryStore,
  type PostgresStoreOptions,
  postgresStore,
} from './stores/postgres/postgres-store.js';
