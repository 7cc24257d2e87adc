import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/**
 * Where a process id means this process: the host name and, on Linux, the pid namespace (two containers may share a
 * host name and a volume, but never a pid namespace). Process ids of other places are never checked.
 */
function processPlace(): string {
  let namespace = '';
  try {
    namespace = readlinkSync('/proc/self/ns/pid');
  } catch {
    // Not Linux, or no /proc: the host name alone.
  }
  return `${hostname()}|${namespace}`;
}

/**
 * What a job's lease records of its holder, and whether a lease's holder is a process that is gone: for a queue whose
 * claimers all share one machine (a SQLite file, a libSQL `file:` URL), never a server's.
 */
export interface ProcessLiveness {
  /** The `lease_process` value of a lease this process takes as `worker`. */
  describe(worker: string): string;
  /**
   * The workers (lease owners) among `leases` whose process is certainly gone: written by this version (the first
   * line is the row's owner), in this place, by another process id that no longer exists. Any doubt (another host,
   * a process that exists, even a reused id) leaves the lease to expire as before.
   */
  gone(leases: ReadonlyArray<{ owner: string; process: string }>): string[];
}

export function processLiveness(place = processPlace(), exists = processExists): ProcessLiveness {
  return {
    describe: (worker) => `${worker}\n${place}\n${process.pid}`,
    gone(leases) {
      const gone: string[] = [];
      for (const { owner, process: holder } of leases) {
        const [worker, heldAt, pidText] = holder.split('\n');
        const pid = Number(pidText);
        if (worker !== owner || heldAt !== place || !Number.isSafeInteger(pid) || pid <= 0) continue;
        if (pid !== process.pid && !exists(pid)) gone.push(owner);
      }
      return gone;
    },
  };
}

/** Signal 0 checks a process without touching it: ESRCH means there is none; EPERM, one of another user. */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
