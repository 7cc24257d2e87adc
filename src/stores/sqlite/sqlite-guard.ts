/**
 * How long SQLite itself may wait for a lock inside one attempt. The driver is synchronous, so this wait blocks the
 * event loop: it is kept short, and the rest of the wait is spent between attempts, asleep.
 */
export const SYNCHRONOUS_BUSY_WAIT_MS = 20;
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

/**
 * The pauses between attempts at a lock another process holds: doubling from 2 to 50 ms, and jittered, so that
 * processes waiting for the same lock do not retry in step. Each call of the returned function is the next pause.
 */
export function lockPauses(): () => number {
  let pause = FIRST_PAUSE_MS;
  return () => {
    const wait = pause / 2 + Math.random() * pause;
    pause = Math.min(LONGEST_PAUSE_MS, pause * 2);
    return wait;
  };
}

/** SQLITE_BUSY, SQLITE_LOCKED and their extended codes (BUSY_SNAPSHOT, BUSY_RECOVERY, LOCKED_SHAREDCACHE...). */
export function isLockError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)/.test(code);
}
