/** The records that run after their responses have been sent. */
export interface RecordTracker {
  /** Runs `record` once the conversation's earlier records are done. `record` reports its own failures. */
  add(conversation: string, record: () => Promise<void>): void;
  /** Resolves when the records of the conversation started so far are done. */
  settled(conversation: string): Promise<void>;
  /** Resolves when every record started so far, and any started meanwhile, is done. */
  idle(): Promise<void>;
}

/**
 * Records in flight, chained per conversation: a client that sends its next turn before the last one is stored
 * waits for it (the proxy calls `settled` before `decorate`), so turns are stored in the order they were said and a
 * resent turn is known as one.
 */
export function trackRecords(): RecordTracker {
  const tails = new Map<string, Promise<void>>();
  const running = new Set<Promise<void>>();
  return {
    add(conversation, record) {
      const done = (tails.get(conversation) ?? Promise.resolve()).then(record).catch(() => undefined);
      tails.set(conversation, done);
      running.add(done);
      void done.then(() => {
        running.delete(done);
        if (tails.get(conversation) === done) tails.delete(conversation);
      });
    },
    settled: (conversation) => tails.get(conversation) ?? Promise.resolve(),
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
