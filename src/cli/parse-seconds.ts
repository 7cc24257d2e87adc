import { InvalidArgumentError } from 'commander';

/** A duration given in seconds on the command line (fractions allowed), as milliseconds. */
export function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (value.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 86_400) {
    throw new InvalidArgumentError('give a number of seconds, more than 0 and at most 86400');
  }
  return Math.round(seconds * 1000);
}
