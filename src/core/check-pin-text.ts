import { cleanText } from './clean-text.js';
import { looksLikeErrorText } from './looks-like-error-text.js';
import { truncateGraphemes } from './truncate-graphemes.js';

/**
 * A task or clarification as it may enter the pin: cleaned, whitespace-compacted, capped; null when empty or when
 * it is an error text (a CLI's "Not logged in" must never become the task).
 */
export function checkPinText(raw: string, maxChars: number): string | null {
  const text = cleanText(raw)
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (text === '' || looksLikeErrorText(text)) return null;
  return truncateGraphemes(text, maxChars);
}
