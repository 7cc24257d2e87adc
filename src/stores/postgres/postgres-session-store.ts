import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { buildTurnText, type TurnTextFields } from '../../core/search/build-turn-document.js';
import { StoreError } from '../../spec/errors/store-error.js';
import type {
  CompressionWrite,
  ExchangeIds,
  ExchangeOnce,
  ExchangeWrite,
  ExtractionCommit,
  ExtractionWrite,
  SessionPatch,
  SessionStore,
} from '../../spec/memory-store.js';
import type { SqlFactWrites } from '../sql/sql-dialect.js';
import {
  DETAIL_COLUMNS,
  type SessionRow,
  TURN_COLUMNS,
  type TurnDetailRow,
  type TurnRow,
  toSession,
  toTurn,
  toTurnDetail,
} from './map-postgres-rows.js';
import type { PostgresGuard, Sql, TransactionSql } from './postgres-guard.js';
import type { PostgresJobs } from './postgres-jobs.js';
import { postgresTurnIndex } from './postgres-turn-index.js';

/** How many times an append looks for its session's row again after another writer created or deleted it. */
const SESSION_LOCK_ROUNDS = 8;

type ExchangeTexts = { user: TurnTextFields; assistant: TurnTextFields };

/**
 * Sessions and turns in READ COMMITTED transactions. Appends to one session serialize on its row (locked by the
 * upsert and `FOR UPDATE`), so an exchange's two turns get consecutive, increasing ids in the session even with
 * several processes appending at once; conditional writes (pin, cursor, watermark) are single UPDATEs whose
 * condition Postgres checks again on the newest row version, so no concurrent update is lost.
 */
