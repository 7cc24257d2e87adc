import { z } from 'zod';
import { ConfigError } from '../spec/errors/config-error.js';

/** A value that must be a function (a `fetch`, a model's `complete`). */
export const functionSchema = z.custom<(...parameters: never[]) => unknown>(
  (value) => typeof value === 'function',
  'expected a function',
);

/**
 * Checks a factory's options against their schema, so that a value of the wrong type or shape is a `ConfigError`
 * that names the field, never a `TypeError` from deep inside. Unknown keys are allowed (and ignored).
 */
export function checkOptions(schema: z.ZodType, value: unknown, owner: string): void {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ConfigError('INVALID_CONFIG', `${owner}: invalid options: ${z.prettifyError(parsed.error)}`);
  }
}
