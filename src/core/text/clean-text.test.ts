import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText } from './clean-text.js';

/** Every control character except tab and line feed: C0, DEL and C1, carriage return included. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for control characters is the point.
const unwantedControl = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

const dirtyPieces = [
  'a',
  ' ',
  '\t',
  '\n',
  '\r',
  '\r\n',
  '\n\r',
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud83d',
  '\udc4d',
  '👍',
  'e',
  '\u0301',
  'é',
  'A\u030a',
  '\u212b',
  '한',
  '\u1100',
  '\u1161',
  '中',
];
const dirtyText = fc.oneof(
  fc.array(fc.constantFrom(...dirtyPieces), { maxLength: 40 }).map((pieces) => pieces.join('')),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

describe('cleanText', () => {
  it('replaces lone surrogates and keeps pairs', () => {
    expect(cleanText('a\ud83db')).toBe('a\ufffdb');
    expect(cleanText('\udc4d')).toBe('\ufffd');
    expect(cleanText('👍')).toBe('👍');
  });

  it('turns \\r\\n and lone \\r into \\n', () => {
    expect(cleanText('a\r\nb\rc\n\rd')).toBe('a\nb\nc\n\nd');
  });

  it('removes control characters but tab and line feed', () => {
    expect(cleanText('a\u0000b\u0007c\u001b[0md\u007fe\u0085f\u009fg')).toBe('abc[0mdefg');
    expect(cleanText('a\tb\nc')).toBe('a\tb\nc');
  });

  it('keeps format characters that are not controls', () => {
    expect(cleanText('👩\u200d👩\u200d👧 a\u00adb')).toBe('👩\u200d👩\u200d👧 a\u00adb');
  });

  it('normalises to NFC', () => {
    expect(cleanText('cafe\u0301')).toBe('café');
    expect(cleanText('\u212b')).toBe('\u00c5');
    expect(cleanText('\u1100\u1161')).toBe('가');
    // A removed control character no longer keeps a mark from its letter.
    expect(cleanText('e\u0000\u0301')).toBe('é');
  });

  it('gives well-formed NFC text without unwanted controls, and is idempotent', () => {
    fc.assert(
      fc.property(dirtyText, (text) => {
        const cleaned = cleanText(text);
        expect(cleaned.isWellFormed()).toBe(true);
        expect(cleaned).not.toMatch(unwantedControl);
        expect(cleaned.normalize('NFC')).toBe(cleaned);
        expect(cleanText(cleaned)).toBe(cleaned);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves clean text unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const clean = text.replace(new RegExp(unwantedControl.source, 'g'), '').normalize('NFC');
        expect(cleanText(clean)).toBe(clean);
      }),
    );
  });

  it('cleans a million characters', () => {
    const text = 'ok\r\n\u0000cafe\u0301 \ud83d中'.repeat(62_500);
    expect(cleanText(text)).toBe('ok\ncafé \ufffd中'.repeat(62_500));
  });
});
