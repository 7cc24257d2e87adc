import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import { cacheRules } from './cache-rules.js';

/** A piece of a request's input, for the ideal cache: its text identifies it. */
export interface IdealSegment {
  text: string;
  tokens: number;
}

export interface IdealRequest {
  /** When the request is sent (ms). */
  at: number;
  segments: readonly IdealSegment[];
}

export interface IdealResult {
  /** Tokens sent by an earlier request of the sequence and still alive: read. */
  cacheReadTokens: number;
  /** Tokens not sent before (or expired): written once. */
  cacheWriteTokens: number;
  totalTokens: number;
}

/**
 * The limit no prompt layout can beat, for one session's requests in order: every segment sent before is read from
 * the cache while it is alive (less than `windowMs` since it was last sent), every new one is written once, and the
 * first request starts cold. Unlike the provider's cache it needs no common prefix and no breakpoint: a segment is
 * read wherever it sits. Throws `InvalidInputError` for times that go backwards or invalid token counts.
 */
export function idealPromptCache(
  requests: readonly IdealRequest[],
  windowMs: number = cacheRules.lifetimeMilliseconds['5m'],
): IdealResult[] {
  const lastSent = new Map<string, number>();
  let previousAt = Number.NEGATIVE_INFINITY;
  return requests.map((request) => {
    if (!Number.isFinite(request.at) || request.at < previousAt) {
      throw new InvalidInputError('INVALID_ARGUMENT', 'at', 'request times must be finite and never go backwards');
    }
    previousAt = request.at;
    const result: IdealResult = { cacheReadTokens: 0, cacheWriteTokens: 0, totalTokens: 0 };
    for (const segment of request.segments) {
      if (!Number.isSafeInteger(segment.tokens) || segment.tokens < 0) {
        throw new InvalidInputError('INVALID_ARGUMENT', 'tokens', 'segment token counts must be whole numbers ≥ 0');
      }
      const sent = lastSent.get(segment.text);
      // Sent by an earlier request (not this one) that is still alive.
      if (sent !== undefined && sent < request.at && request.at - sent < windowMs) {
        result.cacheReadTokens += segment.tokens;
      } else {
        result.cacheWriteTokens += segment.tokens;
      }
      result.totalTokens += segment.tokens;
    }
    for (const segment of request.segments) lastSent.set(segment.text, request.at);
    return result;
  });
}
