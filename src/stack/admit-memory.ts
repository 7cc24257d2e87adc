import { MOST_UNITS_PER_CLUSTER } from '../core/facts/check-memory-text.js';
import { countGraphemes } from '../core/text/count-graphemes.js';
import { truncateGraphemes } from '../core/text/truncate-graphemes.js';
import type { DroppedSentences, MemoryCandidate, MemoryPolicy, MemoryVerdict } from '../spec/memory-policy.js';
import type { StackContext } from './stack-context.js';

/** How much of a refused text an event or an error carries. */
const EXCERPT = 200;
/** The most dropped sentences an event carries. */
const MOST_DROPPED = 50;

/**
 * The stack's policy asked about one text, and its answer held to what any memory must be, whatever policy gave it:
 * an admitted text is a non-empty string within the kind's cap (a policy of the user's that admits anything cannot
 * store a megabyte or a non-string); a refusal has a reason. Anything else is refused as 'policy-output'.
 */
export function admitMemory(context: Pick<StackContext, 'policy'>, candidate: MemoryCandidate): MemoryVerdict {
  // What an extractor returned is not typed: a non-string never reaches a policy.
  if (typeof candidate.text !== 'string') return { ok: false, text: '', reason: 'not-text' };
  const verdict: unknown = context.policy.admit(candidate);
  if (typeof verdict !== 'object' || verdict === null) return malformed(candidate);
  const { ok, text, reason, dropped } = verdict as Record<string, unknown>;
  if (ok === false) {
    return {
      ok: false,
      text: typeof text === 'string' ? truncateGraphemes(text, EXCERPT) : '',
      reason: typeof reason === 'string' && reason !== '' ? reason.slice(0, 100) : 'refused',
      dropped: droppedSentences(dropped),
    };
  }
  if (ok !== true || typeof text !== 'string' || text.trim() === '') return malformed(candidate);
  if (
    text.length > candidate.maxChars * MOST_UNITS_PER_CLUSTER ||
    countGraphemes(text, { stopAfter: candidate.maxChars }) > candidate.maxChars
  ) {
    return malformed(candidate);
  }
  return { ok: true, text, dropped: droppedSentences(dropped) };
}

/** A policy's dropped sentences, as far as they are sentences with reasons; a few of them, each cut short. */
function droppedSentences(value: unknown): DroppedSentences {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MOST_DROPPED).flatMap((item: unknown) => {
    const { text, reason } = (item ?? {}) as Record<string, unknown>;
    if (typeof text !== 'string') return [];
    const why = typeof reason === 'string' && reason !== '' ? reason.slice(0, 100) : 'dropped';
    return [{ text: truncateGraphemes(text, EXCERPT), reason: why }];
  });
}

function malformed(candidate: MemoryCandidate): MemoryVerdict {
  const text = typeof candidate.text === 'string' ? truncateGraphemes(candidate.text, EXCERPT) : '';
  return { ok: false, text, reason: 'policy-output' };
}

/** The policy a stack was given, checked for shape once, so that a wrong one fails at creation, not mid-turn. */
export function isMemoryPolicy(value: unknown): value is MemoryPolicy {
  if (typeof value !== 'object' || value === null) return false;
  const { admit, supersede } = value as Record<string, unknown>;
  if (typeof admit !== 'function' || typeof supersede !== 'object' || supersede === null) return false;
  const { statements, cues, find } = supersede as Record<string, unknown>;
  return typeof statements === 'function' && typeof cues === 'function' && typeof find === 'function';
}
