import type { RecalledTurn } from '../../spec/prepared-turn.js';
import { escapeTags } from '../text/escape-tags.js';

/** The heading of the recalled turns in the recap. */
export const RECALLED_HEADING = 'Earlier in this conversation:';

/**
 * The recap's section of recalled turns: a heading, then one bullet per turn in the order given, with who said it
 * and the day (UTC), each snippet tag-escaped. Empty for no turn.
 *
 * ```text
 * Earlier in this conversation:
 * - assistant (2026-11-02): Option A: Postgres with pgvector; Option B: SQLite with FTS5…
 * ```
 */
export function formatRecalledTurns(turns: ReadonlyArray<Pick<RecalledTurn, 'role' | 'text' | 'createdAt'>>): string {
  if (turns.length === 0) return '';
  const lines = turns.map(({ role, text, createdAt }) => {
    const day = Number.isNaN(createdAt.getTime()) ? '' : ` (${createdAt.toISOString().slice(0, 10)})`;
    return `- ${role}${day}: ${escapeTags(text)}`;
  });
  return `${RECALLED_HEADING}\n${lines.join('\n')}`;
}
