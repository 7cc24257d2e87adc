const CACHE_SIZE = 512;
const numbered = new Map<string, string>();

/**
 * A statement written with `?` placeholders, with `$1`, `$2`... instead (Postgres's). A `?` inside a quoted string or
 * identifier is left alone; the shared statements use no operator spelled with `?`.
 */
export function numberedPlaceholders(text: string): string {
  const known = numbered.get(text);
  if (known !== undefined) return known;
  let result = '';
  let count = 0;
  let quote: string | null = null;
  for (const character of text) {
    if (quote !== null) {
      if (character === quote) quote = null;
      result += character;
    } else if (character === "'" || character === '"') {
      quote = character;
      result += character;
    } else if (character === '?') {
      count += 1;
      result += `$${count}`;
    } else result += character;
  }
  if (numbered.size >= CACHE_SIZE) numbered.delete(numbered.keys().next().value as string);
  numbered.set(text, result);
  return result;
}
