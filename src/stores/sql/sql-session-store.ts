import { buildTurnText, type TurnTextFields } from '../../core/search/build-turn-document.js';
import { StoreError } from '../../spec/errors/store-error.js';
import type {
  ExchangeIds,
  ExchangeOnce,
  ExchangeWrite,
  ExtractionCommit,
  ExtractionWrite,
  SessionPatch,
  SessionStore,
} from '../../spec/memory-store.js';
import {
  DETAIL_COLUMNS,
  type SessionRow,
  TURN_COLUMNS,
  type TurnDetailRow,
  type TurnRow,
  toSession,
  toTurn,
  toTurnDetail,
} from './map-session-rows.js';
import { type Sql, type SqlValue, sqlJson } from './sql.js';
import type { SqlDialect, SqlEnqueue, SqlFactWrites } from './sql-dialect.js';
import { yieldToEventLoop } from './yield-to-event-loop.js';

/** How many times an append looks for its session's row again after another writer created or deleted it. */
const SESSION_LOCK_ROUNDS = 8;

type ExchangeTexts = { user: TurnTextFields; assistant: TurnTextFields };
type ExchangeTurn = { id: number; text: string; created_at: Date };

/** Indexes an exchange's two turns for search, inside the exchange's transaction. */
export interface SessionTurnIndex {
  addExchange(
    sql: Sql,
    sessionKey: string,
    user: ExchangeTurn,
    assistant: ExchangeTurn,
    own: ExchangeTexts,
  ): Promise<void>;
}

/** What the session store writes with in its own transactions; `enqueue` absent: no durable job queue. */
export interface SqlSessionParts {
  factWrites: SqlFactWrites;
  turnIndex: SessionTurnIndex;
  enqueue?: SqlEnqueue | undefined;
}

/**
 * Sessions and turns. Appends to one session serialize on its row (locked with `dialect.lockRows`, or by the write
 * lock of the whole database where a write transaction takes it, as in SQLite), so an exchange's two turns get
 * consecutive, increasing ids in the session even with several processes appending at once; conditional writes (pin,
 * cursor, watermark) are single UPDATEs whose condition the engine checks on the newest row version, so no concurrent
 * update is lost.
 */
