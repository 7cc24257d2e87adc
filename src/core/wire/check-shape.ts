import type { z } from 'zod';
import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';

/**
 * A value of the caller's request checked against a format's schema: a mismatch is an `InvalidInputError` naming the
 * argument and where in it. The value itself is not copied: what passes through stays the caller's.
 */
export function checkShape(schema: z.ZodType, value: unknown, argument: string, expected: string): void {
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${argument}.${issue.path.join('.')}` : '';
  throw new InvalidInputError(
    'INVALID_ARGUMENT',
    argument,
    `${argument} must be ${expected}${where}: ${issue?.message ?? 'invalid'}`,
  );
}
