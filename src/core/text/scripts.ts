/**
 * The script table: which characters memstack treats as Chinese, Japanese and Korean, defined once. Each entry is
 * a regular-expression class body (for the `u` flag), so that callers can combine them; the testers below are the
 * combinations the code uses. Unicode's Script property is the source: it covers every extension block (Han
 * extensions B to H in the supplementary planes), the compatibility ideographs, half-width katakana and Hangul
 * jamo, which hand-written ranges missed.
 */
export const SCRIPT = {
  /** Chinese characters, as used in Chinese and Japanese (and the iteration mark U+3005, Han by Unicode). */
  han: '\\p{Script=Han}',
  /** Hiragana and katakana, with the prolonged sound mark ー (Common by Unicode, but always inside kana words). */
  kana: '\\p{Script=Hiragana}\\p{Script=Katakana}\\u30fc',
  /** Hangul syllables and jamo. */
  hangul: '\\p{Script=Hangul}',
  /** Ideographic punctuation and symbols (、。「」〜) and the full-width and half-width forms (！, ，, half-width katakana). */
  widePunctuation: '\\u3000-\\u303f\\uff00-\\uffef',
} as const;

/** Scripts written without spaces between words (Chinese, Japanese): a run of them is one "word" to a tokenizer. */
export const UNSPACED_LETTERS = `${SCRIPT.han}${SCRIPT.kana}`;
/** Chinese, Japanese and Korean letters: the scripts indexed by character bigrams. */
export const CJK_LETTERS = `${UNSPACED_LETTERS}${SCRIPT.hangul}`;

/** A run of Chinese, Japanese or Korean letters (global: for `match` and `replace`). */
export const CJK_RUN = new RegExp(`[${CJK_LETTERS}]+`, 'gu');
/** One Chinese, Japanese or Korean letter. */
export const CJK_LETTER = new RegExp(`[${CJK_LETTERS}]`, 'u');
/** One letter of a script written without spaces (Chinese, Japanese). */
export const UNSPACED_LETTER = new RegExp(`[${UNSPACED_LETTERS}]`, 'u');
/** One kana (the text is Japanese, not Chinese, when it has one). */
export const KANA_LETTER = new RegExp(`[${SCRIPT.kana}]`, 'u');
/** One character of unspaced text or its punctuation: no space is put next to it. */
export const UNSPACED_CHARACTER = new RegExp(`[${UNSPACED_LETTERS}${SCRIPT.widePunctuation}]`, 'u');

/**
 * One letter of the scripts people write in (Latin to Extended-B and Additional, Greek, Cyrillic, Armenian, Hebrew,
 * Arabic, the Indic scripts, Thai, Lao, Tibetan, Myanmar, Georgian, Ethiopic, Khmer, Bopomofo, and Chinese, Japanese
 * and Korean). Letters of other blocks (runes, phonetic extensions, Cyrillic Extended-B) in a token are scrambled
 * Unicode.
 */
export const COMMON_LETTER = new RegExp(
  `[\\u0041-\\u024f\\u0370-\\u052f\\u0531-\\u06ff\\u0900-\\u0dff\\u0e00-\\u0fff\\u1000-\\u109f\\u10a0-\\u10ff\\u1200-\\u137f\\u1780-\\u17ff\\u1e00-\\u1fff\\u3100-\\u312f${CJK_LETTERS}]`,
  'u',
);
