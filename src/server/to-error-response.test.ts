import { describe, expect, it } from 'vitest';
import { ConfigError, InvalidInputError, StoreError } from '../index.js';
import { toErrorResponse } from './to-error-response.js';

describe('toErrorResponse', () => {
  it('answers typed errors with their status and code', () => {
    expect(toErrorResponse(new InvalidInputError('INVALID_ARGUMENT', 'userId', 'bad id'))).toEqual({
      status: 400,
      body: { error: { code: 'INVALID_ARGUMENT', message: 'bad id', argument: 'userId' } },
    });
    expect(toErrorResponse(new InvalidInputError('NOT_FOUND', 'key', 'no session')).status).toBe(404);
    expect(toErrorResponse(new ConfigError('NOT_SUPPORTED', 'cannot browse')).status).toBe(501);
    expect(toErrorResponse(new ConfigError('STACK_CLOSED', 'closed')).status).toBe(503);
    expect(toErrorResponse(new StoreError('STORE_BUSY', 'locked')).status).toBe(503);
  });

  it('tells nothing of an unexpected failure: no message, no stack, no driver text', () => {
    const cause = new Error('SQLITE_CORRUPT at /srv/secret/memory.db');
    for (const error of [cause, new StoreError('STORE_QUERY_FAILED', 'query failed: /srv/secret', { cause }), 'x']) {
      const answer = toErrorResponse(error);
      expect(answer.status).toBe(500);
      expect(JSON.stringify(answer.body)).not.toMatch(/secret|SQLITE|at /);
    }
  });
});
