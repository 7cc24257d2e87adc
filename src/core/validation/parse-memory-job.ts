import { z } from 'zod';
import type { MemoryJob } from '../../spec/job-queue.js';

const turnId = z.number().int().positive();
const jobSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('extract'),
    sessionKey: z.string().min(1),
    previousTurnId: turnId.nullable(),
    userTurnId: turnId,
    throughTurnId: turnId,
  }),
  z.object({ kind: z.literal('purge') }),
]);

/**
 * A stored job's JSON as a job, or null when it is not one this version knows (written by a newer memstack, or
 * damaged): the store keeps such a job as failed rather than run a guess.
 */
export function parseMemoryJob(json: string): MemoryJob | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = jobSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
