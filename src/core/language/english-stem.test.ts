import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stemPrefix } from './english-stem.js';

describe('stemPrefix', () => {
  it('leaves a short word whole', () => {
    expect(stemPrefix('uses')).toBe('uses');
    expect(stemPrefix('runs')).toBe('runs');
  });

  it('is a prefix of every inflection it stands for', () => {
    for (const [word, forms] of [
      ['studies', ['study', 'studies', 'studied', 'studying']],
      ['releases', ['release', 'released', 'releasing']],
      ['options', ['option', 'options', 'optional']],
      ['deploying', ['deploy', 'deploys', 'deployed']],
    ] as const) {
      for (const form of forms) expect(form.startsWith(stemPrefix(word)), `${word} → ${form}`).toBe(true);
    }
  });

  it('is a prefix of the word itself, never empty for a word (property)', () => {
    fc.assert(
      fc.property(
        fc
          .tuple(
            fc.stringMatching(/^[a-z]{1,8}$/),
            fc.constantFrom('', 's', 'es', 'ies', 'sses', 'ed', 'ing', 'y', 'e'),
          )
          .map(([head, tail]) => head + tail),
        (word) => {
          expect(word.startsWith(stemPrefix(word))).toBe(true);
          expect(stemPrefix(word).length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
