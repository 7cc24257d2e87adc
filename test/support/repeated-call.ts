import type { DecorateInput, MemoryStore } from '../../src/index.js';

/** The call the tests of copies in several processes send: its second turn, after the first was stored. */
export const REPEATED_CALL = {
  agentId: 'writer',
  userId: 'alice',
  messages: [
    { role: 'user', content: 'Write the release notes for v2.' },
    { role: 'assistant', content: 'Here they are.' },
    { role: 'user', content: 'continue' },
  ],
} satisfies DecorateInput;

/** The first turn of that conversation, stored before the copies are sent. */
export const FIRST_CALL = { ...REPEATED_CALL, messages: REPEATED_CALL.messages.slice(0, 1) } satisfies DecorateInput;

/** Stack options for a store whose jobs a test counts: a store that keeps its jobs leaves them queued. */
export function withoutWorker(store: MemoryStore): { store: MemoryStore; runJobs?: false } {
  return store.jobs ? { store, runJobs: false } : { store };
}
