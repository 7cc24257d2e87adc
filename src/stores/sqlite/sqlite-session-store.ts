import type { ExchangeWrite, SessionPatch, SessionStore } from '../../spec/memory-store.js';
import { guardSqlite } from './guard-sqlite.js';
import { type SessionRow, type TurnRow, toSession, toTurn } from './map-sqlite-rows.js';
import type { SqliteDatabase } from './sqlite-database.js';
import { sqliteTurnIndex } from './sqlite-turn-index.js';

const TURN_COLUMNS = 'id, role, text, user_id, tokens, path, created_at';

export function sqliteSessionStore(database: SqliteDatabase): SessionStore {
  const turnIndex = sqliteTurnIndex(database);
  const statements = {
    session: database.prepare('SELECT * FROM sessions WHERE key = ?'),
    turns: database.prepare(
      `SELECT * FROM (SELECT ${TURN_COLUMNS} FROM turns WHERE session_key = ? AND id > ? ORDER BY id DESC LIMIT ?)
       ORDER BY id`,
    ),
    turn: database.prepare(`SELECT ${TURN_COLUMNS} FROM turns WHERE session_key = ? AND id = ?`),
    upsertSession: database.prepare(
      `INSERT INTO sessions (key, uuid, agent_id, channel_id, thread_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET updated_at = excluded.updated_at`,
    ),
    insertTurn: database.prepare(
      `INSERT INTO turns (session_key, role, text, user_id, tokens, input_tokens, output_tokens, cache_read_tokens,
       cache_write_tokens, path, memory_tokens, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    setTaskSource: database.prepare(
      'UPDATE sessions SET task_source_turn_id = ? WHERE key = ? AND task_source_turn_id IS NULL',
    ),
    setSystemPin: database.prepare('UPDATE sessions SET system_pin = ?, system_pin_at = ? WHERE key = ?'),
    touchFact: database.prepare('UPDATE facts SET access_count = access_count + 1, last_used_at = ? WHERE id = ?'),
    compress: database.prepare(
      `UPDATE sessions SET summary = ?, summary_through = ?, history_version = history_version + 1
       WHERE key = ? AND summary_through = ? AND ? > summary_through`,
    ),
  };

  const appendExchange = database.transaction((exchange: ExchangeWrite) => {
    const { session, assistant, at } = exchange;
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
        time,
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
        time,
      ).lastInsertRowid,
    );
    turnIndex.addExchange(
      session.key,
      { id: userTurnId, text: exchange.user.text, created_at: time },
      { id: assistantTurnId, text: assistant.text, created_at: time },
    );
    if (exchange.taskSource) statements.setTaskSource.run(userTurnId, session.key);
    if (exchange.systemPin) {
      statements.setSystemPin.run(exchange.systemPin.text, exchange.systemPin.at.getTime(), session.key);
    }
    for (const id of exchange.injectedFactIds) statements.touchFact.run(time, id);
    return { userTurnId, assistantTurnId };
  });

  return {
    read: (key, options = {}) =>
      guardSqlite(database, 'read a session', () => {
        const row = statements.session.get(key) as SessionRow | undefined;
        if (!row) return null;
        const turns = (statements.turns.all(key, row.summary_through, options.maxTurns ?? -1) as TurnRow[]).map(toTurn);
        // A window that starts with a reply would break the user/assistant alternation.
        if (turns[0]?.role === 'assistant') turns.shift();
        return { session: toSession(row), turns };
      }),
    readTurn: (key, turnId) =>
      guardSqlite(database, 'read a turn', () => {
        const row = statements.turn.get(key, turnId) as TurnRow | undefined;
        return row ? toTurn(row) : null;
      }),
    appendExchange: (exchange) => guardSqlite(database, 'record an exchange', () => appendExchange(exchange)),
    update: (key, patch) => guardSqlite(database, 'update a session', () => updateSession(database, key, patch)),
    compress: (key, compression) =>
      guardSqlite(
        database,
        'compress a session',
        () =>
          statements.compress.run(
            compression.summary,
            compression.throughTurnId,
            key,
            compression.expectedThroughTurnId,
            compression.throughTurnId,
          ).changes > 0,
      ),
    searchTurns: (key, query, options) =>
      guardSqlite(database, 'search turns', () => turnIndex.search(key, query, options)),
  };
}

function updateSession(database: SqliteDatabase, key: string, patch: SessionPatch): void {
  const assignments: string[] = [];
  const values: unknown[] = [];
  if (patch.pin !== undefined) {
    assignments.push('pin_task = ?', 'pin_task_user_id = ?', 'pin_clarifications = ?');
    values.push(
      patch.pin?.task ?? null,
      patch.pin?.taskUserId ?? null,
      JSON.stringify(patch.pin?.clarifications ?? []),
    );
  }
  if (patch.pinAttempts !== undefined) {
    assignments.push('pin_attempts = ?');
    values.push(patch.pinAttempts);
  }
  if (patch.summary !== undefined) {
    assignments.push('summary = ?');
    values.push(patch.summary);
  }
  if (patch.modelState !== undefined) {
    assignments.push('model_state = json_set(model_state, ?, json(?))');
    values.push(`$.${JSON.stringify(patch.modelState.provider)}`, JSON.stringify(patch.modelState.state));
  }
  if (assignments.length === 0) return;
  database.prepare(`UPDATE sessions SET ${assignments.join(', ')} WHERE key = ?`).run(...values, key);
}
