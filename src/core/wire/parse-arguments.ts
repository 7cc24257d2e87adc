/** A tool call's arguments as sent in pieces (JSON text): the object, or the text itself when it is not JSON. */
export function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text === '' ? '{}' : text);
  } catch {
    return text;
  }
}
