// `memstack/libsql`: the store on libSQL (`@libsql/client`, an optional peer loaded by this entry only): a local
// file, or a remote database for serverless functions.

export type { LibsqlClient } from './stores/libsql/libsql-client.js';
export { type LibsqlMemoryStore, type LibsqlStoreOptions, libsqlStore } from './stores/libsql/libsql-store.js';
