/**
 * Schema versions, applied in order on open (tracked in `PRAGMA user_version`). Never edit a shipped migration:
 * add the next one.
 */
export const SQLITE_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sessions (
    key TEXT PRIMARY KEY,
    uuid TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    channel_id TEXT,
    thread_id TEXT,
    pin_task TEXT,
    pin_task_user_id TEXT,
    pin_clarifications TEXT NOT NULL DEFAULT '[]',
    pin_attempts INTEGER NOT NULL DEFAULT 0,
    task_source_turn_id INTEGER,
    summary TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX sessions_scope ON sessions (agent_id, channel_id, thread_id);

  CREATE TABLE turns (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_key TEXT NOT NULL REFERENCES sessions (key) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
    text TEXT NOT NULL,
    user_id TEXT,
    tokens INTEGER NOT NULL,
    input_tokens INTEGER,
    output_tokens INTEGER,
    cache_read_tokens INTEGER,
    cache_write_tokens INTEGER,
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX turns_session ON turns (session_key, id);
  CREATE INDEX turns_user ON turns (user_id) WHERE user_id IS NOT NULL;

  -- user_id '' is the agent-wide scope (no user). scope is an opaque token of (agent, user) that the full-text
  -- indexes carry, so that a search is narrowed to one scope inside the index. grams holds the character bigrams
  -- of the Chinese/Japanese runs of text.
  CREATE TABLE facts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    scope TEXT NOT NULL,
    text TEXT NOT NULL,
    grams TEXT NOT NULL,
    hash TEXT NOT NULL,
    source_session_key TEXT,
    source_turn_id INTEGER,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER,
    access_count INTEGER NOT NULL DEFAULT 0,
    superseded_by INTEGER
  ) STRICT;
  CREATE UNIQUE INDEX facts_live_hash ON facts (agent_id, user_id, hash) WHERE superseded_by IS NULL;
  CREATE INDEX facts_recent ON facts (agent_id, user_id, coalesce(last_used_at, created_at)) WHERE superseded_by IS NULL;
  CREATE INDEX facts_source ON facts (source_session_key);

  CREATE VIRTUAL TABLE facts_words USING fts5 (
    scope, text, content = 'facts', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2'
  );
  CREATE VIRTUAL TABLE facts_cjk USING fts5 (
    scope, grams, content = 'facts', content_rowid = 'id', tokenize = 'unicode61'
  );
  -- Deleted entries leave the index at once (the scope column only filters; searches weight it 0 in bm25()).
  INSERT INTO facts_words (facts_words, rank) VALUES ('secure-delete', 1);
  INSERT INTO facts_cjk (facts_cjk, rank) VALUES ('secure-delete', 1);

  CREATE TRIGGER facts_after_insert AFTER INSERT ON facts BEGIN
    INSERT INTO facts_words (rowid, scope, text) VALUES (new.id, new.scope, new.text);
    INSERT INTO facts_cjk (rowid, scope, grams) VALUES (new.id, new.scope, new.grams);
  END;
  CREATE TRIGGER facts_after_delete AFTER DELETE ON facts BEGIN
    INSERT INTO facts_words (facts_words, rowid, scope, text) VALUES ('delete', old.id, old.scope, old.text);
    INSERT INTO facts_cjk (facts_cjk, rowid, scope, grams) VALUES ('delete', old.id, old.scope, old.grams);
  END;
  -- A superseded fact leaves the indexes, so that a ranked search never spends a slot on it.
  CREATE TRIGGER facts_after_supersede AFTER UPDATE OF superseded_by ON facts
  WHEN old.superseded_by IS NULL AND new.superseded_by IS NOT NULL BEGIN
    INSERT INTO facts_words (facts_words, rowid, scope, text) VALUES ('delete', old.id, old.scope, old.text);
    INSERT INTO facts_cjk (facts_cjk, rowid, scope, grams) VALUES ('delete', old.id, old.scope, old.grams);
  END;
  CREATE TRIGGER facts_after_update AFTER UPDATE OF scope, text, grams ON facts WHEN new.superseded_by IS NULL BEGIN
    INSERT INTO facts_words (facts_words, rowid, scope, text) VALUES ('delete', old.id, old.scope, old.text);
    INSERT INTO facts_cjk (facts_cjk, rowid, scope, grams) VALUES ('delete', old.id, old.scope, old.grams);
    INSERT INTO facts_words (rowid, scope, text) VALUES (new.id, new.scope, new.text);
    INSERT INTO facts_cjk (rowid, scope, grams) VALUES (new.id, new.scope, new.grams);
  END;
  `,
  `
  ALTER TABLE sessions ADD COLUMN model_state TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE turns ADD COLUMN path TEXT;
  ALTER TABLE turns ADD COLUMN memory_tokens INTEGER;
  -- Compression: turns up to summary_through are summarised (kept, but no longer sent); history_version counts
  -- compressions, so that a model holding its own transcript (the Claude CLI) knows to start over.
  ALTER TABLE sessions ADD COLUMN summary_through INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE sessions ADD COLUMN history_version INTEGER NOT NULL DEFAULT 0;
  -- The pin as placed in the cached system prompt, and when: it stays put for a burst of turns.
  ALTER TABLE sessions ADD COLUMN system_pin TEXT;
  ALTER TABLE sessions ADD COLUMN system_pin_at INTEGER;
  `,
  `
  -- Retrieval (v3): a fact is searched with the exchange it came from (context, at a lower weight) and with the
  -- calendar terms of when it was stored (dated: y2023 m202305 mmay, see dateTerms); turns get an index of their
  -- own (turn recall). FTS5 tables cannot gain columns: the fact indexes are dropped and rebuilt from the live
  -- facts. The turn indexes keep their own copy of what they index (a contentless FTS5 table only marks deleted
  -- rows with tombstones and keeps their terms, which forget must not leave behind).
  ALTER TABLE facts ADD COLUMN context TEXT NOT NULL DEFAULT '';
  ALTER TABLE facts ADD COLUMN context_grams TEXT NOT NULL DEFAULT '';
  ALTER TABLE facts ADD COLUMN dated TEXT NOT NULL DEFAULT '';
  UPDATE facts SET dated = 'y' || strftime('%Y', created_at / 1000, 'unixepoch') || ' m'
    || strftime('%Y%m', created_at / 1000, 'unixepoch') || ' '
    || CASE strftime('%m', created_at / 1000, 'unixepoch') WHEN '01' THEN 'mjanuary' WHEN '02' THEN 'mfebruary' WHEN '03' THEN 'mmarch' WHEN '04' THEN 'mapril' WHEN '05' THEN 'mmay' WHEN '06' THEN 'mjune' WHEN '07' THEN 'mjuly' WHEN '08' THEN 'maugust' WHEN '09' THEN 'mseptember' WHEN '10' THEN 'moctober' WHEN '11' THEN 'mnovember' WHEN '12' THEN 'mdecember' END;
  DROP TRIGGER facts_after_insert;
  DROP TRIGGER facts_after_delete;
  DROP TRIGGER facts_after_supersede;
  DROP TRIGGER facts_after_update;
  DROP TABLE facts_words;
  DROP TABLE facts_cjk;
  CREATE VIRTUAL TABLE facts_words USING fts5 (
    scope, text, context, dated, content = 'facts', content_rowid = 'id',
    tokenize = 'porter unicode61 remove_diacritics 2'
  );
  CREATE VIRTUAL TABLE facts_cjk USING fts5 (
    scope, grams, context_grams, content = 'facts', content_rowid = 'id', tokenize = 'unicode61'
  );
  INSERT INTO facts_words (facts_words, rank) VALUES ('secure-delete', 1);
  INSERT INTO facts_cjk (facts_cjk, rank) VALUES ('secure-delete', 1);
  INSERT INTO facts_words (rowid, scope, text, context, dated)
    SELECT id, scope, text, context, dated FROM facts WHERE superseded_by IS NULL;
  INSERT INTO facts_cjk (rowid, scope, grams, context_grams)
    SELECT id, scope, grams, context_grams FROM facts WHERE superseded_by IS NULL;

  CREATE TRIGGER facts_after_insert AFTER INSERT ON facts BEGIN
    INSERT INTO facts_words (rowid, scope, text, context, dated) VALUES (new.id, new.scope, new.text, new.context, new.dated);
    INSERT INTO facts_cjk (rowid, scope, grams, context_grams) VALUES (new.id, new.scope, new.grams, new.context_grams);
  END;
  CREATE TRIGGER facts_after_delete AFTER DELETE ON facts WHEN old.superseded_by IS NULL BEGIN
    INSERT INTO facts_words (facts_words, rowid, scope, text, context, dated)
      VALUES ('delete', old.id, old.scope, old.text, old.context, old.dated);
    INSERT INTO facts_cjk (facts_cjk, rowid, scope, grams, context_grams)
      VALUES ('delete', old.id, old.scope, old.grams, old.context_grams);
  END;
  CREATE TRIGGER facts_after_supersede AFTER UPDATE OF superseded_by ON facts
  WHEN old.superseded_by IS NULL AND new.superseded_by IS NOT NULL BEGIN
    INSERT INTO facts_words (facts_words, rowid, scope, text, context, dated)
      VALUES ('delete', old.id, old.scope, old.text, old.context, old.dated);
    INSERT INTO facts_cjk (facts_cjk, rowid, scope, grams, context_grams)
      VALUES ('delete', old.id, old.scope, old.grams, old.context_grams);
  END;
  CREATE TRIGGER facts_after_update AFTER UPDATE OF scope, text, grams, context, context_grams, dated ON facts
  WHEN new.superseded_by IS NULL BEGIN
    INSERT INTO facts_words (facts_words, rowid, scope, text, context, dated)
      VALUES ('delete', old.id, old.scope, old.text, old.context, old.dated);
    INSERT INTO facts_cjk (facts_cjk, rowid, scope, grams, context_grams)
      VALUES ('delete', old.id, old.scope, old.grams, old.context_grams);
    INSERT INTO facts_words (rowid, scope, text, context, dated) VALUES (new.id, new.scope, new.text, new.context, new.dated);
    INSERT INTO facts_cjk (rowid, scope, grams, context_grams) VALUES (new.id, new.scope, new.grams, new.context_grams);
  END;

  -- One entry per turn: its text, its neighbours in the session (context), when it was said. session is an opaque
  -- digits-only token of the session key. Filled by the store (and for existing turns right after this migration).
  CREATE VIRTUAL TABLE turns_words USING fts5 (
    session, text, context, dated, tokenize = 'porter unicode61 remove_diacritics 2'
  );
  CREATE VIRTUAL TABLE turns_cjk USING fts5 (
    session, grams, context_grams, tokenize = 'unicode61'
  );
  INSERT INTO turns_words (turns_words, rank) VALUES ('secure-delete', 1);
  INSERT INTO turns_cjk (turns_cjk, rank) VALUES ('secure-delete', 1);
  CREATE TRIGGER turns_after_delete AFTER DELETE ON turns BEGIN
    DELETE FROM turns_words WHERE rowid = old.id;
    DELETE FROM turns_cjk WHERE rowid = old.id;
  END;
  `,
  `
  -- Trust (v4). pin_version: bumped by every pin change and by a forget that touches the session, so that a pin
  -- computed from an older read is refused. first_user_id and shared: who spoke first, and whether anyone else has
  -- since (a shared thread, where personal facts are not injected by default).
  ALTER TABLE sessions ADD COLUMN pin_version INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE sessions ADD COLUMN first_user_id TEXT;
  ALTER TABLE sessions ADD COLUMN shared INTEGER NOT NULL DEFAULT 0;
  UPDATE sessions SET
    first_user_id = (SELECT user_id FROM turns WHERE session_key = sessions.key ORDER BY id LIMIT 1),
    shared = (SELECT count(DISTINCT coalesce('u' || user_id, '-')) > 1 FROM turns WHERE session_key = sessions.key);
  -- Where a fact's words came from (the user, the reply, a direct facts.add), and the turns its context quotes, so
  -- that forgetting one of them rewrites the context without it.
  ALTER TABLE facts ADD COLUMN source TEXT NOT NULL DEFAULT 'user' CHECK (source IN ('user', 'reply', 'api'));
  ALTER TABLE facts ADD COLUMN context_turn_ids TEXT NOT NULL DEFAULT '[]';
  UPDATE facts SET source = 'api' WHERE source_turn_id IS NULL;
  UPDATE facts SET context_turn_ids = (
    SELECT json_group_array(id) FROM (
      SELECT id FROM turns WHERE session_key = facts.source_session_key AND id IN (
        (SELECT max(id) FROM turns WHERE session_key = facts.source_session_key AND id < facts.source_turn_id),
        facts.source_turn_id,
        (SELECT min(id) FROM turns WHERE session_key = facts.source_session_key AND id > facts.source_turn_id))
      ORDER BY id))
  WHERE source_turn_id IS NOT NULL AND context != '';
  CREATE INDEX turns_session_user ON turns (session_key, user_id);
  `,
  // 5: forget finds a user's facts, superseded ones included, without a scan of the table.
  `
  CREATE INDEX facts_scope ON facts (agent_id, user_id);
  `,
  // 6: Korean is indexed by bigrams like Chinese and Japanese: the facts and turns already stored with Hangul are
  // indexed again (in code, by the migration runner: the bigrams are computed by the core's language rules).
  `
  -- no schema change
  `,
  // 7: index documents. The core decides what is indexed (`buildFactDocument`, `buildTurnDocument`: folded and
  // stemmed words, Chinese/Japanese/Korean bigrams, calendar terms, as space-separated tokens) and the indexes only
  // split at spaces. The old indexes, which stemmed with FTS5's porter tokenizer, go; the runner then fills the
  // tokens of every fact (in code: they are computed by the core's language rules), and 8 builds the new indexes.
  `
  ALTER TABLE facts ADD COLUMN text_tokens TEXT NOT NULL DEFAULT '';
  ALTER TABLE facts ADD COLUMN context_tokens TEXT NOT NULL DEFAULT '';
  DROP TRIGGER facts_after_insert;
  DROP TRIGGER facts_after_delete;
  DROP TRIGGER facts_after_supersede;
  DROP TRIGGER facts_after_update;
  DROP TRIGGER turns_after_delete;
  DROP TABLE facts_words;
  DROP TABLE facts_cjk;
  DROP TABLE turns_words;
  DROP TABLE turns_cjk;
  `,
  // 8: the indexes of index documents, with the ascii tokenizer: the tokens are the core's, and ascii only splits
  // them at the spaces between them (they hold no ASCII punctuation) and folds no letter the core has not. The turn
  // indexes are filled by the runner.
  `
  CREATE VIRTUAL TABLE facts_words USING fts5 (
    scope, text_tokens, context_tokens, dated, content = 'facts', content_rowid = 'id', tokenize = 'ascii'
  );
  CREATE VIRTUAL TABLE facts_cjk USING fts5 (
    scope, grams, context_grams, content = 'facts', content_rowid = 'id', tokenize = 'ascii'
  );
  INSERT INTO facts_words (facts_words, rank) VALUES ('secure-delete', 1);
  INSERT INTO facts_cjk (facts_cjk, rank) VALUES ('secure-delete', 1);
  INSERT INTO facts_words (rowid, scope, text_tokens, context_tokens, dated)
    SELECT id, scope, text_tokens, context_tokens, dated FROM facts WHERE superseded_by IS NULL;
  INSERT INTO facts_cjk (rowid, scope, grams, context_grams)
    SELECT id, scope, grams, context_grams FROM facts WHERE superseded_by IS NULL;

  CREATE TRIGGER facts_after_insert AFTER INSERT ON facts BEGIN
    INSERT INTO facts_words (rowid, scope, text_tokens, context_tokens, dated)
      VALUES (new.id, new.scope, new.text_tokens, new.context_tokens, new.dated);
    INSERT INTO facts_cjk (rowid, scope, grams, context_grams) VALUES (new.id, new.scope, new.grams, new.context_grams);
  END;
  CREATE TRIGGER facts_after_delete AFTER DELETE ON facts WHEN old.superseded_by IS NULL BEGIN
    INSERT INTO facts_words (facts_words, rowid, scope, text_tokens, context_tokens, dated)
      VALUES ('delete', old.id, old.scope, old.text_tokens, old.context_tokens, old.dated);
    INSERT INTO facts_cjk (facts_cjk, rowid, scope, grams, context_grams)
      VALUES ('delete', old.id, old.scope, old.grams, old.context_grams);
  END;
  CREATE TRIGGER facts_after_supersede AFTER UPDATE OF superseded_by ON facts
  WHEN old.superseded_by IS NULL AND new.superseded_by IS NOT NULL BEGIN
    INSERT INTO facts_words (facts_words, rowid, scope, text_tokens, context_tokens, dated)
      VALUES ('delete', old.id, old.scope, old.text_tokens, old.context_tokens, old.dated);
    INSERT INTO facts_cjk (facts_cjk, rowid, scope, grams, context_grams)
      VALUES ('delete', old.id, old.scope, old.grams, old.context_grams);
  END;
  CREATE TRIGGER facts_after_update
  AFTER UPDATE OF scope, text_tokens, context_tokens, grams, context_grams, dated ON facts
  WHEN new.superseded_by IS NULL BEGIN
    INSERT INTO facts_words (facts_words, rowid, scope, text_tokens, context_tokens, dated)
      VALUES ('delete', old.id, old.scope, old.text_tokens, old.context_tokens, old.dated);
    INSERT INTO facts_cjk (facts_cjk, rowid, scope, grams, context_grams)
      VALUES ('delete', old.id, old.scope, old.grams, old.context_grams);
    INSERT INTO facts_words (rowid, scope, text_tokens, context_tokens, dated)
      VALUES (new.id, new.scope, new.text_tokens, new.context_tokens, new.dated);
    INSERT INTO facts_cjk (rowid, scope, grams, context_grams) VALUES (new.id, new.scope, new.grams, new.context_grams);
  END;

  CREATE VIRTUAL TABLE turns_words USING fts5 (session, text, context, dated, tokenize = 'ascii');
  CREATE VIRTUAL TABLE turns_cjk USING fts5 (session, grams, context_grams, tokenize = 'ascii');
  INSERT INTO turns_words (turns_words, rank) VALUES ('secure-delete', 1);
  INSERT INTO turns_cjk (turns_cjk, rank) VALUES ('secure-delete', 1);
  CREATE TRIGGER turns_after_delete AFTER DELETE ON turns BEGIN
    DELETE FROM turns_words WHERE rowid = old.id;
    DELETE FROM turns_cjk WHERE rowid = old.id;
  END;
  `,
  // 9: durable jobs (decision 16): the extraction cursor of each session (what is stored before it counts as
  // extracted), and the queue of background jobs, kept in this file so that a crash loses none. A job is its JSON
  // (kind, session key, turn ids: never text); a leased one is being run by lease_owner until lease_until; a failed
  // one is kept with its error.
  `
  ALTER TABLE sessions ADD COLUMN extracted_through INTEGER NOT NULL DEFAULT 0;
  UPDATE sessions SET extracted_through = coalesce((SELECT max(id) FROM turns WHERE session_key = sessions.key), 0);
  CREATE TABLE jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_key TEXT,
    payload TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    run_at INTEGER NOT NULL,
    lease_owner TEXT,
    lease_until INTEGER,
    error TEXT,
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX jobs_queued ON jobs (id) WHERE state = 'queued';
  CREATE INDEX jobs_session ON jobs (session_key, id) WHERE state = 'queued';
  `,
  // 10: inspection (issue 11). Each reply's trace (the facts injected with their scores, the recalled turns, the token
  // breakdown: numbers and ids) and the request as sent: the system prompt kept once per distinct text per session
  // (a session repeats it every turn), the current turn as JSON. Finished jobs are kept a while, so a tool can show
  // what ran: the jobs table is rebuilt for its new state and column (a CHECK cannot be altered).
  `
  CREATE TABLE turn_traces (
    turn_id INTEGER PRIMARY KEY REFERENCES turns (id) ON DELETE CASCADE,
    session_key TEXT NOT NULL,
    trace TEXT NOT NULL,
    format TEXT,
    system_hash TEXT,
    earlier_messages INTEGER,
    current TEXT
  ) STRICT;
  CREATE INDEX turn_traces_session ON turn_traces (session_key);
  CREATE TABLE sent_systems (
    session_key TEXT NOT NULL REFERENCES sessions (key) ON DELETE CASCADE,
    hash TEXT NOT NULL,
    system TEXT NOT NULL,
    PRIMARY KEY (session_key, hash)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE jobs_next (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_key TEXT,
    payload TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    run_at INTEGER NOT NULL,
    lease_owner TEXT,
    lease_until INTEGER,
    error TEXT,
    created_at INTEGER NOT NULL,
    finished_at INTEGER
  ) STRICT;
  INSERT INTO jobs_next (id, session_key, payload, state, attempts, run_at, lease_owner, lease_until, error, created_at)
    SELECT id, session_key, payload, state, attempts, run_at, lease_owner, lease_until, error, created_at FROM jobs;
  DROP TABLE jobs;
  ALTER TABLE jobs_next RENAME TO jobs;
  CREATE INDEX jobs_queued ON jobs (id) WHERE state = 'queued';
  CREATE INDEX jobs_session ON jobs (session_key, id) WHERE state = 'queued';
  CREATE INDEX jobs_finished ON jobs (state, id) WHERE state != 'queued';
  `,
  // 11: vectors (decision 22, for a stack with an embedder): each fact's and turn's vector as little-endian float32
  // bytes, with the model that computed it (vectors of two models are never compared). Null: none (no embedder, or
  // its call failed); a fact's vector goes when its text is edited.
  `
  ALTER TABLE facts ADD COLUMN vector BLOB;
  ALTER TABLE facts ADD COLUMN vector_model TEXT;
  ALTER TABLE turns ADD COLUMN vector BLOB;
  ALTER TABLE turns ADD COLUMN vector_model TEXT;
  `,
  // 12: why each reply's request missed the prompt cache, stored with its usage (`CacheMissReason`; null: it did not,
  // or the reply predates this column).
  `
  ALTER TABLE turns ADD COLUMN cache_miss TEXT;
  `,
  // 13: the rows a backfill embeds (`VectorStore.missingFacts`, `missingTurns`): by the model of their vector ('' for
  // none), then id, so that the rows lacking a model's vector are read a page at a time by index ranges, never by
  // scanning the rows that have it.
  `
  CREATE INDEX IF NOT EXISTS facts_vector_model ON facts (coalesce(vector_model, ''), id) WHERE superseded_by IS NULL;
  CREATE INDEX IF NOT EXISTS turns_vector_model ON turns (coalesce(vector_model, ''), id) WHERE text != '';
  `,
  // 14: where the pinned task came from (`user`: a user's message, the session's task_source_turn_id; `api`: set by
  // hand) and when it was pinned (epoch ms). Null for a pin written before.
  `
  ALTER TABLE sessions ADD COLUMN pin_task_source TEXT;
  ALTER TABLE sessions ADD COLUMN pin_task_at INTEGER;
  `,
  // 15: which process holds a job's lease (`<lease_owner>\n<host>\n<pid>`, see `sqliteJobStore`): a claimer of the
  // same file on the same host takes a lease whose process is gone at once, rather than after it expires. Valid only
  // while its first line is the row's lease_owner (a version before this one re-leases without writing it).
  `
  ALTER TABLE jobs ADD COLUMN lease_process TEXT;
  `,
  // 16: the key of the request a user turn came in (`ExchangeWrite.once`, decision 26), looked up in the session by
  // the write of each exchange, so that copies of one request are stored once. Null for turns stored before.
  `
  ALTER TABLE turns ADD COLUMN request_key TEXT;
  CREATE INDEX turns_request_key ON turns (session_key, request_key) WHERE request_key IS NOT NULL;
  `,
  // 17: a fact's search keywords (decision 32: an extractor's words for it, one a line), kept so that its index
  // document can be built again with them; their tokens are in context_tokens and context_grams. Null: none.
  `
  ALTER TABLE facts ADD COLUMN keywords TEXT;
  `,
  // 18: a session's item log (`ItemLog`: what an agent framework keeps of a conversation, such as the OpenAI Agents
  // SDK's items), each item's JSON text as given, oldest first by id; with the scope's ids, so that forget finds them
  // whether or not the session has a turn.
  `
  CREATE TABLE session_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_key TEXT NOT NULL,
    agent_id TEXT NOT NULL,
    channel_id TEXT,
    thread_id TEXT,
    user_id TEXT,
    item TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX session_items_session ON session_items (session_key, id);
  CREATE INDEX session_items_scope ON session_items (agent_id, user_id);
  `,
];
