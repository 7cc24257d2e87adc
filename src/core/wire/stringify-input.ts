/** A tool call's input or arguments as the text it costs: its JSON, or '' when it has none. */
export function stringifyInput(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    // A cycle or a BigInt in a caller's tool input: it still costs something, but memstack cannot say what.
    return '';
  }
}
