const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A header's value as the text its client meant. Node hands a header over byte for byte, one character per byte
 * (Latin-1): curl, Python and most clients send non-ASCII text as its UTF-8 bytes (`José` arrives as `JosÃ©`), which
 * are decoded here. Bytes that are not UTF-8 are taken as Latin-1, as they came: that is what a JavaScript `Headers`
 * object sends for a character up to U+00FF (`é` as the byte 0xE9), and it names the same person. A value holding a
 * character above U+00FF did not come off the wire (an in-process request) and is taken as it is.
 */
export function headerText(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point of the check.
  if (/^[\u0000-\u007f]*$/.test(value) || /[^\u0000-\u00ff]/.test(value)) return value;
  try {
    return utf8.decode(Buffer.from(value, 'latin1'));
  } catch {
    return value;
  }
}
