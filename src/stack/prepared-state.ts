import { statesTask } from '../core/task/states-task.js';
import { stripSenderMetadata } from '../core/text/strip-sender-metadata.js';
import type { ExchangeOnce } from '../spec/memory-store.js';
import type { PreparedTurn } from '../spec/prepared-turn.js';
import type { SentPrompt } from '../spec/turn-trace.js';
import type { GatheredMemory } from './gather-memory.js';
import type { PreparedState } from './stack-context.js';

/** What `record` and the extraction job need of a turn, kept off the caller's object (see `PreparedState`). */
export function preparedState(
  turn: PreparedTurn,
  memory: GatheredMemory,
  text: string,
  sent: SentPrompt,
  once: ExchangeOnce,
  extra: Partial<Pick<PreparedState, 'decorated' | 'alreadyRecorded' | 'knownCounts' | 'droppedBreakpoints'>> & {
    /** A decorated turn's system text (the caller's), to tell a changed system prompt apart from a changed pin. */
    systemText?: string;
  } = {},
): PreparedState {
  const session = memory.snapshot?.session ?? null;
  const lastTurn = memory.snapshot?.turns.at(-1);
  const { split } = memory;
  const { systemText, ...rest } = extra;
  return {
    turn,
    previousTurn: lastTurn ? { id: lastTurn.id, text: lastTurn.text } : undefined,
    once,
    // The first message that states a task is the pin's source (decision 5): not a greeting, nor a question.
    taskSourceNeeded: (session?.taskSourceTurnId ?? null) === null && statesTask(stripSenderMetadata(text)),
    recorded: false,
    sent,
    modelState: session?.modelState ?? {},
    historyVersion: session?.historyVersion ?? 0,
    systemPin:
      split?.placed && split.system && session
        ? { text: split.system.text, at: new Date(split.system.at), pinVersion: session.pinVersion }
        : undefined,
    cacheParts: {
      // A decorated request has no summary: the caller's transcript is its history.
      summary: extra.decorated ? null : (session?.summary ?? null),
      pin: split ? (split.system?.text ?? null) : memory.prompt.system,
      ...(systemText === undefined ? {} : { system: systemText }),
    },
    ...rest,
  };
}
