import { forgetFromSession } from '../../core/scope/forget-from-session.js';
import { buildFactDocument } from '../../core/search/build-fact-document.js';
import { factContext } from '../../core/search/fact-context.js';
import { CONTEXT_MAX_GRAPHEMES, neighbourContext } from '../../core/search/neighbour-context.js';
import type { ForgetReport, ForgetScope } from '../../spec/scope.js';
import { parseClarifications } from '../sql/map-session-rows.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { sqliteTurnIndex } from './sqlite-turn-index.js';
import { writeTransaction } from './write-transaction.js';

interface TouchedSession {
  key: string;
  pin_task_user_id: string | null;
  pin_clarifications: string;
  summary: string | null;
  summary_through: number;
  task_source_turn_id: number | null;
}

/**
 * Deletes what is stored for a scope, at most `turnLimit` of its turns per call, in one write transaction; `done`
 * once nothing is left (the caller runs it again until then, with the event loop running in between: deleting a
 * turn or a fact rewrites its terms' full-text doclists, too long for one transaction at scale).
 * Each call leaves a consistent store: the turns it removed are gone with every copy of their words. Every given
 * field narrows the scope, and ids are compared exactly (never with LIKE, where `_` and `%` are wildcards):
 * - agent only: all of the agent's sessions (turns, pins, summaries) and facts;
 * - channel/thread: those sessions, and the facts extracted from them;
 * - user: that user's facts, turns and the replies to them, and every copy of their words elsewhere: the pin parts
 *   they wrote (and the cached copy of the pin in the system prompt), a summary that covers one of their turns (the
 *   summarised turns return to the history, so nothing of the others is lost), the neighbour context of the turns
 *   left beside theirs, and the search context of other users' facts that quoted their turns. The
 *   history version bumped, so a model that keeps its own transcript (the Claude CLI) starts over without
 *   them (a new handle generation). A session left with no turn is deleted.
 */
