import { describe, expect, it } from 'vitest';
import { processLiveness } from './process-liveness.js';

describe('processLiveness', () => {
  const alive = new Set([process.pid, 4242]);
  const here = processLiveness('host-a|pid:[1]', (pid) => alive.has(pid));
  const lease = (owner: string, place: string, pid: number) => ({ owner, process: `${owner}\n${place}\n${pid}` });

  it('names the holders whose process is gone, in this place only', () => {
    expect(
      here.gone([
        lease('w-dead', 'host-a|pid:[1]', 999_999),
        lease('w-alive', 'host-a|pid:[1]', 4242),
        lease('w-self', 'host-a|pid:[1]', process.pid),
        // Another host, or another pid namespace on this one: its ids mean nothing here.
        lease('w-elsewhere', 'host-b|pid:[1]', 999_999),
        lease('w-container', 'host-a|pid:[2]', 999_999),
      ]),
    ).toEqual(['w-dead']);
  });

  it('trusts a record only when this version wrote it with the lease (an older one re-leases without it)', () => {
    expect(here.gone([{ owner: 'w-new', process: 'w-old\nhost-a|pid:[1]\n999999' }])).toEqual([]);
    for (const process of ['', 'w\nhost-a|pid:[1]', 'w\nhost-a|pid:[1]\nNaN', 'w\nhost-a|pid:[1]\n-1']) {
      expect(here.gone([{ owner: 'w', process }])).toEqual([]);
    }
  });

  it('describes a lease this process holds so that another process of the same place can check it', () => {
    const described = here.describe('w-1');
    expect(described).toBe(`w-1\nhost-a|pid:[1]\n${process.pid}`);
    expect(processLiveness('host-a|pid:[1]', () => false).gone([{ owner: 'w-1', process: described }])).toEqual([]);
  });
});
