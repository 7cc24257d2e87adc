import fc from 'fast-check';

/**
 * Characters that show nothing, listed here by hand (not derived from the rule under test): every kind of space,
 * zero-width characters, format marks, fillers, tags, controls.
 */
export const INVISIBLE = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\v',
  '\f',
  '\u0085', // next line
  '\u00a0', // no-break space
  '\u1680',
  '\u2000',
  '\u2007', // figure space
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000', // ideographic space
  '\u200b', // zero-width space
  '\u200c', // zero-width non-joiner
  '\u200d', // zero-width joiner
  '\u2060', // word joiner
  '\ufeff', // byte order mark
  '\u00ad', // soft hyphen
  '\u034f', // combining grapheme joiner
  '\u180e', // Mongolian vowel separator
  '\u200e', // left-to-right mark
  '\u202e', // right-to-left override
  '\u2066', // left-to-right isolate
  '\ufe0f', // variation selector 16
  '\u3164', // Hangul filler
  '\uffa0', // half-width Hangul filler
  '\u115f', // Hangul choseong filler
  '\u{e0041}', // tag letter A
  '\u2800', // blank Braille pattern
  '\u0000',
  '\u001b',
] as const;

/** A blank id: empty, or a run of invisible characters. */
export const blankId = fc.array(fc.constantFrom(...INVISIBLE), { maxLength: 6 }).map((run) => run.join(''));

/** A grapheme anyone can see: a letter, digit, punctuation mark or symbol of any script, an emoji. */
export const visibleGrapheme = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
  .filter((grapheme) => /[\p{L}\p{N}\p{P}\p{S}]/u.test(grapheme));
