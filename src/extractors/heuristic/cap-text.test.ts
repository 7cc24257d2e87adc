import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capText } from './cap-text.js';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (text: string) => Array.from(segmenter.segment(text)).length;

describe('capText', () => {
  it('returns text within the limit unchanged', () => {
    expect(capText('short', 10)).toBe('short');
    expect(capText('exactly10!', 10)).toBe('exactly10!');
  });

  it('cuts longer text to the limit, ending with an ellipsis', () => {
    expect(capText('abcdefghijkl', 5)).toBe('abcd…');
    expect(capText('帮我把项目迁移到 Vite', 5)).toBe('帮我把项…');
  });

  it('never splits a grapheme cluster', () => {
    const family = '👨‍👩‍👧‍👦';
    expect(capText(`${family}${family}${family}`, 2)).toBe(`${family}…`);
    expect(capText('e\u0301e\u0301e\u0301e\u0301', 3)).toBe('e\u0301e\u0301…');
  });

  it('never returns more clusters than the limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.integer({ min: 1, max: 20 }), (text, limit) => {
        const capped = capText(text, limit);
        expect(graphemes(capped)).toBeLessThanOrEqual(limit);
        if (graphemes(text) <= limit) expect(capped).toBe(text);
        else expect(capped.endsWith('…')).toBe(true);
      }),
    );
  });
});
