import { driftScore } from '../core/drift-score.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { PreparedTurn } from '../spec/prepared-turn.js';
import { checkMessage } from './check-message.js';
import { compressSession } from './compress-session.js';
import { extractMemory } from './extract-memory.js';
import type { RecordedTurn, RecordInput } from './memory-stack.js';
import type { StackContext } from './stack-context.js';

/**
 * Persists the user's raw message (never the recap) and the reply in one transaction, then schedules extraction.
 * Extraction can fail or hang without this call noticing.
 */
export async function recordTurn(
  context: StackContext,
  prepared: PreparedTurn,
  reply: RecordInput,
): Promise<RecordedTurn> {
  const state = context.prepared.get(prepared);
  if (!state) {
    throw new InvalidInputError(
      'NOT_PREPARED_HERE',
      'prepared',
      'record() takes a PreparedTurn returned by this stack',
    );
  }
  if (state.recorded) throw new InvalidInputError('ALREADY_RECORDED', 'prepared', 'this turn was already recorded');
  if (typeof reply !== 'object' || reply === null) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'reply', 'record() takes { text, usage? } as its second argument');
  }
  const replyText = checkMessage(reply.text, 'text', context.limits.maxMessageChars);
  state.recorded = true;

  const { input, session } = prepared;
  const at = context.now();
  // The simulator runs for every turn, so that its cache state follows the session even when figures are given.
  const estimate = context.estimateUsage(session.key, prepared.request, replyText, at);
  const usage = reply.usage ?? estimate;
  const memory = memoryTokens(prepared);
  let ids: { userTurnId: number; assistantTurnId: number };
  try {
    ids = await context.store.sessions.appendExchange({
      session: {
        key: session.key,
        uuid: session.uuid,
        agentId: input.agentId,
        channelId: input.channelId || null,
        threadId: input.threadId || null,
      },
      userId: input.userId ?? null,
      user: { text: input.text, tokens: context.tokenizer.count(input.text) },
      assistant: {
        text: replyText,
        tokens: context.tokenizer.count(replyText),
        usage,
        path: reply.path,
        memoryTokens: memory,
      },
      taskSource: state.taskSourceNeeded,
      systemPin: state.systemPin,
      injectedFactIds: prepared.facts.map((fact) => fact.id),
      at,
    });
  } catch (error) {
    state.recorded = false;
    throw error;
  }

  context.emit({
    type: 'usage',
    sessionKey: session.key,
    source: reply.usage ? 'provider' : 'estimate',
    usage,
    memoryTokens: memory,
  });
  const drift = driftScore(replyText, { pinned: prepared.pinned, facts: prepared.facts.map((fact) => fact.text) });
  if (drift) context.emit({ type: 'drift', sessionKey: session.key, ...drift });

  const extractionScheduled = context.queue.schedule(session.key, async () => {
    await extractMemory(context, { prepared, replyText, userTurnId: ids.userTurnId });
    await compressSession(context, session.key);
    await context.purgeFacts();
  });
  if (!extractionScheduled) context.emit({ type: 'extraction-skipped', sessionKey: session.key, reason: 'queue-full' });
  return { ...ids, extractionScheduled };
}

function memoryTokens(prepared: PreparedTurn): number {
  const { pin, summary, recap, facts, recalled } = prepared.tokens;
  return pin + summary + recap + facts + recalled;
}
