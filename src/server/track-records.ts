/** The records of the proxy's exchanges, in flight while their responses hold back their ends. */
export interface RecordTracker {
  /**
   * Runs `record` once the conversation's earlier records are done; resolves when it is done (never rejects:
   * `record` reports its own failures).
   */
  add(conversation: string, record: () => Promise<void>): Promise<void>;
  /** Resolves when the records of the conversation started so far are done. */
  settled(conversation: string): Promise<void>;
  /** Resolves when every record started so far, and any started meanwhile, is done. */
  idle(): Promise<void>;
}

/**
 * Records in flight, chained per conversation. A response ends only once its record is done, so a client that waits
 * for its reply before sending the next turn never waits here; two requests of one conversation at once do (the proxy
 * calls `settled` before `decorate`), so turns are stored in the order they were said and a resent turn is known as
 * one. `idle` is for `close`: a response cut off by it still has its record running.
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
      return done;
    },
    settled: (conversation) => tails.get(conversation) ?? Promise.resolve(),
    async idle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
