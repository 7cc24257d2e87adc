import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blankId, visibleGrapheme } from '../../../test/support/blank-ids.js';
import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import { checkId, MAX_ID_LENGTH } from './check-id.js';
import { isBlankId } from './is-blank-id.js';

const required = fc.boolean().map((value) => ({ required: value }));

/** What `checkId` threw, or undefined when it returned. */
function thrown(value: unknown, options: { required: boolean }): unknown {
  try {
    checkId(value, 'userId', options);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('checkId', () => {
  it('refuses every blank string, required or optional, with INVALID_ARGUMENT naming the field (property)', () => {
    fc.assert(
      fc.property(blankId, required, (id, options) => {
        const error = thrown(id, options);
        expect(InvalidInputError.isInstance(error), JSON.stringify(id)).toBe(true);
        expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'userId' });
        expect((error as Error).message).toMatch(/^userId is blank: /);
        expect(isBlankId(id)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps, byte for byte, an id with one visible grapheme among invisible ones (property)', () => {
    fc.assert(
      fc.property(blankId, visibleGrapheme, blankId, required, (before, shown, after, options) => {
        const id = `${before}${shown}${after}`;
        expect(checkId(id, 'userId', options)).toBe(id);
        expect(isBlankId(id)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('returns any string unchanged or throws InvalidInputError, and nothing else (property)', () => {
    // Lone surrogates included: they have no UTF-8 form, so they are refused rather than replaced.
    const anyString = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme' }));
    fc.assert(
      fc.property(anyString, required, (id, options) => {
        const error = thrown(id, options);
        if (error === undefined) {
          expect(checkId(id, 'userId', options)).toBe(id);
          expect(isBlankId(id) || !id.isWellFormed()).toBe(false);
        } else {
          expect(InvalidInputError.isInstance(error)).toBe(true);
          expect(isBlankId(id) || !id.isWellFormed()).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('reads only undefined and null as absent, and counts the length in grapheme clusters', () => {
    for (const absent of [undefined, null]) {
      expect(checkId(absent, 'userId', { required: false })).toBeNull();
      expect(() => checkId(absent, 'agentId', { required: true })).toThrow(/agentId must be a non-empty string/);
    }
    for (const notString of [0, false, {}, ['alice']]) {
      expect(() => checkId(notString, 'userId', { required: false })).toThrow(/userId must be a string/);
    }
    expect(() => checkId('', 'userId', { required: false })).toThrow(/userId is blank: omit the field/);
    expect(() => checkId('', 'agentId', { required: true })).toThrow(/agentId is blank: give a real id/);
    // A family emoji is one grapheme of eight UTF-16 code units: the limit is on what a person sees.
    const family = '👩‍👩‍👧';
    expect(checkId(family.repeat(MAX_ID_LENGTH), 'userId', { required: false })).toHaveLength(8 * MAX_ID_LENGTH);
    expect(() => checkId(family.repeat(MAX_ID_LENGTH + 1), 'userId', { required: false })).toThrow(InvalidInputError);
  });
});
