import { deriveSessionHandle } from '../../core/scope/derive-session-handle.js';
import { parseClarifications, type SessionRow } from '../sql/map-session-rows.js';
import { reindexSessionTurns } from './reindex-session-turns.js';
import type { SqliteDatabase } from './sqlite-database.js';

/**
 * Schema v4 gives each user a private session when a turn names neither a channel nor a thread (before, every user of
 * an agent shared one). Existing sessions without channel and thread are split by speaker: each user's turns, and
 * the replies to them, move to that user's private session; a session with one speaker is only renamed. A pin goes
 * with the user who set its task, a summary only with a lone speaker (it may quote anyone). Turns without a user stay
 * in the agent's own session. Runs inside the migration's transaction.
 */
export function splitPrivateSessions(database: SqliteDatabase): void {
  const sessions = database
    .prepare('SELECT * FROM sessions WHERE channel_id IS NULL AND thread_id IS NULL')
    .all() as SessionRow[];
  const speakersOf = database.prepare('SELECT DISTINCT user_id FROM turns WHERE session_key = ?');
  const copy = database.prepare(
    `INSERT INTO sessions (key, uuid, agent_id, channel_id, thread_id, pin_task, pin_task_user_id, pin_clarifications,
       pin_attempts, task_source_turn_id, summary, summary_through, history_version, system_pin, system_pin_at,
       model_state, created_at, updated_at, pin_version, first_user_id, shared)
     VALUES (?, ?, ?, NULL, NULL, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, '{}', ?, ?, 0, ?, 0)`,
  );
  const moveTurns = database.prepare('UPDATE turns SET session_key = ? WHERE session_key = ? AND user_id = ?');
  const moveFacts = database.prepare(
    'UPDATE facts SET source_session_key = ? WHERE source_session_key = ? AND user_id = ?',
  );
  const turnOwner = database.prepare('SELECT user_id FROM turns WHERE id = ?');
  const remaining = database.prepare('SELECT count(*) AS n FROM turns WHERE session_key = ?');
  const remove = database.prepare('DELETE FROM sessions WHERE key = ?');
  const keepAnonymous = database.prepare(
    `UPDATE sessions SET summary = NULL, summary_through = 0, history_version = history_version + 1, system_pin = NULL,
     system_pin_at = NULL, model_state = '{}', first_user_id = NULL, shared = 0,
     pin_task = CASE WHEN pin_task_user_id IS NULL THEN pin_task END,
     pin_clarifications = CASE WHEN pin_task_user_id IS NULL THEN pin_clarifications ELSE '[]' END,
     task_source_turn_id = (SELECT id FROM turns WHERE id = sessions.task_source_turn_id AND session_key = sessions.key)
     WHERE key = ?`,
  );

  for (const session of sessions) {
    const speakers = (speakersOf.all(session.key) as Array<{ user_id: string | null }>).map((row) => row.user_id);
    const named = speakers.filter((userId): userId is string => userId !== null);
    if (named.length === 0) continue;
    const alone = speakers.length === 1;
    for (const userId of named) {
      const handle = deriveSessionHandle({ agentId: session.agent_id, userId });
      const ownsTask = session.pin_task !== null && session.pin_task_user_id === userId;
      const clarifications = parseClarifications(session.pin_clarifications).filter(
        (clarification) => alone || clarification.userId === userId,
      );
      const source =
        session.task_source_turn_id === null
          ? undefined
          : (turnOwner.get(session.task_source_turn_id) as { user_id: string | null } | undefined);
      copy.run(
        handle.key,
        handle.uuid,
        session.agent_id,
        ownsTask ? session.pin_task : null,
        ownsTask ? userId : null,
        ownsTask ? JSON.stringify(clarifications) : '[]',
        ownsTask ? session.pin_attempts : 0,
        source?.user_id === userId ? session.task_source_turn_id : null,
        alone ? session.summary : null,
        alone ? session.summary_through : 0,
        alone ? session.system_pin : null,
        alone ? session.system_pin_at : null,
        session.created_at,
        session.updated_at,
        userId,
      );
      moveTurns.run(handle.key, session.key, userId);
      moveFacts.run(handle.key, session.key, userId);
      reindexSessionTurns(database, handle.key);
    }
    if ((remaining.get(session.key) as { n: number }).n === 0) remove.run(session.key);
    else {
      keepAnonymous.run(session.key);
      reindexSessionTurns(database, session.key);
    }
  }
}
