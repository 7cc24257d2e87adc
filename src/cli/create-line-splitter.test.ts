import { describe, expect, it } from 'vitest';
import { createLineSplitter } from './create-line-splitter.js';

const typed = (text: string) => ({ text, pasted: false });
const pasted = (text: string) => ({ text, pasted: true });

describe('createLineSplitter', () => {
  it('ends a message at each line break of typed text, as readline reads a pipe', () => {
    const lines = createLineSplitter();
    expect(lines.push(typed('one\ntwo\r\nthree\rfour\n\nfive'))).toEqual(['one', 'two', 'three', 'four', '']);
    expect(lines.end()).toEqual(['five']);
  });

  it('reads a \\r\\n cut between two segments as one line break', () => {
    const lines = createLineSplitter();
    expect(lines.push(typed('one\r'))).toEqual(['one']);
    expect(lines.push(typed('\ntwo\n'))).toEqual(['two']);
    expect(lines.end()).toEqual([]);
  });

  it('keeps a paste, line breaks and all, in the line it is in, which the next typed break ends', () => {
    const lines = createLineSplitter();
    expect(lines.push(typed('before\nsay: '))).toEqual(['before']);
    expect(lines.push(pasted('a\r\nb\n\nc\r'))).toEqual([]);
    expect(lines.push(typed(' thanks\nafter\n'))).toEqual(['say: a\r\nb\n\nc\r thanks', 'after']);
    expect(lines.push(pasted('\nlast'))).toEqual([]);
    expect(lines.end()).toEqual(['\nlast']);
  });
});
