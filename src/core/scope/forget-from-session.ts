import type { Clarification } from '../../spec/memory-store.js';

/** What a session keeps of its pin and summary when a user's turns leave it (every store applies the same rule). */
export interface SessionAfterForget {
  /** The user gave the task: the pin's task goes (and its clarifications with it). */
  taskForgotten: boolean;
  /** The clarifications left: the other users' answers. */
  clarifications: Clarification[];
  /** Attempts to pin start again: the task went, or the message it was to be distilled from did. */
  resetPinAttempts: boolean;
  /**
   * The summary goes: it may quote any turn it covers, and it covers a forgotten one. The turns it covered are sent as
   * history again (the next compression summarises them without the forgotten ones).
   */
  dropSummary: boolean;
}

export function forgetFromSession(
  session: {
    taskUserId: string | null;
    clarifications: readonly Clarification[];
    taskSourceTurnId: number | null;
    summaryThroughTurnId: number;
  },
  userId: string,
  forgottenTurnIds: ReadonlySet<number>,
  /** The forgotten turns of this session. */
  sessionTurnIds: readonly number[],
): SessionAfterForget {
  const taskForgotten = session.taskUserId === userId;
  const sourceForgotten = session.taskSourceTurnId !== null && forgottenTurnIds.has(session.taskSourceTurnId);
  return {
    taskForgotten,
    clarifications: taskForgotten
      ? []
      : session.clarifications.filter((clarification) => clarification.userId !== userId),
    resetPinAttempts: taskForgotten || sourceForgotten,
    dropSummary: sessionTurnIds.some((id) => id <= session.summaryThroughTurnId),
  };
}
