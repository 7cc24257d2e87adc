import { z } from 'zod';
import { ConfigError } from '../../spec/errors/config-error.js';

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

/**
 * A server's base URL: `http://` or `https://` and a host. A URL without a scheme (`localhost:11434/v1`) would be
 * read as a relative path and fail at the first call with "Invalid URL": it is refused at once, with what to write.
 */
export function httpUrlSchema(what: string) {
  return z.string().superRefine((value, context) => {
    const trimmed = value.trim();
    let valid = false;
    try {
      const url = new URL(trimmed);
      valid = (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
    } catch {
      valid = false;
    }
    if (valid) return;
    const hint =
      trimmed === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
        ? ''
        : `: write http://${trimmed} or https://${trimmed}`;
    context.addIssue({ code: 'custom', message: `${what} needs http:// or https:// and a host${hint}` });
  });
}
