import { forgetFromSession } from '../../core/scope/forget-from-session.js';
import { buildFactDocument } from '../../core/search/build-fact-document.js';
import { factContext } from '../../core/search/fact-context.js';
import { CONTEXT_MAX_GRAPHEMES, neighbourContext } from '../../core/search/neighbour-context.js';
import type { ForgetReport, ForgetScope } from '../../spec/scope.js';
import { parseClarifications } from '../sql/map-session-rows.js';
import { sqlTurnIndex } from '../sql/sql-turn-index.js';
import type { Sql } from './postgres-guard.js';
import { postgresTurnIndexWrites } from './postgres-turn-index-writes.js';

interface TouchedSession {
  key: string;
  pin_task_user_id: string | null;
  pin_clarifications: unknown;
  summary: string | null;
  summary_through: number;
  task_source_turn_id: number | null;
}

/** A part of a forget: what it removed, the sessions it deleted (for their jobs), and whether anything is left. */
export interface ForgetPart {
  report: ForgetReport;
  deletedSessions: string[];
  done: boolean;
}

/**
 * Deletes what is stored for a scope, at most `turnLimit` of its turns per call, in the caller's transaction; `done`
 * once nothing is left (the caller runs it again until then). The same semantics as the SQLite store's
 * `sqliteForget`: each call leaves a consistent store, the turns it removed gone with every copy of their words
 * (pins, summaries, requests kept for inspection, neighbour contexts, other users' fact contexts); ids are compared
 * exactly.
 */