export function postgresSessionStore(
  schema: string,
  guard: PostgresGuard,
  options: { factWrites: SqlFactWrites; jobs: PostgresJobs | undefined },
): SessionStore {
  const turnIndex = postgresTurnIndex(schema);
  const { factWrites, jobs } = options;

  /**
   * Locks the session's row, creating it if needed: held until commit, so that appends to one session wait for each
   * other, their turns never interleave, and each one's statements see the turns of those before it (READ COMMITTED
   * reads what committed before each statement). True when the session existed.
   */
  const lockSession = async (sql: TransactionSql, exchange: ExchangeWrite): Promise<boolean> => {
    const { session, at } = exchange;
    const lock = `SELECT 1 FROM ${schema}.sessions WHERE key = $1 FOR UPDATE`;
    // Another append may create the row between the look and the insert (the insert waits for its commit and does
    // nothing), and a forget may delete it again before the next look (it empties a session of a forgotten user's
    // turns): look again, until the row is locked or created here. Each round needs another writer's commit.
    for (let round = 0; round < SESSION_LOCK_ROUNDS; round += 1) {
      if ((await sql.query(lock, [session.key])).length > 0) return true;
      const created = await sql.query(
        `INSERT INTO ${schema}.sessions (key, uuid, agent_id, channel_id, thread_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (key) DO NOTHING RETURNING 1`,
        [session.key, session.uuid, session.agentId, session.channelId, session.threadId, at],
      );
      if (created.length > 0) return false;
    }
    throw new StoreError(
      'STORE_BUSY',
      `cannot record an exchange: its session was deleted ${SESSION_LOCK_ROUNDS} times while it waited for it`,
    );
  };

  /** The exchange a request was stored in already (`ExchangeWrite.once`): its user turn, and the reply after it. */
  const storedCopy = async (sql: TransactionSql, key: string, once: ExchangeOnce) => {
    const [stored] = await sql.query<ExchangeIds>(
      `SELECT u.id AS "userTurnId", a.id AS "assistantTurnId" FROM ${schema}.turns u
       JOIN ${schema}.turns a ON a.id = (
         SELECT min(n.id) FROM ${schema}.turns n WHERE n.session_key = u.session_key AND n.id > u.id)
       WHERE u.session_key = $1 AND u.request_key = $2 AND u.role = 'user' AND (u.id > $3 OR u.created_at >= $4)
         AND a.role = 'assistant'
       ORDER BY u.id LIMIT 1`,
      [key, once.key, once.afterTurnId, once.since],
    );
    return stored;
  };

  const appendExchange = async (
    sql: TransactionSql,
    exchange: ExchangeWrite,
    own: ExchangeTexts,
  ): Promise<ExchangeIds> => {
    const { session, assistant, at, once } = exchange;
    if (await lockSession(sql, exchange)) {
      // Under the session's lock: a copy of this request stored before this one is seen here.
      const stored = once && (await storedCopy(sql, session.key, once));
      if (stored) return { ...stored, alreadyStored: true };
      await sql.query(`UPDATE ${schema}.sessions SET updated_at = $2 WHERE key = $1`, [session.key, at]);
    }
    const insertTurn = `INSERT INTO ${schema}.turns (session_key, role, text, user_id, tokens, input_tokens,
      output_tokens, cache_read_tokens, cache_write_tokens, path, memory_tokens, cache_miss, created_at, request_key)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`;
    const [user] = await sql.query<{ id: number }>(insertTurn, [
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
      at,
      once?.key ?? null,
    ]);
    const usage = assistant.usage;
    const [reply] = await sql.query<{ id: number }>(insertTurn, [
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
      at,
      null,
    ]);
    const userTurnId = user?.id as number;
    const assistantTurnId = reply?.id as number;
    await turnIndex.addExchange(
      sql,
      session.key,
      { id: userTurnId, text: exchange.user.text, created_at: at },
      { id: assistantTurnId, text: assistant.text, created_at: at },
      own,
    );
    // The first speaker is recorded once; anyone else speaking makes the session shared. ('u' || id keeps a
    // missing user apart from every real id.)
    await sql.query(
      `UPDATE ${schema}.sessions SET
         shared = shared OR (earlier AND coalesce('u' || first_user_id, '-') <> coalesce('u' || $1::text, '-')),
         first_user_id = CASE WHEN earlier THEN first_user_id ELSE $1::text END
       FROM (SELECT EXISTS (SELECT 1 FROM ${schema}.turns WHERE session_key = $2 AND id < $3) AS earlier) e
       WHERE key = $2`,
      [exchange.userId, session.key, userTurnId],
    );
    if (exchange.taskSource) {
      await sql.query(
        `UPDATE ${schema}.sessions SET task_source_turn_id = $1
         WHERE key = $2 AND task_source_turn_id IS NULL AND pin_task IS NULL`,
        [userTurnId, session.key],
      );
    }
    if (exchange.systemPin) {
      const { text, at: placedAt, pinVersion } = exchange.systemPin;
      await sql.query(
        `UPDATE ${schema}.sessions SET system_pin = $1, system_pin_at = $2 WHERE key = $3 AND pin_version = $4`,
        [text, placedAt, session.key, pinVersion],
      );
    }
    if (exchange.injectedFactIds.length > 0) {
      await sql.query(
        `UPDATE ${schema}.facts SET access_count = access_count + 1, last_used_at = $1
         WHERE id = ANY($2::bigint[]) AND agent_id = $3 AND user_id = $4`,
        [at, [...exchange.injectedFactIds], session.agentId, exchange.userId ?? ''],
      );
    }
    if (exchange.trace) {
      const { trace, sent } = exchange.trace;
      if (sent) {
        await sql.query(
          `INSERT INTO ${schema}.sent_systems (session_key, hash, system) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
          [session.key, sent.systemHash, sent.system],
        );
      }
      await sql.query(
        `INSERT INTO ${schema}.turn_traces (turn_id, session_key, trace, format, system_hash, earlier_messages, current)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          assistantTurnId,
          session.key,
          JSON.stringify(trace),
          sent?.format ?? null,
          sent?.systemHash ?? null,
          sent?.earlierMessages ?? null,
          sent?.current ?? null,
        ],
      );
    }
    // The extraction job is written in this transaction: an acknowledged turn always has its job.
    if (exchange.extraction && jobs) {
      const { previousTurnId } = exchange.extraction;
      // Due by the wall clock, which leases and retries use too, not by the exchange's time (a test's clock).
      await jobs.enqueueWith(
        sql.client,
        { kind: 'extract', sessionKey: session.key, previousTurnId, userTurnId, throughTurnId: assistantTurnId },
        new Date(),
      );
    }
    return { userTurnId, assistantTurnId };
  };

  const commitExtraction = async (
    sql: TransactionSql,
    key: string,
    write: ExtractionWrite,
  ): Promise<ExtractionCommit | null> => {
    // The conditions first: when another worker came first, nothing is written (the transaction is empty).
    if (!(await updateSession(sql, schema, key, { cursor: write.cursor, ...(write.pin ? { pin: write.pin } : {}) }))) {
      return null;
    }
    const facts: ExtractionCommit['facts'] = [];
    for (const fact of write.facts) facts.push(await factWrites.insert(sql, write.scope, fact));
    const duplicates = facts.flatMap((fact) => (fact && !fact.inserted ? [fact.id] : []));
    await factWrites.touch(sql, write.scope, [...write.touch, ...duplicates], write.at);
    const newest = facts.findLast((fact) => fact?.inserted === true);
    const superseded: ExtractionCommit['superseded'] = [];
    for (const { id, byFact } of write.supersede) {
      const by = byFact === 'newest' ? newest : facts[byFact];
      if (by?.inserted !== true) continue;
      if (await factWrites.supersede(sql, write.scope, id, by.id)) superseded.push({ id, byId: by.id });
    }
    return { facts, superseded };
  };

  return {
    read: (key, options = {}) =>
      guard.read('read a session', async (sql) => {
        const [row] = await sql.query<SessionRow>(`SELECT * FROM ${schema}.sessions WHERE key = $1`, [key]);
        if (!row) return null;
        const turns = (
          await sql.query<TurnRow>(
            `SELECT * FROM (SELECT ${TURN_COLUMNS}, t.request_key FROM ${schema}.turns t
             WHERE t.session_key = $1 AND t.id > $2
             ORDER BY t.id DESC LIMIT $3) recent ORDER BY id`,
            [key, row.summary_through, options.maxTurns ?? null],
          )
        ).map(toTurn);
        // A window that starts with a reply would break the user/assistant alternation.
        if (turns[0]?.role === 'assistant') turns.shift();
        return { session: toSession(row), turns };
      }),
    readTurn: (key, turnId) =>
      guard.read('read a turn', async (sql) => {
        const [row] = await sql.query<TurnDetailRow>(
          `SELECT ${DETAIL_COLUMNS} FROM ${schema}.turns t WHERE t.session_key = $1 AND t.id = $2`,
          [key, turnId],
        );
        return row ? toTurnDetail(row) : null;
      }),
    appendExchange: async (exchange) => {
      // The new turns' own index fields, built before the transaction and a turn of the event loop apart.
      const user = buildTurnText({ text: exchange.user.text, at: exchange.at });
      await yieldToEventLoop();
      const assistant = buildTurnText({ text: exchange.assistant.text, at: exchange.at });
      await yieldToEventLoop();
      return guard.write('record an exchange', (sql) => appendExchange(sql, exchange, { user, assistant }));
    },
    update: (key, patch) => guard.write('update a session', (sql) => updateSession(sql, schema, key, patch)),
    commitExtraction: (key, write) => guard.write('store an extraction', (sql) => commitExtraction(sql, key, write)),
    compress: (key, compression: CompressionWrite) =>
      guard.write('compress a session', async (sql) => {
        const rows = await sql.query(
          `UPDATE ${schema}.sessions SET summary = $1, summary_through = $2, history_version = history_version + 1
           WHERE key = $3 AND summary_through = $4 AND $2 > summary_through AND history_version = $5 RETURNING 1`,
          [
            compression.summary,
            compression.throughTurnId,
            key,
            compression.expectedThroughTurnId,
            compression.expectedHistoryVersion,
          ],
        );
        return rows.length > 0;
      }),
  };
}

