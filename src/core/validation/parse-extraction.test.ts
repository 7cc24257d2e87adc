import { describe, expect, it } from 'vitest';
import { InvalidOutputError } from '../../spec/errors/invalid-output-error.js';
import { parseExtraction } from './parse-extraction.js';

function rejection(value: unknown): InvalidOutputError {
  try {
    parseExtraction(value);
  } catch (error) {
    if (InvalidOutputError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('parseExtraction accepted the value');
}

describe('parseExtraction', () => {
  it('returns a complete extraction as it is', () => {
    const value = {
      task: 'Build a CLI in Go',
      clarification: 'Output is JSON',
      facts: ['User prefers Go', '用户使用 Linux'],
      supersedes: [3, 0],
    };
    expect(parseExtraction(value)).toEqual(value);
  });

  it('accepts null and missing fields', () => {
    expect(parseExtraction({})).toEqual({});
    expect(parseExtraction({ task: null, clarification: null, facts: [], supersedes: [] })).toEqual({
      task: null,
      clarification: null,
      facts: [],
      supersedes: [],
    });
  });

  it('drops fields outside the schema', () => {
    expect(parseExtraction({ task: 'T', reasoning: 'long thoughts', extra: 1 })).toEqual({ task: 'T' });
  });

  it.each([
    ['a string', 'Not logged in'],
    ['null', null],
    ['undefined', undefined],
    ['an array', [{ task: 'T' }]],
    ['a number task', { task: 42 }],
    ['a string for facts', { facts: 'User prefers Go' }],
    ['a non-string fact', { facts: ['ok', 7] }],
    ['a null fact', { facts: [null] }],
    ['a negative superseded id', { supersedes: [-1] }],
    ['a fractional superseded id', { supersedes: [1.5] }],
    ['a string superseded id', { supersedes: ['3'] }],
    ['65 facts', { facts: Array.from({ length: 65 }, (_, index) => `fact ${index}`) }],
    ['65 superseded ids', { supersedes: Array.from({ length: 65 }, (_, index) => index) }],
  ])('rejects %s with an InvalidOutputError', (_name, value) => {
    const error = rejection(value);
    expect(error.code).toBe('INVALID_OUTPUT');
    expect(error.name).toBe('InvalidOutputError');
    expect(error.message).toContain("the extractor's output does not match the extraction schema");
  });

  it('accepts 64 facts, the most the schema allows', () => {
    const facts = Array.from({ length: 64 }, (_, index) => `fact ${index}`);
    expect(parseExtraction({ facts })).toEqual({ facts });
  });

  it('names the faulty field in the message', () => {
    expect(rejection({ facts: 'x' }).message).toContain('facts');
    expect(rejection({ supersedes: [-1] }).message).toContain('supersedes');
  });

  it('keeps the first 200 characters of the JSON of the rejected value as the excerpt', () => {
    expect(rejection({ facts: 'x' }).excerpt).toBe('{"facts":"x"}');
    expect(rejection('Not logged in').excerpt).toBe('"Not logged in"');
    expect(rejection({ task: 1, note: 'y'.repeat(500) }).excerpt).toBe(`{"task":1,"note":"${'y'.repeat(182)}`);
  });

  it('falls back to String for an excerpt of a value JSON cannot encode', () => {
    expect(rejection(undefined).excerpt).toBe('undefined');
    expect(rejection(10n).excerpt).toBe('10');
    const circular: Record<string, unknown> = { facts: 'x' };
    circular.self = circular;
    expect(rejection(circular).excerpt).toBe('[object Object]');
  });
});
