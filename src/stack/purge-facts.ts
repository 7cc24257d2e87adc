import type { StackContext } from './stack-context.js';

const DAY_MS = 86_400_000;

/**
 * Deletes superseded facts and facts never injected once they are older than their retention, at most once per
 * interval (the first call always runs; `due` says whether a call would). Runs as a background job, queued after an
 * extraction when it is due; a failure is an event, never an error.
 */
export function factPurger(
  context: Pick<StackContext, 'store' | 'limits' | 'now' | 'emit'>,
): (() => Promise<void>) & { due: () => boolean } {
  let lastRun = Number.NEGATIVE_INFINITY;
  const due = (): boolean => context.now().getTime() - lastRun >= context.limits.purgeIntervalMinutes * 60_000;
  const purge = async (): Promise<void> => {
    const { limits } = context;
    const now = context.now().getTime();
    if (!due()) return;
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
  return Object.assign(purge, { due });
}
