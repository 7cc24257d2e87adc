export class TimeoutSignal extends Error {
  constructor(readonly ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Runs `task` with an AbortSignal that fires after `ms`, and settles by then even if the task ignores the signal
 * (a hanging extractor must not hold the queue).
 */
export async function withTimeout<T>(ms: number, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new TimeoutSignal(ms);
      // Reject first: a task that rejects from its abort listener must not win the race with its own error.
      reject(reason);
      controller.abort(reason);
    }, ms);
  });
  try {
    return await Promise.race([task(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
