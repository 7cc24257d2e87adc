import { isErrorReport } from '../memory-rules/is-error-report.js';

/**
 * Whether a text is a model, SDK, HTTP library or CLI error report ("Not logged in", a billing notice, an API error
 * echoed as the answer) rather than a text that mentions one. Kept for callers of the old name; the memory gate
 * (`checkMemoryText`) applies it with the other rules.
 */
export function looksLikeErrorText(text: string): boolean {
  return isErrorReport(text);
}