export function sqliteForget(
  database: SqliteDatabase,
  scope: ForgetScope,
  turnLimit: number,
): { report: ForgetReport; done: boolean } {
  const { sessionFilter, sessionValues, sessions } = sessionsOf(scope);
  const ownFacts = ownFactsOf(scope);

  const forgetAll = (): { report: ForgetReport; done: boolean } => {
    const turns = database
      .prepare(`DELETE FROM turns WHERE id IN (SELECT id FROM turns WHERE session_key IN (${sessions}) LIMIT ?)`)
      .run(...sessionValues, turnLimit).changes;
    if (turns === turnLimit) return { report: { sessions: 0, turns, facts: 0, factsRewritten: 0 }, done: false };
    const facts = database.prepare(`DELETE FROM facts WHERE ${ownFacts.where}`).run(...ownFacts.values).changes;
    const removed = database.prepare(`DELETE FROM sessions WHERE ${sessionFilter.join(' AND ')}`).run(...sessionValues);
    return { report: { sessions: removed.changes, turns, facts, factsRewritten: 0 }, done: true };
  };

  const forgetUser = (userId: string): { report: ForgetReport; done: boolean } => {
    // The oldest turns first: a summary that covers one is dropped with the first batch.
    const found = database
      .prepare(
        `SELECT id, session_key FROM turns WHERE user_id = ? AND session_key IN (${sessions}) ORDER BY id LIMIT ?`,
      )
      .all(userId, ...sessionValues, turnLimit + 1) as Array<{ id: number; session_key: string }>;
    const forgottenTurns = found.slice(0, turnLimit);
    const forgotten = new Set(forgottenTurns.map((turn) => turn.id));
    const touched = database
      .prepare(
        `SELECT key, pin_task_user_id, pin_clarifications, summary, summary_through, task_source_turn_id FROM sessions
         WHERE key IN (${sessions}) AND (pin_task_user_id = ?
           OR EXISTS (SELECT 1 FROM json_each(sessions.pin_clarifications) WHERE json_extract(value, '$.userId') = ?)
           OR EXISTS (SELECT 1 FROM turns WHERE session_key = sessions.key AND user_id = ?))`,
      )
      .all(...sessionValues, userId, userId, userId) as TouchedSession[];

    const facts = database
      .prepare(`DELETE FROM facts WHERE (${ownFacts.where}) OR source_turn_id IN (SELECT value FROM json_each(?))`)
      .run(...ownFacts.values, JSON.stringify([...forgotten])).changes;
    const factsRewritten = rewriteQuotingFacts(database, touched, forgotten);
    const turns = database
      .prepare('DELETE FROM turns WHERE id IN (SELECT value FROM json_each(?))')
      .run(JSON.stringify([...forgotten])).changes;

    const update = database.prepare(
      `UPDATE sessions SET pin_task = ?, pin_task_user_id = ?, pin_clarifications = ?, pin_attempts = ?,
         task_source_turn_id = (SELECT id FROM turns WHERE id = sessions.task_source_turn_id),
         summary = ?, summary_through = ?, system_pin = NULL, system_pin_at = NULL,
         history_version = history_version + 1, pin_version = pin_version + 1,
         first_user_id = (SELECT user_id FROM turns WHERE session_key = sessions.key ORDER BY id LIMIT 1),
         shared = (SELECT count(DISTINCT coalesce('u' || user_id, '-')) > 1 FROM turns WHERE session_key = sessions.key)
       WHERE key = ?`,
    );
    const current = database.prepare('SELECT pin_task, pin_attempts FROM sessions WHERE key = ?');
    // The requests kept for inspection hold the pin and the recap, which may quote the forgotten user: in a session
    // they spoke in, the texts go (the traces' numbers stay).
    const dropSent = database.prepare(
      `UPDATE turn_traces SET format = NULL, system_hash = NULL, earlier_messages = NULL, current = NULL
       WHERE session_key = ?`,
    );
    const dropSystems = database.prepare('DELETE FROM sent_systems WHERE session_key = ?');
    const speakerTurns = new Map<string, number[]>();
    for (const turn of forgottenTurns)
      speakerTurns.set(turn.session_key, [...(speakerTurns.get(turn.session_key) ?? []), turn.id]);
    for (const session of touched) {
      const row = current.get(session.key) as { pin_task: string | null; pin_attempts: number };
      const after = forgetFromSession(
        {
          taskUserId: session.pin_task_user_id,
          clarifications: parseClarifications(session.pin_clarifications),
          taskSourceTurnId: session.task_source_turn_id,
          summaryThroughTurnId: session.summary_through,
        },
        userId,
        forgotten,
        speakerTurns.get(session.key) ?? [],
      );
      update.run(
        after.taskForgotten ? null : row.pin_task,
        after.taskForgotten ? null : session.pin_task_user_id,
        JSON.stringify(after.clarifications),
        after.resetPinAttempts ? 0 : row.pin_attempts,
        after.dropSummary ? null : session.summary,
        after.dropSummary ? 0 : session.summary_through,
        session.key,
      );
      dropSent.run(session.key);
      dropSystems.run(session.key);
    }
    const emptied = database
      .prepare(
        `DELETE FROM sessions WHERE key IN (${sessions}) AND NOT EXISTS (SELECT 1 FROM turns WHERE session_key = sessions.key)`,
      )
      .run(...sessionValues).changes;
    // The turns left beside the deleted ones were indexed with them as context: they are indexed again without.
    const turnIndex = sqliteTurnIndex(database);
    for (const [sessionKey, ids] of speakerTurns) turnIndex.reindexBeside(sessionKey, ids);
    return { report: { sessions: emptied, turns, facts, factsRewritten }, done: found.length <= turnLimit };
  };

  return writeTransaction(database, () => (scope.userId ? forgetUser(scope.userId) : forgetAll()))();
}

