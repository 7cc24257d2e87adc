import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entityShare, findEntities } from './find-entities.js';

describe('findEntities', () => {
  it('finds capitalised words inside a sentence, lower-cased, without the possessive', () => {
    expect(findEntities('What did Caroline research?')).toEqual(['caroline']);
    expect(findEntities("What are Joanna's hobbies?")).toEqual(['joanna']);
    expect(findEntities('Is it likely that Nate has friends besides Joanna?')).toEqual(['nate', 'joanna']);
  });

  it('skips sentence starts, "I", and month and day names', () => {
    expect(findEntities('Deploy it. Then call me on Monday in May, I think')).toEqual([]);
    expect(findEntities("I'm sure I've said it")).toEqual([]);
  });

  it('has nothing to say about scripts without case', () => {
    expect(findEntities('我们在东京见了田中')).toEqual([]);
    expect(findEntities('')).toEqual([]);
  });

  it('finds names that follow one another', () => {
    expect(findEntities('ask Alice Bob Carol')).toEqual(['alice', 'bob', 'carol']);
  });

  it('finds the same names as the lookbehind form it replaced, on any text', () => {
    // The earlier pattern, quadratic on runs of white space but a plain statement of the rule.
    const reference = /(?<=[\p{L}\p{N},;:'"’”)]\s+)(\p{Lu}[\p{L}\p{M}\p{N}]*(?:['’-]\p{L}+)*)/gu;
    const pieces = [
      'a',
      'Bob',
      'CAROL',
      'I',
      'May',
      "Bob's",
      'O’Neil',
      'x-Ray',
      ' ',
      '  ',
      '\n',
      '\t',
      ',',
      ';',
      ')',
      '"',
      '”',
      '.',
      '?',
      '1',
      'É',
      'e\u0301',
      '東京',
    ];
    const text = fc.oneof(
      fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join('')),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 8 }), (sample, limit) => {
        const expected = new Set<string>();
        for (const match of sample.matchAll(reference)) {
          const name = (match[1] ?? '').toLowerCase().replace(/['’]s$/u, '');
          const excluded = ['i', 'im', 'ive', 'id', 'ill', 'may', 'monday'];
          if ([...name].length < 2 || excluded.includes(name.replace(/['’]/gu, ''))) continue;
          expected.add(name);
          if (expected.size >= limit) break;
        }
        expect(findEntities(sample, limit)).toEqual([...expected]);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a long run of white space once, not once per position', () => {
    // A lookbehind over the spaces made this quadratic; it must find the name like any other.
    expect(findEntities(`hello${' '.repeat(200_000)}World and Bob`)).toEqual(['world', 'bob']);
    expect(findEntities(`a${'\t\n '.repeat(70_000)}b`)).toEqual([]);
  });
});

describe('entityShare', () => {
  it('is the share of the names a text contains as words', () => {
    expect(entityShare('Nate likes turtles', ['nate', 'joanna'])).toBe(0.5);
    expect(entityShare("Joanna's script and Nate's game", ['nate', 'joanna'])).toBe(1);
    expect(entityShare('Natewood is a town', ['nate'])).toBe(0);
    expect(entityShare('anything', [])).toBe(0);
  });
});
