import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { buildTurnText, type TurnTextFields } from '../../core/search/build-turn-document.js';
import type {
  CompressionWrite,
  ExchangeIds,
  ExchangeWrite,
  ExtractionCommit,
  ExtractionWrite,
  SessionPatch,
  SessionStore,
} from '../../spec/memory-store.js';
import type { SqlConnection } from '../sql/sql.js';
import type { SqlFactWrites } from '../sql/sql-dialect.js';
import {
  type SessionRow,
  type TurnDetailRow,
  type TurnRow,
  toSession,
  toTurn,
  toTurnDetail,
} from './map-sqlite-rows.js';
import type { SqliteDatabase } from './sqlite-database.js';
import type { SqliteGuard } from './sqlite-guard.js';
import { jobInserter } from './sqlite-job-store.js';
import { sqliteTurnIndex } from './sqlite-turn-index.js';
import { writeTransaction } from './write-transaction.js';

type ExchangeTexts = { user: TurnTextFields; assistant: TurnTextFields };

const TURN_COLUMNS = 'id, role, text, user_id, tokens, path, created_at';
const DETAIL_COLUMNS = `${TURN_COLUMNS}, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, memory_tokens, cache_miss`;

export function sqliteSessionStore(
  database: SqliteDatabase,
  guard: SqliteGuard,
  options: { durableJobs: boolean; factWrites: SqlFactWrites; connection: SqlConnection },
): SessionStore {
  const turnIndex = sqliteTurnIndex(database);
  const insertJob = options.durableJobs ? jobInserter(database) : null;
  const statements = {
    session: database.prepare('SELECT * FROM sessions WHERE key = ?'),
    turns: database.prepare(
      `SELECT * FROM (SELECT ${TURN_COLUMNS}, request_key FROM turns WHERE session_key = ? AND id > ?
       ORDER BY id DESC LIMIT ?)
       ORDER BY id`,
    ),
    turn: database.prepare(`SELECT ${DETAIL_COLUMNS} FROM turns WHERE session_key = ? AND id = ?`),
    upsertSession: database.prepare(
      `INSERT INTO sessions (key, uuid, agent_id, channel_id, thread_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET updated_at = excluded.updated_at`,
    ),
    // The first speaker is recorded once; anyone else speaking makes the session shared. ('u' || id keeps a
    // missing user apart from every real id.)
    noteSpeaker: database.prepare(
      `UPDATE sessions SET
         shared = shared OR (earlier AND coalesce('u' || first_user_id, '-') != coalesce('u' || @user, '-')),
         first_user_id = CASE WHEN earlier THEN first_user_id ELSE @user END
       FROM (SELECT EXISTS (SELECT 1 FROM turns WHERE session_key = @key AND id < @turn) AS earlier)
       WHERE key = @key`,
    ),
    insertTurn: database.prepare(
      `INSERT INTO turns (session_key, role, text, user_id, tokens, input_tokens, output_tokens, cache_read_tokens,
       cache_write_tokens, path, memory_tokens, cache_miss, created_at, request_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    setTaskSource: database.prepare(
      'UPDATE sessions SET task_source_turn_id = ? WHERE key = ? AND task_source_turn_id IS NULL AND pin_task IS NULL',
    ),
    setSystemPin: database.prepare(
      'UPDATE sessions SET system_pin = ?, system_pin_at = ? WHERE key = ? AND pin_version = ?',
    ),
    touchFact: database.prepare(
      'UPDATE facts SET access_count = access_count + 1, last_used_at = ? WHERE id = ? AND agent_id = ? AND user_id = ?',
    ),
    insertTrace: database.prepare(
      `INSERT INTO turn_traces (turn_id, session_key, trace, format, system_hash, earlier_messages, current)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertSystem: database.prepare(
      'INSERT INTO sent_systems (session_key, hash, system) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    // The exchange a request was stored in already (`ExchangeWrite.once`): its user turn, and the reply after it.
    storedCopy: database.prepare(
      `SELECT u.id AS userTurnId, a.id AS assistantTurnId FROM turns u
       JOIN turns a ON a.id = (SELECT min(n.id) FROM turns n WHERE n.session_key = u.session_key AND n.id > u.id)
       WHERE u.session_key = ? AND u.request_key = ? AND u.role = 'user' AND (u.id > ? OR u.created_at >= ?)
         AND a.role = 'assistant'
       ORDER BY u.id LIMIT 1`,
    ),
    compress: database.prepare(
      `UPDATE sessions SET summary = ?, summary_through = ?, history_version = history_version + 1
       WHERE key = ? AND summary_through = ? AND ? > summary_through AND history_version = ?`,
    ),
  };

  const appendExchange = writeTransaction(database, (exchange: ExchangeWrite, own: ExchangeTexts): ExchangeIds => {
    const { session, assistant, at, once } = exchange;
    // Under the write lock, which orders every append to the file: a copy stored before this one is seen here.
    if (once) {
      const { key, afterTurnId, since } = once;
      const stored = statements.storedCopy.get(session.key, key, afterTurnId, since.getTime()) as
        | ExchangeIds
        | undefined;
      if (stored) return { ...stored, alreadyStored: true };
    }
    const time = at.getTime();
    statements.upsertSession.run(
      session.key,
      session.uuid,
      session.agentId,
      session.channelId,
      session.threadId,
      time,
      time,
    );
    const userTurnId = Number(
      statements.insertTurn.run(
        session.key,
        'user',
        exchange.user.text,
        exchange.userId,
        exchange.user.tokens,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        time,
        once?.key ?? null,
      ).lastInsertRowid,
    );
    const usage = assistant.usage;
    const assistantTurnId = Number(
      statements.insertTurn.run(
        session.key,
        'assistant',
        assistant.text,
        exchange.userId,
        assistant.tokens,
        usage?.inputTokens ?? null,
        usage?.outputTokens ?? null,
        usage?.cacheReadInputTokens ?? null,
        usage?.cacheCreationInputTokens ?? null,
        assistant.path ?? null,
        assistant.memoryTokens ?? null,
        assistant.cacheMiss ?? null,
        time,
        null,
      ).lastInsertRowid,
    );
    turnIndex.addExchange(
      session.key,
      { id: userTurnId, text: exchange.user.text, created_at: time },
      { id: assistantTurnId, text: assistant.text, created_at: time },
      own,
    );
    statements.noteSpeaker.run({ user: exchange.userId, key: session.key, turn: userTurnId });
    if (exchange.taskSource) statements.setTaskSource.run(userTurnId, session.key);
    if (exchange.systemPin) {
      const { text, at: placedAt, pinVersion } = exchange.systemPin;
      statements.setSystemPin.run(text, placedAt.getTime(), session.key, pinVersion);
    }
    for (const id of exchange.injectedFactIds) {
      statements.touchFact.run(time, id, session.agentId, exchange.userId ?? '');
    }
    if (exchange.trace) {
      const { trace, sent } = exchange.trace;
      if (sent) statements.insertSystem.run(session.key, sent.systemHash, sent.system);
      statements.insertTrace.run(
        assistantTurnId,
        session.key,
        JSON.stringify(trace),
        sent?.format ?? null,
        sent?.systemHash ?? null,
        sent?.earlierMessages ?? null,
        sent?.current ?? null,
      );
    }
    // The extraction job is one more row of this transaction: an acknowledged turn always has its job.
    if (exchange.extraction && insertJob) {
      const { previousTurnId } = exchange.extraction;
      // Due by the wall clock, which leases and retries use too, not by the exchange's time (a test's clock).
      insertJob(
        { kind: 'extract', sessionKey: session.key, previousTurnId, userTurnId, throughTurnId: assistantTurnId },
        new Date(),
      );
    }
    return { userTurnId, assistantTurnId };
  });

  const update = writeTransaction(database, (key: string, patch: SessionPatch) => updateSession(database, key, patch));
  const commitExtraction = (key: string, write: ExtractionWrite) =>
    options.connection.write('store an extraction', async (sql): Promise<ExtractionCommit | null> => {
      // The conditions first: when another worker came first, nothing is written.
      if (!updateSession(database, key, { cursor: write.cursor, ...(write.pin ? { pin: write.pin } : {}) }))
        return null;
      const { insert, touch, supersede } = options.factWrites;
      const facts: ExtractionCommit['facts'] = [];
      for (const fact of write.facts) facts.push(await insert(sql, write.scope, fact));
      const duplicates = facts.flatMap((fact) => (fact && !fact.inserted ? [fact.id] : []));
      await touch(sql, write.scope, [...write.touch, ...duplicates], write.at);
      const newest = facts.findLast((fact) => fact?.inserted === true);
      const superseded: ExtractionCommit['superseded'] = [];
      for (const { id, byFact } of write.supersede) {
        const by = byFact === 'newest' ? newest : facts[byFact];
        if (by?.inserted !== true) continue;
        if (await supersede(sql, write.scope, id, by.id)) superseded.push({ id, byId: by.id });
      }
      return { facts, superseded };
    });
  const compress = writeTransaction(
    database,
    (key: string, compression: CompressionWrite) =>
      statements.compress.run(
        compression.summary,
        compression.throughTurnId,
        key,
        compression.expectedThroughTurnId,
        compression.throughTurnId,
        compression.expectedHistoryVersion,
      ).changes > 0,
  );

  return {
    read: (key, options = {}) =>
      guard('read a session', () => {
        const row = statements.session.get(key) as SessionRow | undefined;
        if (!row) return null;
        const turns = (statements.turns.all(key, row.summary_through, options.maxTurns ?? -1) as TurnRow[]).map(toTurn);
        // A window that starts with a reply would break the user/assistant alternation.
        if (turns[0]?.role === 'assistant') turns.shift();
        return { session: toSession(row), turns };
      }),
    readTurn: (key, turnId) =>
      guard('read a turn', () => {
        const row = statements.turn.get(key, turnId) as TurnDetailRow | undefined;
        return row ? toTurnDetail(row) : null;
      }),
    appendExchange: async (exchange) => {
      // The new turns' own index fields, built before the write transaction and a turn of the event loop apart:
      // on long turns each is slow enough that the two must neither add up nor hold the lock.
      const user = buildTurnText({ text: exchange.user.text, at: exchange.at });
      await yieldToEventLoop();
      const assistant = buildTurnText({ text: exchange.assistant.text, at: exchange.at });
      await yieldToEventLoop();
      return guard('record an exchange', () => appendExchange(exchange, { user, assistant }));
    },
    update: (key, patch) => guard('update a session', () => update(key, patch)),
    commitExtraction,
    compress: (key, compression) => guard('compress a session', () => compress(key, compression)),
  };
}

/** One UPDATE for the whole patch; a pin write is conditional on the pin version it was computed from. */
function updateSession(database: SqliteDatabase, key: string, patch: SessionPatch): boolean {
  const assignments: string[] = [];
  const values: unknown[] = [];
  const conditions = ['key = ?'];
  const conditionValues: unknown[] = [key];
  if (patch.pin !== undefined) {
    const pin = patch.pin.value;
    assignments.push(
      'pin_task = ?',
      'pin_task_user_id = ?',
      'pin_task_source = ?',
      'pin_task_at = ?',
      'pin_clarifications = ?',
      'pin_version = pin_version + 1',
    );
    values.push(
      pin?.task ?? null,
      pin?.taskUserId ?? null,
      pin?.taskSource ?? null,
      pin?.taskAt ?? null,
      JSON.stringify(pin?.clarifications ?? []),
    );
    conditions.push('pin_version = ?');
    conditionValues.push(patch.pin.expectedPinVersion);
  }
  if (patch.countPinAttempt) assignments.push('pin_attempts = pin_attempts + 1');
  if (patch.cursor !== undefined) {
    assignments.push('extracted_through = ?');
    values.push(patch.cursor.throughTurnId);
    conditions.push('extracted_through = ?');
    conditionValues.push(patch.cursor.expectedThroughTurnId);
  }
  if (patch.pinAttempts !== undefined) {
    assignments.push('pin_attempts = ?');
    values.push(patch.pinAttempts);
  }
  if (patch.clearTaskSource) assignments.push('task_source_turn_id = NULL');
  if (patch.placeSystemPin) {
    assignments.push('system_pin = ?', 'system_pin_at = ?');
    values.push(patch.placeSystemPin.text, patch.placeSystemPin.at.getTime());
  } else if (patch.clearSystemPin) assignments.push('system_pin = NULL', 'system_pin_at = NULL');
  if (patch.modelState !== undefined) {
    assignments.push('model_state = json_set(model_state, ?, json(?))');
    values.push(`$.${JSON.stringify(patch.modelState.provider)}`, JSON.stringify(patch.modelState.state));
  }
  if (assignments.length === 0) return database.prepare('SELECT 1 FROM sessions WHERE key = ?').get(key) !== undefined;
  const sql = `UPDATE sessions SET ${assignments.join(', ')} WHERE ${conditions.join(' AND ')}`;
  return database.prepare(sql).run(...values, ...conditionValues).changes > 0;
}
