import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkId } from './check-id.js';
import { isBlankId } from './is-blank-id.js';

const invisible = fc.constantFrom(
  ' ',
  '\t',
  '\u00a0',
  '\u3000',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u3164',
  '\u2800',
  '\u0000',
);
const invisibleRun = fc.array(invisible, { maxLength: 5 }).map((characters) => characters.join(''));
// Letters of several scripts, digits, punctuation, an emoji, a letter with a combining accent.
const visible = fc.constantFrom('a', 'Z', '7', '-', '@', '张', 'さ', '한', 'ñ', 'e\u0301', '👩‍👩‍👧', 'ا', '\u3164a');

describe('isBlankId', () => {
  it('is true for an id of only invisible characters, the empty one included (property)', () => {
    fc.assert(
      fc.property(invisibleRun, (id) => {
        expect(isBlankId(id)).toBe(true);
      }),
    );
  });

  it('is false once one character shows, whatever invisible ones surround it (property)', () => {
    fc.assert(
      fc.property(invisibleRun, visible, invisibleRun, (before, shown, after) => {
        expect(isBlankId(`${before}${shown}${after}`)).toBe(false);
      }),
    );
  });
});

describe('checkId', () => {
  it('reads undefined and null as absent, and refuses every string that shows nothing', () => {
    expect(checkId(undefined, 'userId', { required: false })).toBeNull();
    expect(checkId(null, 'userId', { required: false })).toBeNull();
    for (const id of ['', ' ', '\u200b', '\u3000\t']) {
      expect(() => checkId(id, 'userId', { required: false })).toThrow(/userId is blank: omit the field/);
      expect(() => checkId(id, 'agentId', { required: true })).toThrow(/agentId is blank/);
    }
    expect(checkId('\u200bbob', 'userId', { required: false })).toBe('\u200bbob');
  });
});
