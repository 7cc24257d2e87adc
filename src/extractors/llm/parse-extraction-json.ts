import { InvalidOutputError } from '../../spec/errors/invalid-output-error.js';

/**
 * The JSON object in a model's reply: the reply itself, or the object inside a code fence or after stray prose.
 * A reply with no parsable object (an error text, a refusal) is an `InvalidOutputError`.
 */
export function parseExtractionJson(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) {
    throw new InvalidOutputError('the extraction reply holds no JSON object', text.slice(0, 200));
  }
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch (error) {
    throw new InvalidOutputError('the extraction reply is not valid JSON', text.slice(0, 200), { cause: error });
  }
}
