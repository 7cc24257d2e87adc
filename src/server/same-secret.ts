import { timingSafeEqual } from 'node:crypto';

/** Whether a request's secret is the expected one, compared in constant time (no timing tells how much matched). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
