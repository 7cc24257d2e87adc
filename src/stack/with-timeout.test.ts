import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeoutSignal, withTimeout } from './with-timeout.js';

describe('TimeoutSignal', () => {
  it('is an Error named TimeoutError that carries its delay', () => {
    const signal = new TimeoutSignal(250);
    expect(signal).toBeInstanceOf(Error);
    expect(signal.name).toBe('TimeoutError');
    expect(signal.message).toBe('timed out after 250 ms');
    expect(signal.ms).toBe(250);
  });
});

describe('withTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the value of a task that settles in time, and clears its timer', async () => {
    let received: AbortSignal | undefined;
    const result = withTimeout(1000, async (signal) => {
      received = signal;
      return 42;
    });
    await expect(result).resolves.toBe(42);
    expect(received?.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    // Time passing afterwards aborts nothing.
    await vi.advanceTimersByTimeAsync(5000);
    expect(received?.aborted).toBe(false);
  });

  it('rejects with the rejection of a task that fails in time, and clears its timer', async () => {
    const failure = new Error('extractor failed');
    await expect(withTimeout(1000, async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with the error of a task that throws synchronously, and clears its timer', async () => {
    const failure = new Error('thrown before any await');
    await expect(
      withTimeout(1000, () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborts the signal with a TimeoutSignal and rejects with it when the task ignores the signal', async () => {
    let received: AbortSignal | undefined;
    const result = withTimeout(1000, (signal) => {
      received = signal;
      return new Promise<string>(() => {});
    });
    const outcome = result.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(received?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(TimeoutSignal);
    expect(error).toMatchObject({ name: 'TimeoutError', ms: 1000, message: 'timed out after 1000 ms' });
    expect(received?.aborted).toBe(true);
    expect(received?.reason).toBe(error);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lets an async task that listens to the signal stop, and rejects with the TimeoutSignal', async () => {
    let sawAbort = false;
    const result = withTimeout(500, async (signal) => {
      await new Promise<void>((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          sawAbort = true;
          reject(new Error('the task gave up'));
        });
      });
    });
    const outcome = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    expect(sawAbort).toBe(true);
    expect(await outcome).toBeInstanceOf(TimeoutSignal);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with the TimeoutSignal when the task rejects with the abort reason', async () => {
    const result = withTimeout(
      100,
      (signal) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const outcome = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toMatchObject({ name: 'TimeoutError', ms: 100 });
  });
});

describe('withTimeout regressions', () => {
  it('rejects with TimeoutSignal even when the task rejects from its abort listener', async () => {
    const outcome = await withTimeout(
      10,
      (signal) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => reject(new Error('gave up')));
        }),
    ).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(TimeoutSignal);
  });
});
