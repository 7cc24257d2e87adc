import { describe, expect, it } from 'vitest';
import { InvalidOutputError } from '../../spec/errors/invalid-output-error.js';
import { parseExtractionJson } from './parse-extraction-json.js';

function rejection(text: string): InvalidOutputError {
  try {
    parseExtractionJson(text);
  } catch (error) {
    if (InvalidOutputError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('parseExtractionJson accepted the text');
}

describe('parseExtractionJson', () => {
  it('parses a reply that is the JSON object alone', () => {
    expect(
      parseExtractionJson('{"task":null,"clarification":null,"facts":["User prefers Go"],"supersedes":[2]}'),
    ).toEqual({ task: null, clarification: null, facts: ['User prefers Go'], supersedes: [2] });
  });

  it('parses the object inside a code fence', () => {
    expect(parseExtractionJson('```json\n{"facts": []}\n```')).toEqual({ facts: [] });
    expect(parseExtractionJson('```\n{"task": "Build a CLI"}\n```\n')).toEqual({ task: 'Build a CLI' });
  });

  it('parses the object with prose before and after it', () => {
    expect(
      parseExtractionJson('Sure! Here is the JSON:\n{"task": null, "facts": ["用户使用 Linux"]}\nHope it helps.'),
    ).toEqual({ task: null, facts: ['用户使用 Linux'] });
  });

  it('keeps braces inside the strings of the object', () => {
    expect(parseExtractionJson('{"facts": ["Uses {curly} braces in templates"]}')).toEqual({
      facts: ['Uses {curly} braces in templates'],
    });
  });

  it('returns the parsed value without validating its shape', () => {
    expect(parseExtractionJson('{"unexpected": 1}')).toEqual({ unexpected: 1 });
  });

  it.each([
    'Not logged in · Please run /login',
    "I'm sorry, I can't help with that.",
    '',
    '[1, 2, 3]',
    '{broken',
    '} {',
  ])('rejects %j, which holds no JSON object', (text) => {
    const error = rejection(text);
    expect(error.code).toBe('INVALID_OUTPUT');
    expect(error.message).toBe('the extraction reply holds no JSON object');
    expect(error.excerpt).toBe(text);
  });

  it('takes the last complete object when several stand in the reply', () => {
    expect(parseExtractionJson('{"a": 1} and {"b": 2}')).toEqual({ b: 2 });
  });

  it.each(['{"facts": [}', "{'facts': []}", '{"facts": [] trailing}'])(
    'rejects %j, which is not valid JSON, with the parse error as the cause',
    (text) => {
      const error = rejection(text);
      expect(error.code).toBe('INVALID_OUTPUT');
      expect(error.message).toBe('the extraction reply is not valid JSON');
      expect(error.excerpt).toBe(text);
      expect(error.cause).toBeInstanceOf(SyntaxError);
    },
  );

  it('keeps only the first 200 characters of the reply as the excerpt', () => {
    const reply = `${'x'.repeat(300)}`;
    expect(rejection(reply).excerpt).toBe('x'.repeat(200));
    const broken = `{${'y'.repeat(300)}}`;
    expect(rejection(broken).excerpt).toBe(`{${'y'.repeat(199)}`);
  });
});

describe('parseExtractionJson regressions', () => {
  it('skips braces in the prose before the object', () => {
    expect(parseExtractionJson('Note: I used {} for empty. {"facts": []}')).toEqual({ facts: [] });
  });
});

describe('parseExtractionJson with trailing commas', () => {
  it('reads an object with a comma before a closing brace or bracket', () => {
    expect(parseExtractionJson('{\n  "facts": ["ユーザーは札幌に住んでいる",],\n  "supersedes": [],\n}')).toEqual({
      facts: ['ユーザーは札幌に住んでいる'],
      supersedes: [],
    });
  });

  it('leaves commas inside strings as they are', () => {
    expect(parseExtractionJson('{"facts": ["a ,} b", "c\\\\", "d,]"],}')).toEqual({ facts: ['a ,} b', 'c\\', 'd,]'] });
  });

  it('still rejects an object that is broken otherwise', () => {
    expect(() => parseExtractionJson('{"facts": [,}')).toThrow('not valid JSON');
  });
});
