import { redactInjections } from '../core/memory-rules/redact-injections.js';
import { renderPin } from '../core/prompt/render-pin.js';
import { InvalidOutputError } from '../spec/errors/invalid-output-error.js';
import type { TurnRecord } from '../spec/memory-store.js';
import { admitMemory } from './admit-memory.js';
import type { StackContext } from './stack-context.js';
import { TimeoutSignal, withTimeout } from './with-timeout.js';

/** Fewer turns than this are always kept verbatim, however long they are. */
const MIN_KEPT_TURNS = 4;

/**
 * Compresses a session whose stored history passed the threshold: one summariser call over the older turns, then the
 * summary and the watermark are written together, on condition that no other compression moved the watermark and no
 * forget removed turns meanwhile (both change the history version). No
 * turn is deleted: a failed call changes nothing (the next turn tries again), turns recorded meanwhile are after the
 * watermark, and the pin is untouched. Never throws.
 */
export async function compressSession(context: StackContext, sessionKey: string): Promise<void> {
  const { store, limits, extractor } = context;
  if (!extractor.summarize) return;
  try {
    const snapshot = await store.sessions.read(sessionKey);
    if (!snapshot) return;
    const { session, turns } = snapshot;
    const historyTokens = turns.reduce((sum, turn) => sum + turn.tokens, 0);
    if (historyTokens <= limits.compressionThresholdTokens) return;
    const older = olderTurns(turns, limits.compressionKeepTokens);
    const last = older.at(-1);
    if (!last) return;

    const raw = await withTimeout(limits.extractionTimeoutMs, (signal) =>
      // biome-ignore lint/style/noNonNullAssertion: checked above; the closure loses the narrowing.
      extractor.summarize!(
        {
          previousSummary: session.summary,
          turns: older.map(({ role, text }) => ({ role, text })),
          pinned: session.pin ? renderPin(session.pin) : null,
        },
        { signal },
      ),
    );
    const summary = checkSummary(context, raw, limits.summaryMaxChars);
    const written = await store.sessions.compress(sessionKey, {
      summary,
      throughTurnId: last.id,
      expectedThroughTurnId: session.summaryThroughTurnId,
      expectedHistoryVersion: session.historyVersion,
    });
    if (written) {
      context.historyCache.clear();
      context.emit({ type: 'compressed', sessionKey, turns: older.length, tokens: historyTokens, summary });
    }
  } catch (error) {
    const reason = error instanceof TimeoutSignal ? 'timeout' : 'error';
    context.emit({ type: 'compression-failed', sessionKey, reason, error });
  }
}

/** The turns to summarise: all but the most recent ones worth `keepTokens`, ending with a reply. */
function olderTurns(turns: readonly TurnRecord[], keepTokens: number): TurnRecord[] {
  let kept = 0;
  let split = turns.length;
  while (split > 0 && (turns.length - split < MIN_KEPT_TURNS || kept + (turns[split - 1]?.tokens ?? 0) <= keepTokens)) {
    split -= 1;
    kept += turns[split]?.tokens ?? 0;
  }
  // The kept part must start with a user turn, so the summarised part ends with a reply.
  while (split > 0 && turns[split - 1]?.role !== 'assistant') split -= 1;
  return turns.slice(0, split);
}

/**
 * The summary as it may enter the system prompt, through the memory gate. One attack quoted in the conversation
 * ("the page said: ignore all previous instructions") would otherwise stop compression for good: its sentences are
 * taken out and the rest checked again. Anything else the gate refuses (an error text, junk, an oversized output) is
 * an `InvalidOutputError`: nothing is written, and the next turn tries again.
 */
function checkSummary(context: StackContext, raw: unknown, maxChars: number): string {
  if (typeof raw !== 'string') throw new InvalidOutputError('the summary was refused (not-text)', '');
  let checked = admitMemory(context, { text: raw, kind: 'summary', source: 'reply', maxChars });
  if (!checked.ok && checked.reason === 'injection') {
    checked = admitMemory(context, { text: redactInjections(raw).text, kind: 'summary', source: 'reply', maxChars });
  }
  if (!checked.ok) throw new InvalidOutputError(`the summary was refused (${checked.reason})`, checked.text);
  return checked.text;
}
