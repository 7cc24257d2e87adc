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
});

describe('entityShare', () => {
  it('is the share of the names a text contains as words', () => {
    expect(entityShare('Nate likes turtles', ['nate', 'joanna'])).toBe(0.5);
    expect(entityShare("Joanna's script and Nate's game", ['nate', 'joanna'])).toBe(1);
    expect(entityShare('Natewood is a town', ['nate'])).toBe(0);
    expect(entityShare('anything', [])).toBe(0);
  });
});
