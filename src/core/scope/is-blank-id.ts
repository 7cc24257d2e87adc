/**
 * Characters that show nothing: white space (spaces, tabs, line breaks, NBSP, the ideographic space U+3000), the
 * default-ignorable code points (zero-width spaces and joiners, the BOM, soft hyphens, bidi marks, variation
 * selectors, Hangul fillers, tag characters), control characters, and the blank Braille pattern U+2800.
 */
const NOTHING_VISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\u2800]*$/u;

/**
 * True when an id shows nothing: empty, or made only of characters no one can see. Such an id is no identity: a
 * person cannot tell it from an empty one in a header, a log or the inspector, and it comes from an empty value with
 * a stray BOM or joiner, so every client that sends one would share one memory.
 */
export function isBlankId(value: string): boolean {
  return typeof value === 'string' && NOTHING_VISIBLE.test(value);
}
