import { describe, expect, it } from 'vitest';
import { ConfigError } from '../spec/errors/config-error.js';
import { DEFAULT_LIMITS, type MemoryLimits, resolveLimits } from './memory-limits.js';

function configError(limits: Record<string, unknown>): ConfigError {
  try {
    resolveLimits(limits as Partial<MemoryLimits>);
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('resolveLimits accepted the limits');
}

describe('DEFAULT_LIMITS', () => {
  it('holds the documented defaults', () => {
    expect({ ...DEFAULT_LIMITS }).toEqual({
      trimThreshold: 800,
      trimHead: 300,
      trimTail: 200,
      pinMaxChars: 1000,
      taskMaxChars: 600,
      clarificationMaxChars: 300,
      recapTaskMaxChars: 300,
      factsTopK: 3,
      factsTokenBudget: 150,
      sharedSessionFactsTopK: 0,
      turnRecall: 0,
      turnRecallTokenBudget: 300,
      factsPerTurn: 4,
      factMaxChars: 300,
      nearDuplicateSimilarity: 0.9,
      historyMaxTurns: 1_000,
      compressionThresholdTokens: 50_000,
      compressionKeepTokens: 10_000,
      summaryMaxChars: 4_000,
      supersededRetentionDays: 30,
      unusedFactRetentionDays: 180,
      purgeIntervalMinutes: 60,
      maxMessageChars: 200_000,
      retryWindowMs: 60_000,
      extractionTimeoutMs: 30_000,
      extractionConcurrency: 2,
      extractionQueueMax: 1_000,
      pinAttempts: 3,
    });
  });

  it('is frozen', () => {
    expect(Object.isFrozen(DEFAULT_LIMITS)).toBe(true);
  });
});

describe('resolveLimits', () => {
  it('returns the defaults when given nothing, as a fresh object', () => {
    const resolved = resolveLimits();
    expect(resolved).toEqual(DEFAULT_LIMITS);
    expect(resolved).not.toBe(DEFAULT_LIMITS);
    resolved.factsTopK = 99;
    expect(DEFAULT_LIMITS.factsTopK).toBe(3);
    expect(resolveLimits({})).toEqual(DEFAULT_LIMITS);
  });

  it('overrides the given limits and keeps the others', () => {
    expect(resolveLimits({ factsTopK: 5, nearDuplicateSimilarity: 0.5, extractionTimeoutMs: 1 })).toEqual({
      ...DEFAULT_LIMITS,
      factsTopK: 5,
      nearDuplicateSimilarity: 0.5,
      extractionTimeoutMs: 1,
    });
  });

  it('skips a limit given as undefined', () => {
    expect(resolveLimits({ factsTopK: undefined } as unknown as Partial<MemoryLimits>)).toEqual(DEFAULT_LIMITS);
  });

  it('accepts 0 where 0 makes sense and the bounds of the similarity', () => {
    expect(resolveLimits({ factsTopK: 0, factsPerTurn: 0 })).toMatchObject({ factsTopK: 0, factsPerTurn: 0 });
    expect(resolveLimits({ turnRecall: 2, turnRecallTokenBudget: 0 })).toMatchObject({
      turnRecall: 2,
      turnRecallTokenBudget: 0,
    });
    expect(resolveLimits({ nearDuplicateSimilarity: 0 }).nearDuplicateSimilarity).toBe(0);
    expect(resolveLimits({ nearDuplicateSimilarity: 1 }).nearDuplicateSimilarity).toBe(1);
  });

  it('rejects an unknown limit with INVALID_CONFIG', () => {
    const error = configError({ factsTopk: 3 });
    expect(error.code).toBe('INVALID_CONFIG');
    expect(error.message).toBe('unknown limit "factsTopk"');
  });

  it.each([
    ['a fraction', { factsTopK: 2.5 }],
    ['a negative number', { historyMaxTurns: -1 }],
    ['NaN', { factMaxChars: Number.NaN }],
    ['Infinity', { maxMessageChars: Number.POSITIVE_INFINITY }],
    ['a numeric string', { factsTopK: '3' }],
    ['null', { factsTopK: null }],
    ['a fractional turn recall', { turnRecall: 1.5 }],
    ['a negative turn recall budget', { turnRecallTokenBudget: -300 }],
  ])('rejects %s for an integer limit', (_name, limits) => {
    const error = configError(limits);
    expect(error.code).toBe('INVALID_CONFIG');
    expect(error.message).toBe(`limit "${Object.keys(limits)[0]}" must be a non-negative integer`);
  });

  it.each([1.5, -0.1, Number.NaN, Number.POSITIVE_INFINITY])('rejects a similarity of %s', (value) => {
    const error = configError({ nearDuplicateSimilarity: value });
    expect(error.code).toBe('INVALID_CONFIG');
    expect(error.message).toBe('limit "nearDuplicateSimilarity" must be between 0 and 1');
  });

  it('rejects trimHead + trimTail at or above trimThreshold', () => {
    for (const limits of [
      { trimHead: 300, trimTail: 200, trimThreshold: 500 },
      { trimHead: 600, trimTail: 300 },
      { trimThreshold: 100 },
    ]) {
      const error = configError(limits);
      expect(error.code).toBe('INVALID_CONFIG');
      expect(error.message).toBe('trimHead + trimTail must be less than trimThreshold');
    }
    expect(resolveLimits({ trimHead: 300, trimTail: 200, trimThreshold: 501 }).trimThreshold).toBe(501);
  });

  it('rejects a task cap above the pin cap', () => {
    const error = configError({ taskMaxChars: 1001 });
    expect(error.code).toBe('INVALID_CONFIG');
    expect(error.message).toBe('taskMaxChars must not exceed pinMaxChars');
    expect(resolveLimits({ taskMaxChars: 1000 }).taskMaxChars).toBe(1000);
  });

  it.each(['extractionConcurrency', 'maxMessageChars', 'pinMaxChars', 'extractionTimeoutMs'])(
    'rejects 0 for %s, which must be at least 1',
    (name) => {
      const limits = name === 'pinMaxChars' ? { pinMaxChars: 0, taskMaxChars: 0 } : { [name]: 0 };
      const error = configError(limits);
      expect(error.code).toBe('INVALID_CONFIG');
      expect(error.message).toBe(`limit "${name}" must be at least 1`);
    },
  );

  it('throws a ConfigError that is a real Error', () => {
    expect(() => resolveLimits({ factsTopK: -1 })).toThrow(ConfigError);
  });
});

describe('resolveLimits regressions', () => {
  it('rejects names inherited from Object', () => {
    for (const name of ['toString', 'constructor', 'hasOwnProperty']) {
      expect(() => resolveLimits({ [name]: 1 } as never)).toThrowError(
        expect.objectContaining({ code: 'INVALID_CONFIG' }),
      );
    }
  });
});