export async function postgresForget(
  sql: Sql,
  schema: string,
  scope: ForgetScope,
  turnLimit: number,
): Promise<ForgetPart> {
  /** A query's text and values, with the scope's sessions (`sessions`) and own facts (`ownFacts`) in it. */
  const scoped = (
    build: (parts: { sessions: () => string; ownFacts: () => string; value: (v: unknown) => string }) => string,
  ) => {
    const values: unknown[] = [];
    const value = (item: unknown) => {
      values.push(item);
      return `$${values.length}`;
    };
    const text = build({
      sessions: () => sessionsOf(schema, scope, value),
      ownFacts: () => ownFactsOf(schema, scope, value),
      value,
    });
    return [text, values] as const;
  };

  if (!scope.userId) {
    // The sessions first, in key order, as an append locks its session before anything else: no deadlock with one.
    await sql.query(
      ...scoped(
        ({ sessions }) => `SELECT key FROM ${schema}.sessions WHERE key IN (${sessions()}) ORDER BY key FOR UPDATE`,
      ),
    );
    const deleted = await sql.query(
      ...scoped(
        ({ sessions }) => `DELETE FROM ${schema}.turns WHERE id IN
          (SELECT id FROM ${schema}.turns WHERE session_key IN (${sessions()}) LIMIT ${turnLimit}) RETURNING 1`,
      ),
    );
    const turns = deleted.length;
    const report = { sessions: 0, turns, facts: 0, factsRewritten: 0 };
    if (turns === turnLimit) return { report, deletedSessions: [], done: false };
    report.facts = (
      await sql.query(...scoped(({ ownFacts }) => `DELETE FROM ${schema}.facts WHERE ${ownFacts()} RETURNING 1`))
    ).length;
    const removed = await sql.query<{ key: string }>(
      ...scoped(({ sessions }) => `DELETE FROM ${schema}.sessions WHERE key IN (${sessions()}) RETURNING key`),
    );
    report.sessions = removed.length;
    return { report, deletedSessions: removed.map((row) => row.key), done: true };
  }

  const userId = scope.userId;
  // The sessions first, in key order, as an append locks its session before anything else: no deadlock with one.
  const touched = await sql.query<TouchedSession>(
    ...scoped(({ sessions, value }) => {
      const user = value(userId);
      return `SELECT key, pin_task_user_id, pin_clarifications, summary, summary_through, task_source_turn_id
        FROM ${schema}.sessions s
        WHERE key IN (${sessions()}) AND (pin_task_user_id = ${user}
          OR EXISTS (SELECT 1 FROM jsonb_array_elements(s.pin_clarifications) c WHERE c->>'userId' = ${user})
          OR EXISTS (SELECT 1 FROM ${schema}.turns WHERE session_key = s.key AND user_id = ${user}))
        ORDER BY key FOR UPDATE`;
    }),
  );
  // The oldest turns first: a summary that covers one is dropped with the first batch. Only in the sessions locked
  // above: a session the user spoke in for the first time meanwhile is taken by the next batch.
  const found = await sql.query<{ id: number; session_key: string }>(
    `SELECT id, session_key FROM ${schema}.turns WHERE user_id = $1 AND session_key = ANY($2::text[])
     ORDER BY id LIMIT ${turnLimit + 1} FOR UPDATE`,
    [userId, touched.map((session) => session.key)],
  );
  const forgottenTurns = found.slice(0, turnLimit);
  const forgotten = new Set(forgottenTurns.map((turn) => turn.id));
  const forgottenIds = [...forgotten];
  const facts = (
    await sql.query(
      ...scoped(
        ({ ownFacts, value }) => `DELETE FROM ${schema}.facts
          WHERE (${ownFacts()}) OR source_turn_id = ANY(${value(forgottenIds)}::bigint[]) RETURNING 1`,
      ),
    )
  ).length;
  const factsRewritten = await rewriteQuotingFacts(sql, schema, touched, forgotten);
  const turns = (
    await sql.query(`DELETE FROM ${schema}.turns WHERE id = ANY($1::bigint[]) RETURNING 1`, [forgottenIds])
  ).length;

  const speakerTurns = new Map<string, number[]>();
  for (const turn of forgottenTurns) {
    speakerTurns.set(turn.session_key, [...(speakerTurns.get(turn.session_key) ?? []), turn.id]);
  }
  for (const session of touched) {
    const [row] = await sql.query<{ pin_task: string | null; pin_attempts: number }>(
      `SELECT pin_task, pin_attempts FROM ${schema}.sessions WHERE key = $1`,
      [session.key],
    );
    if (!row) continue;
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
    await sql.query(
      `UPDATE ${schema}.sessions s SET pin_task = $1, pin_task_user_id = $2, pin_clarifications = $3::jsonb,
         pin_attempts = $4,
         task_source_turn_id = (SELECT id FROM ${schema}.turns WHERE id = s.task_source_turn_id),
         summary = $5, summary_through = $6, system_pin = NULL, system_pin_at = NULL,
         history_version = history_version + 1, pin_version = pin_version + 1,
         first_user_id = (SELECT user_id FROM ${schema}.turns WHERE session_key = s.key ORDER BY id LIMIT 1),
         shared = (SELECT count(DISTINCT coalesce('u' || user_id, '-')) > 1 FROM ${schema}.turns
                   WHERE session_key = s.key)
       WHERE key = $7`,
      [
        after.taskForgotten ? null : row.pin_task,
        after.taskForgotten ? null : session.pin_task_user_id,
        JSON.stringify(after.clarifications),
        after.resetPinAttempts ? 0 : row.pin_attempts,
        after.dropSummary ? null : session.summary,
        after.dropSummary ? 0 : session.summary_through,
        session.key,
      ],
    );
    // The requests kept for inspection hold the pin and the recap, which may quote the forgotten user.
    await sql.query(
      `UPDATE ${schema}.turn_traces SET format = NULL, system_hash = NULL, earlier_messages = NULL, current = NULL
       WHERE session_key = $1`,
      [session.key],
    );
    await sql.query(`DELETE FROM ${schema}.sent_systems WHERE session_key = $1`, [session.key]);
  }
  const emptied = await sql.query<{ key: string }>(
    ...scoped(
      ({ sessions }) => `DELETE FROM ${schema}.sessions s WHERE key IN (${sessions()})
        AND NOT EXISTS (SELECT 1 FROM ${schema}.turns WHERE session_key = s.key) RETURNING key`,
    ),
  );
  // The turns left beside the deleted ones were indexed with them as context: they are indexed again without.
  const turnIndex = sqlTurnIndex({ table: (name) => `${schema}.${name}` }, postgresTurnIndexWrites(schema));
  for (const [sessionKey, ids] of speakerTurns) await turnIndex.reindexBeside(sql, sessionKey, ids);
  const [more] = await sql.query<{ left: boolean }>(
    ...scoped(
      ({ sessions, value }) => `SELECT EXISTS (SELECT 1 FROM ${schema}.turns
        WHERE user_id = ${value(userId)} AND session_key IN (${sessions()})) AS left`,
    ),
  );
  return {
    report: { sessions: emptied.length, turns, facts, factsRewritten },
    deletedSessions: emptied.map((row) => row.key),
    done: found.length <= turnLimit && more?.left !== true,
  };
}