/**
 * The ids of the facts a forget of this scope removes whatever else it finds (the scope's own facts; not the facts
 * of others drawn from a forgotten user's turns). `forget` deletes these first, a batch per transaction
 * (`deleteFacts`), because each deletion rewrites the full-text doclists of the fact's terms (secure delete): in one
 * transaction, thousands of them would block the event loop for all that time (decision 13).
 */
export function scopeFactIds(database: SqliteDatabase, scope: ForgetScope): number[] {
  const ownFacts = ownFactsOf(scope);
  return (
    database.prepare(`SELECT id FROM facts WHERE ${ownFacts.where}`).all(...ownFacts.values) as Array<{ id: number }>
  ).map((row) => row.id);
}

/** Deletes these facts (and their index entries, by the triggers) in one write transaction; returns how many. */
export function deleteFacts(database: SqliteDatabase, ids: readonly number[]): number {
  return writeTransaction(
    database,
    () =>
      database.prepare('DELETE FROM facts WHERE id IN (SELECT value FROM json_each(?))').run(JSON.stringify(ids))
        .changes,
  )();
}

function sessionsOf(scope: ForgetScope): { sessionFilter: string[]; sessionValues: unknown[]; sessions: string } {
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
  return { sessionFilter, sessionValues, sessions: `SELECT key FROM sessions WHERE ${sessionFilter.join(' AND ')}` };
}

/**
 * The scope's own facts: the agent's (or its user's), narrowed to those drawn from the scope's sessions when a
 * channel or thread is given.
 */
function ownFactsOf(scope: ForgetScope): { where: string; values: unknown[] } {
  const where = ['agent_id = ?'];
  const values: unknown[] = [scope.agentId];
  if (scope.userId) {
    where.push('user_id = ?');
    values.push(scope.userId);
  }
  if (scope.channelId || scope.threadId) {
    const { sessionValues, sessions } = sessionsOf(scope);
    where.push(`source_session_key IN (${sessions})`);
    values.push(...sessionValues);
  }
  return { where: where.join(' AND '), values };
}

/**
 * Other scopes' facts drawn from the touched sessions whose search context quotes a forgotten turn: the context is
 * rebuilt from the turns of their exchange that remain (the update trigger re-indexes them). Returns how many.
 */
function rewriteQuotingFacts(
  database: SqliteDatabase,
  touched: readonly TouchedSession[],
  forgotten: Set<number>,
): number {
  if (forgotten.size === 0) return 0;
  const candidates = database
    .prepare(
      `SELECT id, text, created_at, context_turn_ids FROM facts
       WHERE source_session_key IN (SELECT value FROM json_each(?)) AND context_turn_ids != '[]'`,
    )
    .all(JSON.stringify(touched.map((session) => session.key))) as Array<{
    id: number;
    text: string;
    created_at: number;
    context_turn_ids: string;
  }>;
  const turnText = database.prepare('SELECT text FROM turns WHERE id = ?');
  const rewrite = database.prepare(
    `UPDATE facts SET context = ?, context_tokens = ?, context_grams = ?, context_turn_ids = ?, keywords = NULL
     WHERE id = ?`,
  );
  let rewritten = 0;
  for (const candidate of candidates) {
    const ids = parseIds(candidate.context_turn_ids);
    if (!ids.some((id) => forgotten.has(id))) continue;
    const kept = ids.filter((id) => !forgotten.has(id));
    const texts = kept.flatMap((id) => {
      const row = turnText.get(id) as { text: string } | undefined;
      return row ? [row.text] : [];
    });
    // As `insert` stores a context: the same cut and the same document; the search keywords, drawn from the whole
    // exchange, go with the forgotten turn.
    const context = neighbourContext([factContext(texts)], 3 * CONTEXT_MAX_GRAPHEMES);
    const document = buildFactDocument({ text: candidate.text, context, at: new Date(candidate.created_at) });
    rewrite.run(context, document.words.context, document.grams.context, JSON.stringify(kept), candidate.id);
    rewritten += 1;
  }
  return rewritten;
}

function parseIds(column: string): number[] {
  try {
    const value: unknown = JSON.parse(column);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}