export function sqlSessionStore(dialect: SqlDialect, parts: SqlSessionParts): SessionStore {
  const { connection } = dialect;
  const { factWrites, turnIndex, enqueue } = parts;
  const sessions = dialect.table('sessions');
  const turns = dialect.table('turns');

  /**
   * Locks the session's row, creating it if needed: held until commit, so that appends to one session wait for each
   * other, their turns never interleave, and each one's statements see the turns of those before it (Postgres's READ
   * COMMITTED reads what committed before each statement). True when the session existed.
   */
  const lockSession = async (sql: Sql, exchange: ExchangeWrite): Promise<boolean> => {
    const { session, at } = exchange;
    // Another append may create the row between the look and the insert (the insert waits for its commit and does
    // nothing), and a forget may delete it again before the next look (it empties a session of a forgotten user's
    // turns): look again, until the row is locked or created here. Each round needs another writer's commit.
    for (let round = 0; round < SESSION_LOCK_ROUNDS; round += 1) {
      if (await sql.get(`SELECT 1 AS found FROM ${sessions} WHERE key = ? ${dialect.lockRows}`, [session.key])) {
        return true;
      }
      const created = await sql.get(
        `INSERT INTO ${sessions} (key, uuid, agent_id, channel_id, thread_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO NOTHING RETURNING 1 AS created`,
        [session.key, session.uuid, session.agentId, session.channelId, session.threadId, at, at],
      );
      if (created) return false;
    }
    throw new StoreError(
      'STORE_BUSY',
      `cannot record an exchange: its session was deleted ${SESSION_LOCK_ROUNDS} times while it waited for it`,
    );
  };

  /** The exchange a request was stored in already (`ExchangeWrite.once`): its user turn, and the reply after it. */
  const storedCopy = (sql: Sql, key: string, once: ExchangeOnce) =>
    sql.get<ExchangeIds>(
      `SELECT u.id AS "userTurnId", a.id AS "assistantTurnId" FROM ${turns} u
       JOIN ${turns} a ON a.id = (SELECT min(n.id) FROM ${turns} n WHERE n.session_key = u.session_key AND n.id > u.id)
       WHERE u.session_key = ? AND u.request_key = ? AND u.role = 'user' AND (u.id > ? OR u.created_at >= ?)
         AND a.role = 'assistant'
       ORDER BY u.id LIMIT 1`,
      [key, once.key, once.afterTurnId, once.since],
    );

  /** Inserts a turn with the columns given (the others keep their defaults); resolves to its id. */
  const insertTurn = async (sql: Sql, columns: Record<string, SqlValue>): Promise<number> => {
    const names = Object.keys(columns);
    const row = await sql.get<{ id: number }>(
      `INSERT INTO ${turns} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')}) RETURNING id`,
      Object.values(columns),
    );
    return Number(row?.id);
  };

  const appendExchange = async (sql: Sql, exchange: ExchangeWrite, own: ExchangeTexts): Promise<ExchangeIds> => {
    const { session, assistant, at, once } = exchange;
    if (await lockSession(sql, exchange)) {
      // Under the session's lock (in SQLite, the write lock, which orders every append to the file): a copy of this
      // request stored before this one is seen here.
      const stored = once && (await storedCopy(sql, session.key, once));
      if (stored) return { ...stored, alreadyStored: true };
      await sql.run(`UPDATE ${sessions} SET updated_at = ? WHERE key = ?`, [at, session.key]);
    }
    const turn = { session_key: session.key, user_id: exchange.userId, created_at: at };
    const userTurnId = await insertTurn(sql, {
      ...turn,
      role: 'user',
      text: exchange.user.text,
      tokens: exchange.user.tokens,
      request_key: once?.key ?? null,
    });
    const usage = assistant.usage;
    const assistantTurnId = await insertTurn(sql, {
      ...turn,
      role: 'assistant',
      text: assistant.text,
      tokens: assistant.tokens,
      input_tokens: usage?.inputTokens ?? null,
      output_tokens: usage?.outputTokens ?? null,
      cache_read_tokens: usage?.cacheReadInputTokens ?? null,
      cache_write_tokens: usage?.cacheCreationInputTokens ?? null,
      path: assistant.path ?? null,
      memory_tokens: assistant.memoryTokens ?? null,
      cache_miss: assistant.cacheMiss ?? null,
    });
    await turnIndex.addExchange(
      sql,
      session.key,
      { id: userTurnId, text: exchange.user.text, created_at: at },
      { id: assistantTurnId, text: assistant.text, created_at: at },
      own,
    );
    // The first speaker is recorded once; anyone else speaking makes the session shared. ('u' || id keeps a
    // missing user apart from every real id.)
    await sql.run(
      `UPDATE ${sessions} SET
         shared = shared OR (earlier AND coalesce('u' || first_user_id, '-') <> coalesce('u' || CAST(? AS TEXT), '-')),
         first_user_id = CASE WHEN earlier THEN first_user_id ELSE CAST(? AS TEXT) END
       FROM (SELECT EXISTS (SELECT 1 FROM ${turns} WHERE session_key = ? AND id < ?) AS earlier) e
       WHERE key = ?`,
      [exchange.userId, exchange.userId, session.key, userTurnId, session.key],
    );
    if (exchange.taskSource) {
      await sql.run(
        `UPDATE ${sessions} SET task_source_turn_id = ?
         WHERE key = ? AND task_source_turn_id IS NULL AND pin_task IS NULL`,
        [userTurnId, session.key],
      );
    }
    if (exchange.systemPin) {
      const { text, at: placedAt, pinVersion } = exchange.systemPin;
      await sql.run(`UPDATE ${sessions} SET system_pin = ?, system_pin_at = ? WHERE key = ? AND pin_version = ?`, [
        text,
        placedAt,
        session.key,
        pinVersion,
      ]);
    }
    const injected = exchange.injectedFactIds;
    if (injected.length > 0) {
      await sql.run(
        `UPDATE ${dialect.table('facts')} SET access_count = access_count + 1, last_used_at = ?
         WHERE id IN (${injected.map(() => '?').join(', ')}) AND agent_id = ? AND user_id = ?`,
        [at, ...injected, session.agentId, exchange.userId ?? ''],
      );
    }
    if (exchange.trace) {
      const { trace, sent } = exchange.trace;
      if (sent) {
        await sql.run(
          `INSERT INTO ${dialect.table('sent_systems')} (session_key, hash, system) VALUES (?, ?, ?)
           ON CONFLICT DO NOTHING`,
          [session.key, sent.systemHash, sent.system],
        );
      }
      await sql.run(
        `INSERT INTO ${dialect.table('turn_traces')} (turn_id, session_key, trace, format, system_hash,
         earlier_messages, current) VALUES (?, ?, ?, ?, ?, ?, ?)`,
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
    // The extraction job is one more row of this transaction: an acknowledged turn always has its job.
    if (exchange.extraction && enqueue) {
      const { previousTurnId } = exchange.extraction;
      // Due by the wall clock, which leases and retries use too, not by the exchange's time (a test's clock).
      await enqueue(
        sql,
        { kind: 'extract', sessionKey: session.key, previousTurnId, userTurnId, throughTurnId: assistantTurnId },
        new Date(),
      );
    }
    return { userTurnId, assistantTurnId };
  };

  const commitExtraction = async (sql: Sql, key: string, write: ExtractionWrite): Promise<ExtractionCommit | null> => {
    // The conditions first: when another worker came first, nothing is written.
    const patch = { cursor: write.cursor, ...(write.pin ? { pin: write.pin } : {}) };
    if (!(await updateSession(sql, dialect, key, patch))) return null;
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
      connection.read('read a session', async (sql) => {
        const row = await sql.get<SessionRow>(`SELECT * FROM ${sessions} WHERE key = ?`, [key]);
        if (!row) return null;
        const limited = options.maxTurns !== undefined;
        const rows = await sql.all<TurnRow>(
          `SELECT * FROM (SELECT ${TURN_COLUMNS}, t.request_key FROM ${turns} t WHERE t.session_key = ? AND t.id > ?
           ORDER BY t.id DESC${limited ? ' LIMIT ?' : ''}) recent ORDER BY id`,
          limited ? [key, row.summary_through, options.maxTurns as number] : [key, row.summary_through],
        );
        const window = rows.map(toTurn);
        // A window that starts with a reply would break the user/assistant alternation.
        if (window[0]?.role === 'assistant') window.shift();
        return { session: toSession(row), turns: window };
      }),
    readTurn: (key, turnId) =>
      connection.read('read a turn', async (sql) => {
        const row = await sql.get<TurnDetailRow>(
          `SELECT ${DETAIL_COLUMNS} FROM ${turns} t WHERE t.session_key = ? AND t.id = ?`,
          [key, turnId],
        );
        return row ? toTurnDetail(row) : null;
      }),
    appendExchange: async (exchange) => {
      // The new turns' own index fields, built before the write transaction and a turn of the event loop apart:
      // on long turns each is slow enough that the two must neither add up nor hold the lock.
      const user = buildTurnText({ text: exchange.user.text, at: exchange.at });
      await yieldToEventLoop();
      const assistant = buildTurnText({ text: exchange.assistant.text, at: exchange.at });
      await yieldToEventLoop();
      return connection.write('record an exchange', (sql) => appendExchange(sql, exchange, { user, assistant }));
    },
    update: (key, patch) => connection.write('update a session', (sql) => updateSession(sql, dialect, key, patch)),
    commitExtraction: (key, write) =>
      connection.write('store an extraction', (sql) => commitExtraction(sql, key, write)),
    compress: (key, compression) =>
      connection.write(
        'compress a session',
        async (sql) =>
          (await sql.run(
            `UPDATE ${sessions} SET summary = ?, summary_through = ?, history_version = history_version + 1
             WHERE key = ? AND summary_through = ? AND ? > summary_through AND history_version = ?`,
            [
              compression.summary,
              compression.throughTurnId,
              key,
              compression.expectedThroughTurnId,
              compression.throughTurnId,
              compression.expectedHistoryVersion,
            ],
          )) > 0,
      ),
  };
}

/** One UPDATE for the whole patch; a pin write and a cursor move are conditional on the values they were read at. */
async function updateSession(sql: Sql, dialect: SqlDialect, key: string, patch: SessionPatch): Promise<boolean> {
  const sessions = dialect.table('sessions');
  const assignments: string[] = [];
  const values: SqlValue[] = [];
  const conditions = ['key = ?'];
  const conditionValues: SqlValue[] = [key];
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
      pin?.taskAt === undefined ? null : new Date(pin.taskAt),
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
    values.push(patch.placeSystemPin.text, patch.placeSystemPin.at);
  } else if (patch.clearSystemPin) assignments.push('system_pin = NULL', 'system_pin_at = NULL');
  if (patch.modelState !== undefined) {
    // The engines' JSON functions differ: the other models' states are read under the row's lock and written back.
    const row = await sql.get<{ model_state: unknown }>(
      `SELECT model_state FROM ${sessions} WHERE key = ? ${dialect.lockRows}`,
      [key],
    );
    const stored = sqlJson(row?.model_state);
    const states = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
    assignments.push('model_state = ?');
    values.push(JSON.stringify({ ...states, [patch.modelState.provider]: patch.modelState.state }));
  }
  if (assignments.length === 0)
    return (await sql.get(`SELECT 1 AS found FROM ${sessions} WHERE key = ?`, [key])) !== undefined;
  const statement = `UPDATE ${sessions} SET ${assignments.join(', ')} WHERE ${conditions.join(' AND ')}`;
  return (await sql.run(statement, [...values, ...conditionValues])) > 0;
}