/** One UPDATE for the whole patch; a pin write and a cursor move are conditional on the values they were read at. */
async function updateSession(sql: Sql, schema: string, key: string, patch: SessionPatch): Promise<boolean> {
  const assignments: string[] = [];
  const values: unknown[] = [key];
  const conditions = ['key = $1'];
  const value = (item: unknown) => {
    values.push(item);
    return `$${values.length}`;
  };
  if (patch.pin !== undefined) {
    const pin = patch.pin.value;
    assignments.push(
      `pin_task = ${value(pin?.task ?? null)}`,
      `pin_task_user_id = ${value(pin?.taskUserId ?? null)}`,
      `pin_task_source = ${value(pin?.taskSource ?? null)}`,
      `pin_task_at = ${value(pin?.taskAt === undefined ? null : new Date(pin.taskAt))}`,
      `pin_clarifications = ${value(JSON.stringify(pin?.clarifications ?? []))}::jsonb`,
      'pin_version = pin_version + 1',
    );
    conditions.push(`pin_version = ${value(patch.pin.expectedPinVersion)}`);
  }
  if (patch.countPinAttempt) assignments.push('pin_attempts = pin_attempts + 1');
  if (patch.cursor !== undefined) {
    assignments.push(`extracted_through = ${value(patch.cursor.throughTurnId)}`);
    conditions.push(`extracted_through = ${value(patch.cursor.expectedThroughTurnId)}`);
  }
  if (patch.pinAttempts !== undefined) assignments.push(`pin_attempts = ${value(patch.pinAttempts)}`);
  if (patch.clearTaskSource) assignments.push('task_source_turn_id = NULL');
  if (patch.placeSystemPin) {
    assignments.push(
      `system_pin = ${value(patch.placeSystemPin.text)}`,
      `system_pin_at = ${value(patch.placeSystemPin.at)}`,
    );
  } else if (patch.clearSystemPin) assignments.push('system_pin = NULL', 'system_pin_at = NULL');
  if (patch.modelState !== undefined) {
    assignments.push(
      `model_state = jsonb_set(model_state, ARRAY[${value(patch.modelState.provider)}::text], ${value(
        JSON.stringify(patch.modelState.state),
      )}::jsonb)`,
    );
  }
  if (assignments.length === 0) {
    return (await sql.query(`SELECT 1 FROM ${schema}.sessions WHERE key = $1`, [key])).length > 0;
  }
  const sql_ = `UPDATE ${schema}.sessions SET ${assignments.join(', ')} WHERE ${conditions.join(' AND ')} RETURNING 1`;
  return (await sql.query(sql_, values)).length > 0;
}
