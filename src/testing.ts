/** Fakes for users' tests: `import { scriptedCompletionModel, memoryStore } from 'memstack/testing'`. */
import { type SqliteMemoryStore, sqliteStore } from './stores/sqlite/sqlite-store.js';

export {
  type ScriptedCompletionModel,
  type ScriptedResponse,
  scriptedCompletionModel,
} from './testing/scripted-completion-model.js';

/** A real SQLite store in memory: nothing touches the disk, and it is gone when closed. */
export function memoryStore(): SqliteMemoryStore {
  return sqliteStore({ path: ':memory:' });
}
