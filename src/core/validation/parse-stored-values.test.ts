import { describe, expect, it } from 'vitest';
import { parseStoredCacheMiss, parseStoredChatPath } from './parse-stored-values.js';

describe('parseStoredChatPath', () => {
  it.each(['api', 'new-handle', 'resumed', 'fallback-history'] as const)('reads %j', (path) => {
    expect(parseStoredChatPath(path)).toBe(path);
  });

  it.each([null, undefined, '', 'API', 'fallback', 'api ', 1, {}, ['api']])('reads %j as none', (value) => {
    expect(parseStoredChatPath(value)).toBeNull();
  });
});

describe('parseStoredCacheMiss', () => {
  it.each(['cold', 'pin-changed', 'summary-changed', 'facts-changed', 'history-changed', 'layout-changed'] as const)(
    'reads %j',
    (reason) => {
      expect(parseStoredCacheMiss(reason)).toBe(reason);
    },
  );

  it.each([null, undefined, '', 'hit', 'Cold', 'toString', 0, {}])('reads %j as none', (value) => {
    expect(parseStoredCacheMiss(value)).toBeNull();
  });
});
