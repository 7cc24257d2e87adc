import { z } from 'zod';

/**
 * What the Claude CLI adapter keeps per session between turns (stored by the stack as `ChatResult.state`). The
 * handle's uuid is `generationUuid(session.uuid, generation)`. `started`: the CLI holds a transcript under that
 * uuid, so the next turn resumes it. `cwd` and `configDir` are where the handle was created: the CLI keeps
 * transcripts per working directory and per config directory, so a resume must run there again.
 */
// A type, not an interface: it must fit `ModelSessionState`, a record, which an interface never does.
export type ClaudeCliState = {
  generation: number;
  started: boolean;
  cwd: string;
  /** `CLAUDE_CONFIG_DIR`, or null for the CLI's default (`~/.claude`). */
  configDir: string | null;
  /** The session's history version when this generation started (see `ChatRequest.historyVersion`). */
  historyVersion: number;
};

const stateSchema = z.object({
  generation: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  started: z.boolean(),
  cwd: z.string().min(1),
  configDir: z.string().min(1).nullable(),
  historyVersion: z.number().int().nonnegative().default(0),
});

/**
 * The adapter's state as stored, or null when there is none or it is not in this shape (a store edited by hand, an
 * older format): the session then starts over at generation 0, and if that generation's transcript is already taken
 * the usual fallback moves on to the next one.
 */
export function parseClaudeCliState(value: unknown): ClaudeCliState | null {
  const parsed = stateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