/**
 * The ids of the scope's own facts (not the facts of others drawn from a forgotten user's turns), which `forget`
 * deletes first, a batch per transaction.
 */
export async function scopeFactIds(sql: Sql, schema: string, scope: ForgetScope): Promise<number[]> {
  const values: unknown[] = [];
  const where = ownFactsOf(schema, scope, (item) => {
    values.push(item);
    return `$${values.length}`;
  });
  return (await sql.query<{ id: number }>(`SELECT id FROM ${schema}.facts WHERE ${where}`, values)).map(
    (row) => row.id,
  );
}

export async function deleteFacts(sql: Sql, schema: string, ids: readonly number[]): Promise<number> {
  return (await sql.query(`DELETE FROM ${schema}.facts WHERE id = ANY($1::bigint[]) RETURNING 1`, [[...ids]])).length;
}

/** The keys of the scope's sessions, as a subquery. */
function sessionsOf(schema: string, scope: ForgetScope, value: (item: unknown) => string): string {
  const filter = [`agent_id = ${value(scope.agentId)}`];
  if (scope.channelId) filter.push(`channel_id = ${value(scope.channelId)}`);
  if (scope.threadId) filter.push(`thread_id = ${value(scope.threadId)}`);
  return `SELECT key FROM ${schema}.sessions WHERE ${filter.join(' AND ')}`;
}

/**
 * The scope's own facts: the agent's (or its user's), narrowed to those drawn from the scope's sessions when a
 * channel or thread is given.
 */
function ownFactsOf(schema: string, scope: ForgetScope, value: (item: unknown) => string): string {
  const where = [`agent_id = ${value(scope.agentId)}`];
  if (scope.userId) where.push(`user_id = ${value(scope.userId)}`);
  if (scope.channelId || scope.threadId) where.push(`source_session_key IN (${sessionsOf(schema, scope, value)})`);
  return where.join(' AND ');
}

/**
 * Other scopes' facts drawn from the touched sessions whose search context quotes a forgotten turn: the context is
 * rebuilt from the turns of their exchange that remain, and indexed again. Returns how many.
 */
async function rewriteQuotingFacts(
  sql: Sql,
  schema: string,
  touched: readonly TouchedSession[],
  forgotten: Set<number>,
): Promise<number> {
  if (forgotten.size === 0) return 0;
  const candidates = await sql.query<{ id: number; text: string; created_at: Date; context_turn_ids: unknown }>(
    `SELECT id, text, created_at, context_turn_ids FROM ${schema}.facts
     WHERE source_session_key = ANY($1::text[]) AND context_turn_ids <> '[]'::jsonb FOR UPDATE`,
    [touched.map((session) => session.key)],
  );
  let rewritten = 0;
  for (const candidate of candidates) {
    const ids = Array.isArray(candidate.context_turn_ids)
      ? candidate.context_turn_ids.filter((id): id is number => Number.isSafeInteger(id))
      : [];
    if (!ids.some((id) => forgotten.has(id))) continue;
    const kept = ids.filter((id) => !forgotten.has(id));
    const rows = await sql.query<{ id: number; text: string }>(
      `SELECT id, text FROM ${schema}.turns WHERE id = ANY($1::bigint[])`,
      [kept],
    );
    const texts = kept.flatMap((id) => rows.filter((row) => row.id === id).map((row) => row.text));
    // As `insert` stores a context: the same cut and the same document; the search keywords, drawn from the whole
    // exchange, go with the forgotten turn.
    const context = neighbourContext([factContext(texts)], 3 * CONTEXT_MAX_GRAPHEMES);
    const document = buildFactDocument({ text: candidate.text, context, at: candidate.created_at });
    await sql.query(
      `UPDATE ${schema}.facts SET context = $1, context_tokens = $2, context_grams = $3, context_turn_ids = $4::jsonb,
       keywords = NULL WHERE id = $5`,
      [context, document.words.context, document.grams.context, JSON.stringify(kept), candidate.id],
    );
    rewritten += 1;
  }
  return rewritten;
}
