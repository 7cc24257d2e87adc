/**
 * Model and CLI error texts that must never be stored as memory ("Not logged in", a billing notice, an API error
 * echoed as the answer). A heuristic: it only has to catch the messages tools really print.
 */
const ERROR_PATTERNS: readonly RegExp[] = [
  /^\s*(api\s+)?error\s*([:([{]|\d{3}\b|while\b|when\b|during\b)/i,
  /^\s*(an?\s+)?(unexpected\s+)?(error|exception)\s+(occurred|was raised)/i,
  /\bnot logged in\b/i,
  /\bplease run \/login\b/i,
  /\binvalid api key\b/i,
  /\bcredit balance is too low\b/i,
  /\b(usage|rate) limit (reached|exceeded)\b/i,
  /\boverloaded_error\b|\brate_limit_error\b|\bauthentication_error\b|\binvalid_request_error\b/i,
  /^\s*(the )?(request |call |operation )?timed out( after\b|[.!]?$)/i,
  /\bexecution error\b/i,
  /^\s*\{?\s*"?type"?\s*:\s*"?error"?/i,
];

export function looksLikeErrorText(text: string): boolean {
  return ERROR_PATTERNS.some((pattern) => pattern.test(text));
}
