import { describe, expect, it } from 'vitest';
import { trackRecords } from './track-records.js';

/** A record that finishes when the test says so. */
function gate() {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('trackRecords', () => {
  it('runs a conversation’s records one after another, other conversations beside them', async () => {
    const records = trackRecords();
    const log: string[] = [];
    const first = gate();
    records.add('alice', async () => {
      await first.opened;
      log.push('alice 1');
    });
    records.add('alice', async () => {
      log.push('alice 2');
    });
    records.add('bob', async () => {
      log.push('bob 1');
    });
    await records.settled('bob');
    expect(log).toEqual(['bob 1']);
    first.open();
    await records.settled('alice');
    expect(log).toEqual(['bob 1', 'alice 1', 'alice 2']);
  });

  it('goes on after a failed record, and idle waits for records added while it waits', async () => {
    const records = trackRecords();
    const log: string[] = [];
    records.add('alice', async () => {
      throw new Error('disk full');
    });
    records.add('alice', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      records.add('bob', async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push('bob');
      });
      log.push('alice');
    });
    await records.idle();
    expect(log).toEqual(['alice', 'bob']);
    await expect(records.settled('alice')).resolves.toBeUndefined();
  });

  it('resolves add() when that record is done, after the conversation’s earlier ones, even when it fails', async () => {
    const records = trackRecords();
    const log: string[] = [];
    const first = gate();
    const earlier = records.add('alice', async () => {
      await first.opened;
      log.push('alice 1');
    });
    const later = records.add('alice', async () => {
      log.push('alice 2');
      throw new Error('disk full');
    });
    first.open();
    await expect(later).resolves.toBeUndefined();
    expect(log).toEqual(['alice 1', 'alice 2']);
    await earlier;
  });
});
