import { describe, expect, it } from 'vitest';
import { checkPinText } from './check-pin-text.js';

describe('checkPinText', () => {
  it('returns the text trimmed, with runs of spaces and tabs compacted to one space', () => {
    expect(checkPinText('  Build a \t CLI   in  Go  ', 100)).toBe('Build a CLI in Go');
  });

  it('keeps single and double line breaks but compacts three or more to two', () => {
    expect(checkPinText('Goal: a CLI\nOutput: JSON', 100)).toBe('Goal: a CLI\nOutput: JSON');
    expect(checkPinText('Goal\n\nDeadline', 100)).toBe('Goal\n\nDeadline');
    expect(checkPinText('Goal\n\n\n\n\nDeadline', 100)).toBe('Goal\n\nDeadline');
  });

  it('normalises carriage returns and removes control characters', () => {
    expect(checkPinText('Goal\r\nDeadline\rOwner', 100)).toBe('Goal\nDeadline\nOwner');
    expect(checkPinText('Build\u0000 a\u0007 CLI', 100)).toBe('Build a CLI');
  });

  it('returns null for an empty or blank text', () => {
    expect(checkPinText('', 100)).toBeNull();
    expect(checkPinText(' \t\n\r\n ', 100)).toBeNull();
    expect(checkPinText('\u0000\u0001', 100)).toBeNull();
  });

  it('returns null for an error text, so that it never becomes the task', () => {
    expect(checkPinText('Not logged in · Please run /login', 100)).toBeNull();
    expect(checkPinText('  API Error: 500', 100)).toBeNull();
    expect(checkPinText('Credit balance is too low', 100)).toBeNull();
  });

  it('caps the text at maxChars grapheme clusters, ellipsis included', () => {
    expect(checkPinText('Build a CLI in Go', 10)).toBe('Build a C…');
    expect(checkPinText('构建一个命令行工具', 5)).toBe('构建一个…');
    expect(checkPinText('👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧', 3)).toBe('👩‍👩‍👧👩‍👩‍👧…');
    expect(checkPinText('Build a CLI', 11)).toBe('Build a CLI');
  });

  it('caps after compacting, so that removed spaces do not count', () => {
    expect(checkPinText('a     b     c', 5)).toBe('a b c');
  });
});
