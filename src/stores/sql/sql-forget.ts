import { forgetFromSession } from '../../core/scope/forget-from-session.js';
import { buildFactDocument } from '../../core/search/build-fact-document.js';
import { factContext } from '../../core/search/fact-context.js';
import { CONTEXT_MAX_GRAPHEMES, neighbourContext } from '../../core/search/neighbour-context.js';
import { parseStoredClarifications } from '../../core/validation/parse-stored-values.js';
import type { ForgetReport, ForgetScope } from '../../spec/scope.js';
import type { Sql, SqlValue } from './sql.js';
import { sqlDate, sqlJson } from './sql.js';
import type { SqlDialect } from './sql-dialect.js';
import { yieldToEventLoop } from './yield-to-event-loop.js';

/** Facts per transaction, then turns per transaction: each batch holds the write lock (decision 13). */
const FACTS_PER_BATCH = 100;
const TURNS_PER_BATCH = 100;
/** Sessions per transaction: their keys are a statement's values, which an engine limits (SQLite to 32,766). */
const SESSIONS_PER_BATCH = 1000;

/** What a forget needs of an engine besides its dialect. */
export interface SqlForgetParts {
  /**
   * A condition on the JSON array of clarifications in `column`: true when one of them is by the user its one `?`
   * takes.
   */
  clarifiedBy(column: string): string;
  /** Re-indexes the turns left beside deleted ones, in the forget's transaction, after the deletion. */
  reindexBeside(sql: Sql, sessionKey: string, deletedIds: readonly number[]): Promise<void>;
  /** Deletes every job of the sessions a batch deleted, in its transaction (absent: no durable queue). */
  dropSessions?: ((sql: Sql, sessionKeys: readonly string[]) => Promise<void>) | undefined;
  /** Runs once everything is deleted: what only the engine does (SQLite rewrites its file without the bytes). */
  afterForget?: ((report: ForgetReport) => Promise<void>) | undefined;
}

interface TouchedSession {
  key: string;
  pin_task: string | null;
  pin_task_user_id: string | null;
  pin_clarifications: unknown;
  pin_attempts: number;
  summary: string | null;
  summary_through: number;
  task_source_turn_id: number | null;
}

interface Batch {
  report: ForgetReport;
  deletedSessions: string[];
  done: boolean;
}

/**
 * `forget`, on any SQL engine. The scope's own facts go first, a batch per transaction, then its turns, a batch per
 * transaction (oldest first), with the event loop running in between. Each batch leaves a consistent store: the turns
 * it removed are gone with every copy of their words, and a forget that failed part way is finished by running it
 * again. Every given field narrows the scope, and ids are compared exactly (never with LIKE):
 * - agent only: all of the agent's sessions (turns, pins, summaries) and facts;
 * - channel/thread: those sessions, and the facts extracted from them;
 * - user: that user's facts, turns and the replies to them, and every copy of their words elsewhere: the pin parts
 *   they wrote (and the cached copy of the pin in the system prompt), a summary that covers one of their turns (the
 *   summarised turns return to the history), the requests kept for inspection, the neighbour context of the turns
 *   left beside theirs, and the search context of other users' facts that quoted their turns. The history version is
 *   bumped, so a model that keeps its own transcript starts over without them. A session left with no turn is
 *   deleted, with its jobs.
 */
