import { cleanText } from '../core/text/clean-text.js';
import { countGraphemes } from '../core/text/count-graphemes.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';

/**
 * A message as memstack stores it: well-formed Unicode without control characters. Rejects, with a typed error,
 * what no model can take: a non-string, an empty or whitespace-only text, or one over `maxChars` characters.
 */
export function checkMessage(text: unknown, argument: string, maxChars: number): string {
  if (typeof text !== 'string') {
    throw new InvalidInputError('INVALID_ARGUMENT', argument, `${argument} must be a string`);
  }
  // Count before cleaning: a 10 MB paste costs only the limit to reject.
  if (text.length > maxChars && countGraphemes(text, { stopAfter: maxChars }) > maxChars) {
    throw new InvalidInputError(
      'MESSAGE_TOO_LARGE',
      argument,
      `${argument} is longer than ${maxChars} characters (limits.maxMessageChars)`,
    );
  }
  const cleaned = cleanText(text);
  if (cleaned.trim() === '') {
    throw new InvalidInputError('EMPTY_MESSAGE', argument, `${argument} is empty`);
  }
  return cleaned;
}
