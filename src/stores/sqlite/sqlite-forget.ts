import { z } from 'zod';
import type { ForgetReport, ForgetScope } from '../../spec/scope.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { sqliteTurnIndex } from './sqlite-turn-index.js';

const clarificationsSchema = z.array(
  z.object({ text: z.string(), userId: z.string().nullable(), at: z.number().optional() }),
);

/**
 * Deletes everything stored for a scope in one transaction. Every given field narrows it:
 * - agent only: all of the agent's sessions (turns, pins, summaries) and facts;
 * - channel/thread: those sessions, and the facts extracted from them;
 * - user: that user's facts and turns (and the replies to them), the pin parts they wrote, and the summaries of
 *   the sessions they spoke in (a summary may quote them); a session left with no turn is deleted.
 */
export function sqliteForget(database: SqliteDatabase, scope: ForgetScope): ForgetReport {
  const sessionFilter = ['agent_id = ?'];
  const sessionValues: unknown[] = [scope.agentId];
  if (scope.channelId) {
    sessionFilter.push('channel_id = ?');
    sessionValues.push(scope.channelId);
  }
  if (scope.threadId) {
    sessionFilter.push('thread_id = ?');
    sessionValues.push(scope.threadId);
  }
  const sessions = `SELECT key FROM sessions WHERE ${sessionFilter.join(' AND ')}`;
  const narrowedToSessions = Boolean(scope.channelId || scope.threadId);

  const forget = database.transaction((): ForgetReport => {
    if (!scope.userId) {
      const facts = narrowedToSessions
        ? database
            .prepare(`DELETE FROM facts WHERE agent_id = ? AND source_session_key IN (${sessions})`)
            .run(scope.agentId, ...sessionValues).changes
        : database.prepare('DELETE FROM facts WHERE agent_id = ?').run(scope.agentId).changes;
      const turns = database
        .prepare(`DELETE FROM turns WHERE session_key IN (${sessions})`)
        .run(...sessionValues).changes;
      const removed = database
        .prepare(`DELETE FROM sessions WHERE ${sessionFilter.join(' AND ')}`)
        .run(...sessionValues);
      return { sessions: removed.changes, turns, facts };
    }

    const userId = scope.userId;
    const facts = database
      .prepare(
        `DELETE FROM facts WHERE agent_id = ? AND user_id = ?${narrowedToSessions ? ` AND source_session_key IN (${sessions})` : ''}`,
      )
      .run(scope.agentId, userId, ...(narrowedToSessions ? sessionValues : [])).changes;
    const touched = database
      .prepare(
        `SELECT key, pin_task_user_id, pin_clarifications FROM sessions WHERE key IN (${sessions})
         AND (pin_task_user_id = ? OR pin_clarifications LIKE '%' || ? || '%'
              OR key IN (SELECT session_key FROM turns WHERE user_id = ?))`,
      )
      .all(...sessionValues, userId, JSON.stringify(userId), userId) as Array<{
      key: string;
      pin_task_user_id: string | null;
      pin_clarifications: string;
    }>;
    const turns = database
      .prepare(`DELETE FROM turns WHERE user_id = ? AND session_key IN (${sessions})`)
      .run(userId, ...sessionValues).changes;
    const clearPin = database.prepare(
      `UPDATE sessions SET pin_task = NULL, pin_task_user_id = NULL, pin_clarifications = '[]', summary = NULL,
       task_source_turn_id = NULL WHERE key = ?`,
    );
    const keepPin = database.prepare(
      `UPDATE sessions SET pin_clarifications = ?, summary = NULL,
       task_source_turn_id = (SELECT id FROM turns WHERE id = sessions.task_source_turn_id) WHERE key = ?`,
    );
    for (const session of touched) {
      if (session.pin_task_user_id === userId) {
        clearPin.run(session.key);
        continue;
      }
      const parsed = clarificationsSchema.safeParse(JSON.parse(session.pin_clarifications));
      const kept = parsed.success ? parsed.data.filter((clarification) => clarification.userId !== userId) : [];
      keepPin.run(JSON.stringify(kept), session.key);
    }
    const emptied = database
      .prepare(`DELETE FROM sessions WHERE key IN (${sessions}) AND key NOT IN (SELECT session_key FROM turns)`)
      .run(...sessionValues).changes;
    // The turns left beside the deleted ones were indexed with them as context: they are indexed again without.
    const turnIndex = sqliteTurnIndex(database);
    for (const session of touched) turnIndex.reindexSession(session.key);
    return { sessions: emptied, turns, facts };
  });
  return forget();
}
