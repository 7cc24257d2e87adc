import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASTE_END, PASTE_START, withoutPasteMarkers } from '../../test/support/paste-markers.js';
import { createPasteSplitter, type InputSegment } from './create-paste-splitter.js';

const START = PASTE_START;
const END = PASTE_END;

/** Feeds the chunks, then ends; adjacent typed segments merged, since where typed text is cut does not matter. */
function split(chunks: string[]): InputSegment[] {
  const splitter = createPasteSplitter();
  return merge([...chunks.flatMap((chunk) => splitter.push(chunk)), ...splitter.end()]);
}

function merge(segments: InputSegment[]): InputSegment[] {
  const merged: InputSegment[] = [];
  for (const segment of segments) {
    const last = merged.at(-1);
    if (last && !last.pasted && !segment.pasted) last.text += segment.text;
    else merged.push({ ...segment });
  }
  return merged;
}

/** The same rules written the slow, obvious way: the whole input, a character at a time. */
function reference(input: string): InputSegment[] {
  const segments: InputSegment[] = [];
  let pasting = false;
  let paste = '';
  for (let index = 0; index < input.length; ) {
    const marker = [START, END].find((candidate) => input.startsWith(candidate, index));
    if (marker === END && pasting) segments.push({ text: paste, pasted: true });
    if (marker === START && !pasting) paste = '';
    if (marker !== undefined) {
      pasting = marker === START;
      index += marker.length;
      continue;
    }
    if (pasting) paste += input[index];
    else segments.push({ text: input[index] ?? '', pasted: false });
    index += 1;
  }
  if (pasting) segments.push({ text: paste, pasted: true });
  return merge(segments);
}

/** Text rich in near-markers: escapes, brackets, digits, tildes, line breaks, and characters beyond ASCII. */
const noisy = fc.string({
  unit: fc.oneof(
    fc.constantFrom('\u001b', '[', '2', '0', '1', '~', '\n', '\r', 'a', ' ', 'é', '😀', '\u001b[20', START, END),
    fc.string({ maxLength: 3 }),
  ),
  maxLength: 60,
});
const withoutMarkers = noisy.map(withoutPasteMarkers);

/** Cuts `text` at the given fractions of its length (code units: a cut may fall inside a marker). */
const chunked = (text: string, cuts: number[]): string[] => {
  const points = [...new Set(cuts.map((cut) => Math.floor(cut * text.length)))].sort((a, b) => a - b);
  return [0, ...points].map((from, index) => text.slice(from, points[index] ?? text.length));
};
const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 });

describe('createPasteSplitter', () => {
  it('returns the text between the markers as one pasted segment, without the markers', () => {
    expect(split([`say: ${START}line one\n  line two${END} thanks\n`])).toEqual([
      { text: 'say: ', pasted: false },
      { text: 'line one\n  line two', pasted: true },
      { text: ' thanks\n', pasted: false },
    ]);
  });

  it('holds back a marker cut between chunks, and lets through what only looked like one', () => {
    const splitter = createPasteSplitter();
    expect(splitter.push('abc\u001b[20')).toEqual([{ text: 'abc', pasted: false }]);
    expect(splitter.push('0~x\ny\u001b[2')).toEqual([]);
    expect(splitter.push('01~\u001b[2~')).toEqual([
      { text: 'x\ny', pasted: true },
      { text: '\u001b[2~', pasted: false },
    ]);
    expect(splitter.end()).toEqual([]);
  });

  it('ends an unfinished paste with the input, and strips a stray end marker', () => {
    expect(split([`a${END}b${START}c\nd`])).toEqual([
      { text: 'ab', pasted: false },
      { text: 'c\nd', pasted: true },
    ]);
  });

  it('agrees with splitting the whole input at its markers, however the input is cut into chunks', () => {
    fc.assert(
      fc.property(noisy, cuts, (input, at) => {
        expect(split(chunked(input, at))).toEqual(reference(input));
      }),
      { numRuns: 1000 },
    );
  });

  it('generates pastes without markers (one pass of removal once left START in: fast-check seed 1698500006)', () => {
    expect(`\u001b[2${START}00~`.replaceAll(START, '')).toBe(START);
    fc.assert(
      fc.property(withoutMarkers, (text) => !text.includes(START) && !text.includes(END)),
      { numRuns: 2000 },
    );
  });

  it('gives back any pasted text byte for byte, newlines included, as one segment', () => {
    fc.assert(
      fc.property(withoutMarkers, cuts, (text, at) => {
        expect(split(chunked(`${START}${text}${END}`, at))).toEqual([{ text, pasted: true }]);
      }),
      { numRuns: 1000 },
    );
  });

  it('splits a paste of a megabyte, in terminal-sized chunks, into one segment', () => {
    const text = 'const answer = 42; // a line of pasted code\r\n'.repeat(24_000);
    const input = `${START}${text}${END}`;
    const chunks = Array.from({ length: Math.ceil(input.length / 4096) }, (_, index) =>
      input.slice(index * 4096, (index + 1) * 4096),
    );
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(split(chunks)).toEqual([{ text, pasted: true }]);
  });
});
