// `toWellFormed` is in Node 20 but in TypeScript's ES2024 library, which the project's ES2023 target leaves out.

/** C0 and C1 control characters, DEL included, except tab, line feed and carriage return (handled separately). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * Makes text safe to store and to count: lone surrogates become U+FFFD, `\r\n` and lone `\r` become `\n`, the other
 * control characters (C0, DEL and C1) except tab and line feed are removed, and the result is normalised to NFC.
 * Idempotent, and linear in the length of `text`.
 */
export function cleanText(text: string): string {
  return text.toWellFormed().replace(/\r\n?/g, '\n').replace(controlCharacters, '').normalize('NFC');
}
