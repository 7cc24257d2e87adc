import type { StackContext } from './stack-context.js';

const DAY_MS = 86_400_000;

/**
 * Deletes superseded facts and facts never injected once they are older than their retention, at most once per
 * interval (the first call always runs). Runs in the background after a turn; a failure is an event, never an error.
 */
export function factPurger(context: StackContext): () => Promise<void> {
  let lastRun = Number.NEGATIVE_INFINITY;
  return async () => {
    const { limits } = context;
    const now = context.now().getTime();
    if (now - lastRun < limits.purgeIntervalMinutes * 60_000) return;
    lastRun = now;
    try {
      const purged = await context.store.facts.purge({
        supersededBefore: new Date(now - limits.supersededRetentionDays * DAY_MS),
        unusedBefore: new Date(now - limits.unusedFactRetentionDays * DAY_MS),
      });
      if (purged > 0) context.emit({ type: 'facts-purged', count: purged });
    } catch (error) {
      context.emit({ type: 'purge-failed', error });
    }
  };
}