export function sqlForget(dialect: SqlDialect, parts: SqlForgetParts): (scope: ForgetScope) => Promise<ForgetReport> {
  const { connection, lockRows } = dialect;
  const sessions = dialect.table('sessions');
  const turns = dialect.table('turns');
  const facts = dialect.table('facts');

  const forgetAll = async (sql: Sql, scope: ForgetScope): Promise<Batch> => {
    const inScope = sessionsOf(scope);
    // The sessions first, in key order, as an append locks its session before anything else: no deadlock with one.
    await sql.all(`SELECT key FROM ${sessions} WHERE ${inScope.where} ORDER BY key ${lockRows}`, inScope.values);
    const turnsDeleted = await sql.run(
      `DELETE FROM ${turns} WHERE id IN (SELECT id FROM ${turns} WHERE session_key IN
         (SELECT key FROM ${sessions} WHERE ${inScope.where}) LIMIT ${TURNS_PER_BATCH})`,
      inScope.values,
    );
    const report = { sessions: 0, turns: turnsDeleted, facts: 0, factsRewritten: 0 };
    if (turnsDeleted === TURNS_PER_BATCH) return { report, deletedSessions: [], done: false };
    const own = ownFactsOf(scope, sessions);
    report.facts = await sql.run(`DELETE FROM ${facts} WHERE ${own.where}`, own.values);
    const removed = await sql.all<{ key: string }>(
      `DELETE FROM ${sessions} WHERE key IN
         (SELECT key FROM ${sessions} WHERE ${inScope.where} LIMIT ${SESSIONS_PER_BATCH}) RETURNING key`,
      inScope.values,
    );
    report.sessions = removed.length;
    return { report, deletedSessions: removed.map((row) => row.key), done: removed.length < SESSIONS_PER_BATCH };
  };

  const forgetUser = async (sql: Sql, scope: ForgetScope, userId: string): Promise<Batch> => {
    const inScope = sessionsOf(scope);
    // The sessions first, in key order, as an append locks its session before anything else: no deadlock with one.
    // At most a batch of them: those after are taken by the next batches.
    const touched = await sql.all<TouchedSession>(
      `SELECT key, pin_task, pin_task_user_id, pin_clarifications, pin_attempts, summary, summary_through,
         task_source_turn_id
       FROM ${sessions} AS s WHERE ${inScope.where} AND (pin_task_user_id = ? OR ${parts.clarifiedBy('s.pin_clarifications')}
         OR EXISTS (SELECT 1 FROM ${turns} WHERE session_key = s.key AND user_id = ?))
       ORDER BY key LIMIT ${SESSIONS_PER_BATCH} ${lockRows}`,
      [...inScope.values, userId, userId, userId],
    );
    const keys = touched.map((session) => session.key);
    // The oldest turns first: a summary that covers one is dropped with the first batch. Only in the sessions locked
    // above: a session the user spoke in for the first time meanwhile is taken by the next batch.
    const found = await sql.all<{ id: number; session_key: string }>(
      `SELECT id, session_key FROM ${turns} WHERE user_id = ? AND session_key IN ${list(keys)}
       ORDER BY id LIMIT ${TURNS_PER_BATCH} ${lockRows}`,
      [userId, ...keys],
    );
    const forgottenIds = found.map((turn) => Number(turn.id));
    const forgotten = new Set(forgottenIds);
    const own = ownFactsOf(scope, sessions);
    const factsDeleted = await sql.run(
      `DELETE FROM ${facts} WHERE (${own.where}) OR source_turn_id IN ${list(forgottenIds)}`,
      [...own.values, ...forgottenIds],
    );
    const factsRewritten = await rewriteQuotingFacts(sql, keys, forgotten);
    const turnsDeleted = await sql.run(`DELETE FROM ${turns} WHERE id IN ${list(forgottenIds)}`, forgottenIds);

    const speakerTurns = new Map<string, number[]>();
    for (const turn of found)
      speakerTurns.set(turn.session_key, [...(speakerTurns.get(turn.session_key) ?? []), turn.id]);
    for (const session of touched) {
      const after = forgetFromSession(
        {
          taskUserId: session.pin_task_user_id,
          clarifications: parseStoredClarifications(sqlJson(session.pin_clarifications)),
          taskSourceTurnId: session.task_source_turn_id,
          summaryThroughTurnId: Number(session.summary_through),
        },
        userId,
        forgotten,
        speakerTurns.get(session.key) ?? [],
      );
      await sql.run(
        `UPDATE ${sessions} SET pin_task = ?, pin_task_user_id = ?, pin_clarifications = ?, pin_attempts = ?,
           task_source_turn_id = (SELECT id FROM ${turns} WHERE id = sessions.task_source_turn_id),
           summary = ?, summary_through = ?, system_pin = NULL, system_pin_at = NULL,
           history_version = history_version + 1, pin_version = pin_version + 1,
           first_user_id = (SELECT user_id FROM ${turns} WHERE session_key = sessions.key ORDER BY id LIMIT 1),
           shared = (SELECT count(DISTINCT coalesce('u' || user_id, '-')) > 1 FROM ${turns}
                     WHERE session_key = sessions.key)
         WHERE key = ?`,
        [
          after.taskForgotten ? null : session.pin_task,
          after.taskForgotten ? null : session.pin_task_user_id,
          JSON.stringify(after.clarifications),
          after.resetPinAttempts ? 0 : session.pin_attempts,
          after.dropSummary ? null : session.summary,
          after.dropSummary ? 0 : session.summary_through,
          session.key,
        ],
      );
    }
    // The requests kept for inspection hold the pin and the recap, which may quote the forgotten user: in a session
    // they touched, the texts go (the traces' numbers stay).
    await sql.run(
      `UPDATE ${dialect.table('turn_traces')} SET format = NULL, system_hash = NULL, earlier_messages = NULL,
         current = NULL WHERE session_key IN ${list(keys)}`,
      keys,
    );
    await sql.run(`DELETE FROM ${dialect.table('sent_systems')} WHERE session_key IN ${list(keys)}`, keys);
    const emptied = await sql.all<{ key: string }>(
      `DELETE FROM ${sessions} WHERE ${inScope.where}
         AND NOT EXISTS (SELECT 1 FROM ${turns} WHERE session_key = sessions.key) RETURNING key`,
      inScope.values,
    );
    // The turns left beside the deleted ones were indexed with them as context: they are indexed again without.
    for (const [sessionKey, ids] of speakerTurns) await parts.reindexBeside(sql, sessionKey, ids);
    const left = await sql.get(
      `SELECT 1 AS found FROM ${turns} WHERE user_id = ? AND session_key IN
         (SELECT key FROM ${sessions} WHERE ${inScope.where}) LIMIT 1`,
      [userId, ...inScope.values],
    );
    return {
      report: { sessions: emptied.length, turns: turnsDeleted, facts: factsDeleted, factsRewritten },
      deletedSessions: emptied.map((row) => row.key),
      done: left === undefined && touched.length < SESSIONS_PER_BATCH,
    };
  };

  /**
   * Other scopes' facts drawn from the touched sessions whose search context quotes a forgotten turn: the context is
   * rebuilt from the turns of their exchange that remain. Returns how many.
   */
  const rewriteQuotingFacts = async (sql: Sql, keys: readonly string[], forgotten: Set<number>): Promise<number> => {
    if (forgotten.size === 0) return 0;
    const rows = await sql.all<{ id: number; text: string; created_at: unknown; context_turn_ids: unknown }>(
      `SELECT id, text, created_at, context_turn_ids FROM ${facts}
       WHERE source_session_key IN ${list(keys)} AND context_turn_ids != '[]' ${lockRows}`,
      keys,
    );
    const quoting = rows
      .map((row) => ({ ...row, kept: turnIds(row.context_turn_ids) }))
      .filter((row) => row.kept.some((id) => forgotten.has(id)))
      .map((row) => ({ ...row, kept: row.kept.filter((id) => !forgotten.has(id)) }));
    const keptIds = [...new Set(quoting.flatMap((row) => row.kept))];
    const keptTurns = await sql.all<{ id: number; text: string }>(
      `SELECT id, text FROM ${turns} WHERE id IN ${list(keptIds)}`,
      keptIds,
    );
    const texts = new Map(keptTurns.map((turn) => [Number(turn.id), turn.text]));
    for (const fact of quoting) {
      // As `insert` stores a context: the same cut and the same document; the search keywords, drawn from the whole
      // exchange, go with the forgotten turn.
      const quoted = fact.kept.flatMap((id) => texts.get(id) ?? []);
      const context = neighbourContext([factContext(quoted)], 3 * CONTEXT_MAX_GRAPHEMES);
      const document = buildFactDocument({ text: fact.text, context, at: sqlDate(fact.created_at) });
      await sql.run(
        `UPDATE ${facts} SET context = ?, context_tokens = ?, context_grams = ?, context_turn_ids = ?, keywords = NULL
         WHERE id = ?`,
        [context, document.words.context, document.grams.context, JSON.stringify(fact.kept), fact.id],
      );
    }
    return quoting.length;
  };

  return async (scope) => {
    const own = ownFactsOf(scope, sessions);
    const ids = await connection.read('forget', async (sql) =>
      (await sql.all<{ id: number }>(`SELECT id FROM ${facts} WHERE ${own.where}`, own.values)).map((row) =>
        Number(row.id),
      ),
    );
    const report: ForgetReport = { sessions: 0, turns: 0, facts: 0, factsRewritten: 0 };
    for (let start = 0; start < ids.length; start += FACTS_PER_BATCH) {
      const batch = ids.slice(start, start + FACTS_PER_BATCH);
      report.facts += await connection.write('forget', (sql) =>
        sql.run(`DELETE FROM ${facts} WHERE id IN ${list(batch)}`, batch),
      );
      await yieldToEventLoop();
    }
    // The scope's item logs (an agent framework's conversation, `ItemLog`): of the user's sessions, or all in scope.
    const items = await connection.write('forget', (sql) => {
      const inScope = itemsOf(scope);
      return sql.run(`DELETE FROM ${dialect.table('session_items')} WHERE ${inScope.where}`, inScope.values);
    });
    if (items > 0) report.items = items;
    // The last batch also takes the facts added meanwhile (an extraction that finished during the forget).
    for (;;) {
      const batch = await connection.write('forget', async (sql) => {
        const result = scope.userId ? await forgetUser(sql, scope, scope.userId) : await forgetAll(sql, scope);
        // The jobs of the sessions that went (a private session's key names its user): their worker would find nothing.
        if (parts.dropSessions && result.deletedSessions.length > 0) {
          await parts.dropSessions(sql, result.deletedSessions);
        }
        return result;
      });
      report.sessions += batch.report.sessions;
      report.turns += batch.report.turns;
      report.facts += batch.report.facts;
      report.factsRewritten += batch.report.factsRewritten;
      if (batch.done) break;
      await yieldToEventLoop();
    }
    await parts.afterForget?.(report);
    return report;
  };
}

