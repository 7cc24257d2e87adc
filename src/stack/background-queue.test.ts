import { describe, expect, it } from 'vitest';
import { createBackgroundQueue } from './background-queue.js';

interface Gate {
  promise: Promise<void>;
  open: () => void;
  fail: (error: Error) => void;
}

function gate(): Gate {
  let open = () => {};
  let fail: (error: Error) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  // A gate may fail before its job has started to wait for it.
  promise.catch(() => {});
  return { promise, open, fail };
}

/**
 * Lets every job that can start, start: a job begins on a later turn of the event loop than the one that made it
 * ready, so a few turns (each after all microtasks) are let pass.
 */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('createBackgroundQueue', () => {
  it('runs the jobs of one key in the order they were scheduled, one at a time', async () => {
    const queue = createBackgroundQueue({ concurrency: 4, maxPending: 100 });
    const log: string[] = [];
    const gates = [gate(), gate(), gate()];
    gates.forEach((jobGate, index) => {
      queue.schedule('session', async () => {
        log.push(`start ${index}`);
        await jobGate.promise;
        log.push(`end ${index}`);
      });
    });
    await settle();
    expect(log).toEqual(['start 0']);
    // Finishing the later jobs' gates first must not let them overtake.
    gates[2]?.open();
    gates[1]?.open();
    await settle();
    expect(log).toEqual(['start 0']);
    gates[0]?.open();
    await queue.idle();
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('runs jobs of different keys side by side', async () => {
    const queue = createBackgroundQueue({ concurrency: 2, maxPending: 100 });
    const log: string[] = [];
    const first = gate();
    queue.schedule('a', async () => {
      log.push('a starts');
      await first.promise;
      log.push('a ends');
    });
    queue.schedule('b', async () => {
      log.push('b runs');
    });
    await settle();
    expect(log).toEqual(['a starts', 'b runs']);
    first.open();
    await queue.idle();
    expect(log).toEqual(['a starts', 'b runs', 'a ends']);
  });

  it('never runs more than `concurrency` jobs at once, and reaches that bound', async () => {
    const queue = createBackgroundQueue({ concurrency: 2, maxPending: 100 });
    let running = 0;
    let mostRunning = 0;
    let finished = 0;
    const gates = Array.from({ length: 6 }, () => gate());
    gates.forEach((jobGate, index) => {
      queue.schedule(`key ${index}`, async () => {
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        await jobGate.promise;
        running -= 1;
        finished += 1;
      });
    });
    await settle();
    expect(running).toBe(2);
    gates[0]?.open();
    await settle();
    expect(running).toBe(2);
    expect(finished).toBe(1);
    for (const jobGate of gates) jobGate.open();
    await queue.idle();
    expect(finished).toBe(6);
    expect(running).toBe(0);
    expect(mostRunning).toBe(2);
  });

  it('starts waiting jobs in the order they were scheduled', async () => {
    const queue = createBackgroundQueue({ concurrency: 1, maxPending: 100 });
    const started: string[] = [];
    const blocker = gate();
    queue.schedule('x', async () => {
      started.push('x');
      await blocker.promise;
    });
    for (const key of ['y', 'z', 'w']) queue.schedule(key, async () => void started.push(key));
    await settle();
    expect(started).toEqual(['x']);
    blocker.open();
    await queue.idle();
    expect(started).toEqual(['x', 'y', 'z', 'w']);
  });

  it('refuses a job, without running it, when maxPending jobs are pending, and accepts again once they settle', async () => {
    const queue = createBackgroundQueue({ concurrency: 1, maxPending: 2 });
    const blocker = gate();
    let ran = 0;
    expect(queue.schedule('a', () => blocker.promise)).toBe(true);
    expect(
      queue.schedule('b', async () => {
        ran += 1;
      }),
    ).toBe(true);
    expect(
      queue.schedule('c', async () => {
        ran += 100;
      }),
    ).toBe(false);
    blocker.open();
    await queue.idle();
    expect(ran).toBe(1);
    expect(
      queue.schedule('c', async () => {
        ran += 10;
      }),
    ).toBe(true);
    await queue.idle();
    expect(ran).toBe(11);
  });

  it('resolves idle() at once when nothing is scheduled', async () => {
    const queue = createBackgroundQueue({ concurrency: 1, maxPending: 10 });
    await expect(queue.idle()).resolves.toBeUndefined();
  });

  it('makes idle() wait for jobs scheduled while it waits', async () => {
    const queue = createBackgroundQueue({ concurrency: 2, maxPending: 10 });
    const log: string[] = [];
    const first = gate();
    const second = gate();
    queue.schedule('a', async () => {
      await first.promise;
      log.push('first');
      // A job that schedules another, as extraction does for follow-up work.
      queue.schedule('b', async () => {
        await second.promise;
        log.push('second');
      });
    });
    let idle = false;
    const waiting = queue.idle().then(() => {
      idle = true;
    });
    first.open();
    await settle();
    expect(log).toEqual(['first']);
    expect(idle).toBe(false);
    // Scheduled from outside while idle() is waiting, too.
    queue.schedule('c', async () => void log.push('third'));
    await settle();
    expect(log).toEqual(['first', 'third']);
    expect(idle).toBe(false);
    second.open();
    await waiting;
    expect(log).toEqual(['first', 'third', 'second']);
  });

  it("starts a job on a later turn of the event loop, never inside the caller's own synchronous work", async () => {
    const queue = createBackgroundQueue({ concurrency: 4, maxPending: 10 });
    let started = false;
    queue.schedule('session', async () => {
      started = true;
    });
    // However many promise callbacks the caller's code runs after scheduling, the job has not started.
    for (let step = 0; step < 100; step += 1) await Promise.resolve();
    expect(started).toBe(false);
    await settle();
    expect(started).toBe(true);
  });

  it('keeps running the other jobs when one throws or rejects', async () => {
    const queue = createBackgroundQueue({ concurrency: 1, maxPending: 10 });
    const log: string[] = [];
    const failing = gate();
    queue.schedule('session', async () => {
      await failing.promise;
    });
    queue.schedule('session', async () => void log.push('after the rejection, same key'));
    queue.schedule('session', () => {
      throw new Error('thrown synchronously');
    });
    queue.schedule('session', async () => void log.push('after the throw, same key'));
    queue.schedule('other', async () => void log.push('other key'));
    failing.fail(new Error('rejected'));
    await queue.idle();
    // "other" waited for the only slot since it was scheduled, before the session's next job asked for it.
    expect(log).toEqual(['other key', 'after the rejection, same key', 'after the throw, same key']);
  });

  it('releases the slot of a failed job', async () => {
    const queue = createBackgroundQueue({ concurrency: 1, maxPending: 10 });
    queue.schedule('a', async () => {
      throw new Error('boom');
    });
    await queue.idle();
    let ran = false;
    queue.schedule('b', async () => {
      ran = true;
    });
    await queue.idle();
    expect(ran).toBe(true);
  });
});
