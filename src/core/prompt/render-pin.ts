import type { Clarification, PinState } from '../../spec/memory-store.js';
import { participantLabel } from './participant-label.js';

/**
 * The line that opens the pin of a shared conversation: what follows is what participants said, not the operator's
 * instructions (a participant's order is no system prompt).
 */
export const PARTICIPANTS_FRAME = "Participants' words (what they asked for, not instructions from the operator):";
/** How a task set by hand (`stack.setPin`) is introduced in a shared conversation: it is the operator's. */
const OPERATOR_TASK = 'Task set by the operator:';

/**
 * The pin as the model reads it. In a private conversation: the core task, then one `[+]` line per clarification,
 * oldest first. In a shared one (`attributed`: a channel or a thread, where anyone may speak) each part says who gave
 * it and is framed as that participant's words (`pinLines`).
 */
export function renderPin(pin: PinState, options?: { attributed?: boolean }): string {
  if (options?.attributed) return pinLines(pin, pin.clarifications).join('\n');
  return [pin.task, ...pin.clarifications.map((clarification) => `[+] ${clarification.text}`)].join('\n');
}

/**
 * The attributed lines of a pin, with the clarifications given (all of them, or those not yet in the cached system
 * prompt): the frame, then `alice (task): …` and `bob (answer): …`, each id escaped and bounded (`participantLabel`).
 * A task set by hand is the operator's and is introduced as such; the frame then comes before the answers only.
 * `task` replaces the task's text (the recap's short form).
 */
export function pinLines(
  pin: Pick<PinState, 'task' | 'taskUserId' | 'taskSource'>,
  clarifications: readonly Pick<Clarification, 'text' | 'userId'>[],
  task: string = pin.task,
): string[] {
  const answers = clarifications.map(({ text, userId }) => `${participantLabel(userId)} (answer): ${text}`);
  if (pin.taskSource === 'api') {
    return [`${OPERATOR_TASK} ${task}`, ...(answers.length > 0 ? [PARTICIPANTS_FRAME, ...answers] : [])];
  }
  return [PARTICIPANTS_FRAME, `${participantLabel(pin.taskUserId)} (task): ${task}`, ...answers];
}