/** The condition on `sessions` columns that selects the scope's sessions. */
function sessionsOf(scope: ForgetScope): { where: string; values: SqlValue[] } {
  const where = ['agent_id = ?'];
  const values: SqlValue[] = [scope.agentId];
  if (scope.channelId) {
    where.push('channel_id = ?');
    values.push(scope.channelId);
  }
  if (scope.threadId) {
    where.push('thread_id = ?');
    values.push(scope.threadId);
  }
  return { where: where.join(' AND '), values };
}

/** The condition on `session_items` columns that selects the scope's items (a user's: those written for them). */
function itemsOf(scope: ForgetScope): { where: string; values: SqlValue[] } {
  const inScope = sessionsOf(scope);
  if (!scope.userId) return inScope;
  return { where: `${inScope.where} AND user_id = ?`, values: [...inScope.values, scope.userId] };
}

/**
 * The scope's own facts: the agent's (or its user's), narrowed to those drawn from the scope's sessions when a
 * channel or thread is given.
 */
function ownFactsOf(scope: ForgetScope, sessions: string): { where: string; values: SqlValue[] } {
  const where = ['agent_id = ?'];
  const values: SqlValue[] = [scope.agentId];
  if (scope.userId) {
    where.push('user_id = ?');
    values.push(scope.userId);
  }
  if (scope.channelId || scope.threadId) {
    const inScope = sessionsOf(scope);
    where.push(`source_session_key IN (SELECT key FROM ${sessions} WHERE ${inScope.where})`);
    values.push(...inScope.values);
  }
  return { where: where.join(' AND '), values };
}

/** `(?, ?, ...)` for a list's values; `(NULL)`, which matches nothing, for an empty one. */
function list(values: readonly unknown[]): string {
  return values.length === 0 ? '(NULL)' : `(${values.map(() => '?').join(', ')})`;
}

function turnIds(value: unknown): number[] {
  const ids = sqlJson(value);
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
}
