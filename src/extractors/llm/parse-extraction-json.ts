import { InvalidOutputError } from '../../spec/errors/invalid-output-error.js';

const MAX_ATTEMPTS = 16;

/**
 * The JSON object in a model's reply: the reply itself, or the object inside a code fence or after stray prose.
 * A reply with no parsable object (an error text, a refusal) is an `InvalidOutputError`.
 */
export function parseExtractionJson(text: string): unknown {
  const end = text.lastIndexOf('}');
  let start = text.indexOf('{');
  if (start < 0 || end < start) {
    throw new InvalidOutputError('the extraction reply holds no JSON object', text.slice(0, 200));
  }
  // Prose before the object may hold braces of its own ("I used {} for empty"): try each opening brace in turn.
  let lastError: unknown;
  for (let attempts = 0; start >= 0 && start < end && attempts < MAX_ATTEMPTS; attempts += 1) {
    try {
      return JSON.parse(text.slice(start, end + 1));
    } catch (error) {
      lastError = error;
      start = text.indexOf('{', start + 1);
    }
  }
  // Models often leave a comma before a closing brace or bracket (`"supersedes": [],\n}`): the same object without it.
  const repaired = withoutTrailingCommas(text.slice(text.indexOf('{'), end + 1));
  try {
    return JSON.parse(repaired);
  } catch {
    throw new InvalidOutputError('the extraction reply is not valid JSON', text.slice(0, 200), { cause: lastError });
  }
}

/** The text without commas that stand right before a `}` or `]` (white space between), strings left as they are. */
export function withoutTrailingCommas(text: string): string {
  let result = '';
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index] as string;
    if (inString) {
      if (character === '\\') {
        result += character + (text[index + 1] ?? '');
        index += 1;
        continue;
      }
      if (character === '"') inString = false;
    } else if (character === '"') {
      inString = true;
    } else if (character === ',' && /^\s*[}\]]/.test(text.slice(index + 1, index + 200))) {
      continue;
    }
    result += character;
  }
  return result;
}
