import type { Usage } from '../spec/usage.js';

/** The steps of one user turn's tool loop recorded so far. */
export interface ToolLoop {
  /** The user turn's text: a step of another turn starts a new loop. */
  turnText: string;
  steps: number;
  /** What the assistant said along the way ("Let me look that up."), in order. */
  texts: string[];
  /** The usage of every step, summed. */
  usage: Usage;
  /** False once a step had no provider figures (its usage is memstack's estimate). */
  fromProvider: boolean;
}

/**
 * Tool loops in progress, per session: a loop is one exchange, stored when the final answer arrives with the usage
 * of every step. Held in this process only (a loop whose steps reach two processes loses the other's usage), and
 * bounded: the oldest sessions' loops go first.
 */
export interface ToolLoops {
  /** Adds a step; a step of a new user turn drops the session's previous, unfinished loop. */
  add(sessionKey: string, turnText: string, step: { text: string; usage: Usage; fromProvider: boolean }): ToolLoop;
  /** The session's loop for this user turn, or undefined. */
  peek(sessionKey: string, turnText: string): ToolLoop | undefined;
  /** Ends the session's loop for this user turn (its exchange is stored). */
  end(sessionKey: string, turnText: string): void;
  /** Forgets every loop (after a `forget`: their texts may be a forgotten user's). */
  clear(): void;
}

const SESSIONS_TRACKED = 1000;

export function createToolLoops(): ToolLoops {
  const loops = new Map<string, ToolLoop>();
  return {
    add(sessionKey, turnText, step) {
      const previous = loops.get(sessionKey);
      loops.delete(sessionKey);
      const loop: ToolLoop =
        previous && previous.turnText === turnText
          ? previous
          : { turnText, steps: 0, texts: [], usage: {}, fromProvider: true };
      loop.steps += 1;
      if (step.text !== '') loop.texts.push(step.text);
      loop.usage = addUsage(loop.usage, step.usage);
      loop.fromProvider &&= step.fromProvider;
      if (loops.size >= SESSIONS_TRACKED) loops.delete(loops.keys().next().value as string);
      loops.set(sessionKey, loop);
      return loop;
    },
    peek(sessionKey, turnText) {
      const loop = loops.get(sessionKey);
      return loop?.turnText === turnText ? loop : undefined;
    },
    end(sessionKey, turnText) {
      if (loops.get(sessionKey)?.turnText === turnText) loops.delete(sessionKey);
    },
    clear: () => loops.clear(),
  };
}

const FIELDS = ['inputTokens', 'outputTokens', 'cacheReadInputTokens', 'cacheCreationInputTokens'] as const;

/** Usage of two calls together: a field reported by either is the sum of what was reported. */
export function addUsage(left: Usage, right: Usage): Usage {
  const sum: Usage = {};
  for (const field of FIELDS) {
    const a = left[field];
    const b = right[field];
    if (a !== undefined || b !== undefined) sum[field] = (a ?? 0) + (b ?? 0);
  }
  return sum;
}
