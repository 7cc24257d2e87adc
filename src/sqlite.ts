// `memstack/sqlite`: the default store, on embedded SQLite (better-sqlite3, a native module loaded by this entry only).

export type { SqliteDatabase, SqliteStatement } from './stores/sqlite/sqlite-database.js';
export { type SqliteMemoryStore, type SqliteStoreOptions, sqliteStore } from './stores/sqlite/sqlite-store.js';
