/**
 * Runs calls one at a time, in the order they came: for a connection that holds one session with its engine, where
 * the statements of an open transaction and any other call must not interleave. A call that finds it free starts at
 * once.
 */
export function oneAtATime(): <T>(run: () => Promise<T>) => Promise<T> {
  let busy = false;
  const waiting: Array<() => void> = [];
  return async (run) => {
    if (busy) await new Promise<void>((resolve) => waiting.push(resolve));
    else busy = true;
    try {
      return await run();
    } finally {
      // The turn passes straight to the next caller: `busy` stays set.
      const next = waiting.shift();
      if (next) next();
      else busy = false;
    }
  };
}
