/** The punctuation and spaces around a greeting or thanks in any language, as a character class source. */
export const COURTESY_PUNCTUATION = '[\\s,，、.!！。~～]';
