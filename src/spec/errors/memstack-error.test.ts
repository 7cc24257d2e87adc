import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from './config-error.js';
import { InvalidInputError } from './invalid-input-error.js';
import { InvalidOutputError } from './invalid-output-error.js';
import { MemstackError } from './memstack-error.js';
import { ModelCallError } from './model-call-error.js';
import { StoreError } from './store-error.js';

const here = dirname(fileURLToPath(import.meta.url));
const copies: string[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

/** A second, separately loaded copy of the error modules, as when two versions of memstack sit in node_modules. */
async function loadCopy(): Promise<{ MemstackError: typeof MemstackError; StoreError: typeof StoreError }> {
  const copy = mkdtempSync(join(tmpdir(), 'memstack-errors-'));
  copies.push(copy);
  cpSync(here, copy, { recursive: true, filter: (path) => !path.endsWith('.test.ts') });
  return {
    MemstackError: (await import(pathToFileURL(join(copy, 'memstack-error.ts')).href)).MemstackError,
    StoreError: (await import(pathToFileURL(join(copy, 'store-error.ts')).href)).StoreError,
  };
}

describe('MemstackError', () => {
  it('carries a code, a message, a name and the cause', () => {
    const cause = new Error('disk full');
    const error = new StoreError('STORE_QUERY_FAILED', 'cannot write', { cause });
    expect(error).toMatchObject({ code: 'STORE_QUERY_FAILED', message: 'cannot write', name: 'StoreError', cause });
    expect(error).toBeInstanceOf(Error);
  });

  it('recognises every subclass as a MemstackError, and each subclass only as itself', () => {
    const errors = [
      new InvalidInputError('EMPTY_MESSAGE', 'text', 'empty'),
      new StoreError('STORE_CLOSED', 'closed'),
      new ModelCallError('MODEL_CALL_FAILED', 'rate limited', { status: 429, isRetryable: true }),
      new InvalidOutputError('bad', 'excerpt'),
      new ConfigError('INVALID_CONFIG', 'bad'),
    ];
    for (const error of errors) expect(MemstackError.isInstance(error)).toBe(true);
    expect(errors.map((error) => StoreError.isInstance(error))).toEqual([false, true, false, false, false]);
    expect(errors.map((error) => ModelCallError.isInstance(error))).toEqual([false, false, true, false, false]);
    expect(MemstackError.isInstance(new Error('plain'))).toBe(false);
    expect(MemstackError.isInstance(null)).toBe(false);
    expect(MemstackError.isInstance({ code: 'X' })).toBe(false);
    expect((errors[2] as ModelCallError).isRetryable).toBe(true);
  });

  it('works across two copies of the package, where instanceof does not', async () => {
    const other = await loadCopy();
    expect(other.MemstackError).not.toBe(MemstackError);
    const foreign = new other.StoreError('STORE_CLOSED', 'closed elsewhere');
    expect(foreign instanceof MemstackError).toBe(false);
    expect(MemstackError.isInstance(foreign)).toBe(true);
    expect(StoreError.isInstance(foreign)).toBe(true);
    expect(other.MemstackError.isInstance(new InvalidInputError('EMPTY_MESSAGE', 'text', 'x'))).toBe(true);
    expect(other.StoreError.isInstance(new InvalidInputError('EMPTY_MESSAGE', 'text', 'x'))).toBe(false);
  });
});
