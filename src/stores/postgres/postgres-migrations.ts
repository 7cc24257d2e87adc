/**
 * Schema versions, applied in order on open (tracked in the schema's `migrations` table), each a function of the
 * quoted schema name. Never edit a shipped migration: add the next one.
 *
 * The tables mirror the SQLite store's after its 10 migrations. Where SQLite keeps FTS5 tables, each indexed row keeps
 * the core's tokens per field (decision 15) with its token count and a tsvector of them (`index_vector`: the tokens
 * as they are, no parser, no dictionary), GIN indexed: the vector finds the rows, and the search scores them by bm25
 * in the statement (`postgresSearch`).
 */
export const POSTGRES_MIGRATIONS: ReadonlyArray<(schema: string) => string> = [
  (s) => `
  -- The tokens of an index's fields as a tsvector, for the GIN index only (bm25 counts hits from the tokens): each
  -- lexeme is the field's number, a space and the token, so that a search names the fields it looks in (a token never
  -- holds a space, so no token is taken for another field's). No positions; tokens too long for a lexeme (2046 bytes)
  -- are left out of it (a search for them reads the tokens instead).
  CREATE FUNCTION ${s}.index_vector(VARIADIC fields text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
    SELECT array_to_tsvector(coalesce(array_agg(DISTINCT lexeme), '{}')) FROM (
      SELECT (field.number - 1)::text || ' ' || token AS lexeme
      FROM unnest(fields) WITH ORDINALITY AS field (tokens, number), unnest(string_to_array(field.tokens, ' ')) AS token
      WHERE token <> '') lexemes
    WHERE octet_length(lexeme) < 2047
  $$;
  -- How many tokens a field holds (FTS5's column size).
  CREATE FUNCTION ${s}.token_count(tokens text) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
    SELECT coalesce(array_length(array_remove(string_to_array(tokens, ' '), ''), 1), 0)
  $$;

  CREATE TABLE ${s}.sessions (
    key text PRIMARY KEY,
    uuid text NOT NULL,
    agent_id text NOT NULL,
    channel_id text,
    thread_id text,
    pin_task text,
    pin_task_user_id text,
    pin_clarifications jsonb NOT NULL DEFAULT '[]',
    pin_attempts integer NOT NULL DEFAULT 0,
    pin_version integer NOT NULL DEFAULT 0,
    task_source_turn_id bigint,
    summary text,
    summary_through bigint NOT NULL DEFAULT 0,
    history_version integer NOT NULL DEFAULT 0,
    extracted_through bigint NOT NULL DEFAULT 0,
    system_pin text,
    system_pin_at timestamptz,
    model_state jsonb NOT NULL DEFAULT '{}',
    first_user_id text,
    shared boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
  );
  CREATE INDEX sessions_scope ON ${s}.sessions (agent_id, channel_id, thread_id);
  CREATE INDEX sessions_updated ON ${s}.sessions (updated_at DESC, key DESC);

  CREATE TABLE ${s}.turns (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_key text NOT NULL REFERENCES ${s}.sessions (key) ON DELETE CASCADE,
    role text NOT NULL CHECK (role IN ('user', 'assistant')),
    text text NOT NULL,
    user_id text,
    tokens integer NOT NULL,
    input_tokens integer,
    output_tokens integer,
    cache_read_tokens integer,
    cache_write_tokens integer,
    path text,
    memory_tokens integer,
    created_at timestamptz NOT NULL
  );
  CREATE INDEX turns_session ON ${s}.turns (session_key, id);
  CREATE INDEX turns_session_user ON ${s}.turns (session_key, user_id);
  CREATE INDEX turns_user ON ${s}.turns (user_id) WHERE user_id IS NOT NULL;

  -- One row per turn: its index document (its own tokens, its neighbours' as context, its calendar terms).
  CREATE TABLE ${s}.turn_index (
    turn_id bigint PRIMARY KEY REFERENCES ${s}.turns (id) ON DELETE CASCADE,
    session_key text NOT NULL,
    text text NOT NULL,
    context text NOT NULL,
    dated text NOT NULL,
    grams text NOT NULL,
    context_grams text NOT NULL,
    words_length integer GENERATED ALWAYS AS
      (1 + ${s}.token_count(text) + ${s}.token_count(context) + ${s}.token_count(dated)) STORED,
    grams_length integer GENERATED ALWAYS AS (1 + ${s}.token_count(grams) + ${s}.token_count(context_grams)) STORED,
    words_vector tsvector GENERATED ALWAYS AS (${s}.index_vector(text, context, dated)) STORED,
    grams_vector tsvector GENERATED ALWAYS AS (${s}.index_vector(grams, context_grams)) STORED
  );
  CREATE INDEX turn_index_session ON ${s}.turn_index (session_key, turn_id);
  CREATE INDEX turn_index_words ON ${s}.turn_index USING gin (words_vector);
  CREATE INDEX turn_index_grams ON ${s}.turn_index USING gin (grams_vector);

  -- user_id '' is the agent-wide scope (no user).
  CREATE TABLE ${s}.facts (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    agent_id text NOT NULL,
    user_id text NOT NULL,
    text text NOT NULL,
    text_tokens text NOT NULL,
    grams text NOT NULL,
    context text NOT NULL DEFAULT '',
    context_tokens text NOT NULL DEFAULT '',
    context_grams text NOT NULL DEFAULT '',
    dated text NOT NULL DEFAULT '',
    hash text NOT NULL,
    source text NOT NULL DEFAULT 'user' CHECK (source IN ('user', 'reply', 'api')),
    source_session_key text,
    source_turn_id bigint,
    context_turn_ids jsonb NOT NULL DEFAULT '[]',
    created_at timestamptz NOT NULL,
    last_used_at timestamptz,
    access_count integer NOT NULL DEFAULT 0,
    superseded_by bigint,
    words_length integer GENERATED ALWAYS AS
      (1 + ${s}.token_count(text_tokens) + ${s}.token_count(context_tokens) + ${s}.token_count(dated)) STORED,
    grams_length integer GENERATED ALWAYS AS (1 + ${s}.token_count(grams) + ${s}.token_count(context_grams)) STORED,
    words_vector tsvector GENERATED ALWAYS AS (${s}.index_vector(text_tokens, context_tokens, dated)) STORED,
    grams_vector tsvector GENERATED ALWAYS AS (${s}.index_vector(grams, context_grams)) STORED
  );
  CREATE UNIQUE INDEX facts_live_hash ON ${s}.facts (agent_id, user_id, hash) WHERE superseded_by IS NULL;
  CREATE INDEX facts_recent ON ${s}.facts (agent_id, user_id, coalesce(last_used_at, created_at))
    WHERE superseded_by IS NULL;
  CREATE INDEX facts_scope ON ${s}.facts (agent_id, user_id);
  CREATE INDEX facts_source ON ${s}.facts (source_session_key);
  CREATE INDEX facts_source_turn ON ${s}.facts (source_turn_id) WHERE source_turn_id IS NOT NULL;
  -- Superseded facts are out of the indexes, as they are out of SQLite's FTS5 tables.
  CREATE INDEX facts_words ON ${s}.facts USING gin (words_vector) WHERE superseded_by IS NULL;
  CREATE INDEX facts_grams ON ${s}.facts USING gin (grams_vector) WHERE superseded_by IS NULL;

  -- bm25's corpus figures of each index (FTS5 keeps them in its own tables): its rows and their tokens, kept by the
  -- triggers below in the writing transaction, so that a search reads them exactly without a scan. Spread over 64
  -- shards (by session, by scope), so that writers of different sessions rarely wait for the same row; an update
  -- that changes no figure (a fact touched, a turn's usage) writes, and locks, none.
  CREATE TABLE ${s}.index_stats (
    index_name text NOT NULL CHECK (index_name IN ('facts', 'turns')),
    shard integer NOT NULL,
    rows bigint NOT NULL DEFAULT 0,
    words_tokens bigint NOT NULL DEFAULT 0,
    grams_tokens bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (index_name, shard)
  );
  INSERT INTO ${s}.index_stats (index_name, shard)
    SELECT index_name, shard FROM unnest(ARRAY['facts', 'turns']) AS index_name, generate_series(0, 63) AS shard;

  -- The net change of a statement per shard; a shard whose figures do not change is not written (nor locked): a fact
  -- touched or superseded-then-counted, a turn's usage, leave the figures alone.
  CREATE FUNCTION ${s}.count_indexed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      UPDATE ${s}.index_stats st
      SET rows = st.rows + d.rows, words_tokens = st.words_tokens + d.words, grams_tokens = st.grams_tokens + d.grams
      FROM (SELECT shard, count(*) AS rows, sum(words_length) AS words, sum(grams_length) AS grams
            FROM new_rows WHERE indexed GROUP BY shard ORDER BY shard) d
      WHERE st.index_name = TG_ARGV[0] AND st.shard = d.shard;
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE ${s}.index_stats st
      SET rows = st.rows - d.rows, words_tokens = st.words_tokens - d.words, grams_tokens = st.grams_tokens - d.grams
      FROM (SELECT shard, count(*) AS rows, sum(words_length) AS words, sum(grams_length) AS grams
            FROM old_rows WHERE indexed GROUP BY shard ORDER BY shard) d
      WHERE st.index_name = TG_ARGV[0] AND st.shard = d.shard;
    ELSE
      UPDATE ${s}.index_stats st
      SET rows = st.rows + d.rows, words_tokens = st.words_tokens + d.words, grams_tokens = st.grams_tokens + d.grams
      FROM (
        SELECT shard, sum(rows) AS rows, sum(words) AS words, sum(grams) AS grams FROM (
          SELECT shard, count(*) AS rows, sum(words_length) AS words, sum(grams_length) AS grams
          FROM new_rows WHERE indexed GROUP BY shard
          UNION ALL
          SELECT shard, -count(*), -sum(words_length), -sum(grams_length) FROM old_rows WHERE indexed GROUP BY shard
        ) changes GROUP BY shard HAVING sum(rows) <> 0 OR sum(words) <> 0 OR sum(grams) <> 0 ORDER BY shard
      ) d
      WHERE st.index_name = TG_ARGV[0] AND st.shard = d.shard;
    END IF;
    RETURN NULL;
  END $$;
  -- The columns the trigger reads: which shard a row counts in, and whether the index holds it.
  ALTER TABLE ${s}.turn_index
    ADD COLUMN shard integer GENERATED ALWAYS AS (hashtext(session_key) & 63) STORED,
    ADD COLUMN indexed boolean GENERATED ALWAYS AS (true) STORED;
  ALTER TABLE ${s}.facts
    ADD COLUMN shard integer GENERATED ALWAYS AS (hashtext(agent_id || ':' || user_id) & 63) STORED,
    ADD COLUMN indexed boolean GENERATED ALWAYS AS (superseded_by IS NULL) STORED;
  CREATE TRIGGER turn_index_inserted AFTER INSERT ON ${s}.turn_index REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${s}.count_indexed('turns');
  CREATE TRIGGER turn_index_updated AFTER UPDATE ON ${s}.turn_index REFERENCING OLD TABLE AS old_rows
    NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${s}.count_indexed('turns');
  CREATE TRIGGER turn_index_deleted AFTER DELETE ON ${s}.turn_index REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${s}.count_indexed('turns');
  CREATE TRIGGER facts_inserted AFTER INSERT ON ${s}.facts REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${s}.count_indexed('facts');
  CREATE TRIGGER facts_updated AFTER UPDATE ON ${s}.facts REFERENCING OLD TABLE AS old_rows
    NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${s}.count_indexed('facts');
  CREATE TRIGGER facts_deleted AFTER DELETE ON ${s}.facts REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${s}.count_indexed('facts');

  -- Inspection: each reply's trace, and the request as sent (the system prompt once per distinct text per session).
  CREATE TABLE ${s}.turn_traces (
    turn_id bigint PRIMARY KEY REFERENCES ${s}.turns (id) ON DELETE CASCADE,
    session_key text NOT NULL,
    trace text NOT NULL,
    format text,
    system_hash text,
    earlier_messages integer,
    current text
  );
  CREATE INDEX turn_traces_session ON ${s}.turn_traces (session_key);
  CREATE TABLE ${s}.sent_systems (
    session_key text NOT NULL REFERENCES ${s}.sessions (key) ON DELETE CASCADE,
    hash text NOT NULL,
    system text NOT NULL,
    PRIMARY KEY (session_key, hash)
  );
  `,
  // The scope's live facts, newest first: a frequent term's most recent documents are looked for among them.
  (s) => `
  CREATE INDEX facts_scope_recent ON ${s}.facts (agent_id, user_id, id) WHERE superseded_by IS NULL;
  `,
  // Vectors (decision 22, for a stack with an embedder): little-endian float32 bytes, with the model that computed
  // them; null: none. No pgvector: the few rows a query compares are scored in the process.
  (s) => `
  ALTER TABLE ${s}.facts ADD COLUMN vector bytea, ADD COLUMN vector_model text;
  ALTER TABLE ${s}.turns ADD COLUMN vector bytea, ADD COLUMN vector_model text;
  `,
  // Why each reply's request missed the prompt cache, stored with its usage (`CacheMissReason`; null: it did not, or
  // the reply predates this column).
  (s) => `
  ALTER TABLE ${s}.turns ADD COLUMN cache_miss text;
  `,
  // The rows a backfill embeds (`VectorStore.missingFacts`, `missingTurns`): by the model of their vector ('' for
  // none), then id, so that the rows lacking a model's vector are read a page at a time by index ranges, never by
  // scanning the rows that have it.
  (s) => `
  CREATE INDEX IF NOT EXISTS facts_vector_model ON ${s}.facts ((coalesce(vector_model, '')), id) WHERE superseded_by IS NULL;
  CREATE INDEX IF NOT EXISTS turns_vector_model ON ${s}.turns ((coalesce(vector_model, '')), id) WHERE text <> '';
  `,
  // Where the pinned task came from (`user`: a user's message, the session's task_source_turn_id; `api`: set by hand)
  // and when it was pinned. Null for a pin written before.
  (s) => `
  ALTER TABLE ${s}.sessions ADD COLUMN pin_task_source text, ADD COLUMN pin_task_at timestamptz;
  `,
  // The key of the request a user turn came in (`ExchangeWrite.once`, decision 26), looked up in the session by the
  // write of each exchange, so that copies of one request are stored once. Null for turns stored before.
  (s) => `
  ALTER TABLE ${s}.turns ADD COLUMN request_key text;
  CREATE INDEX turns_request_key ON ${s}.turns (session_key, request_key) WHERE request_key IS NOT NULL;
  `,
  // A fact's search keywords (decision 32: an extractor's words for it, one a line), kept so that its index document
  // can be built again with them; their tokens are in context_tokens and context_grams. Null: none.
  (s) => `
  ALTER TABLE ${s}.facts ADD COLUMN keywords text;
  `,
  // The durable job queue in the store's own tables, shaped as SQLite's (see `sqlJobStore`), so that it is written
  // once and a job is enqueued in its exchange's transaction. It replaces pg-boss's schema `<schema>_jobs` (decision
  // 20): the extraction jobs still queued there are carried over when it exists, and the rest of it is left alone.
  (s) => `
  CREATE TABLE ${s}.jobs (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_key text,
    payload text NOT NULL,
    state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'failed')),
    attempts integer NOT NULL DEFAULT 0,
    run_at timestamptz NOT NULL,
    lease_owner text,
    lease_until timestamptz,
    lease_process text,
    error text,
    created_at timestamptz NOT NULL,
    finished_at timestamptz
  );
  CREATE INDEX jobs_queued ON ${s}.jobs (id) WHERE state = 'queued';
  CREATE INDEX jobs_session ON ${s}.jobs (session_key, id) WHERE state = 'queued';
  CREATE INDEX jobs_finished ON ${s}.jobs (state, id) WHERE state <> 'queued';
  DO $$ BEGIN
    IF to_regclass('${s.replace(/"$/, '_jobs"')}.job') IS NOT NULL THEN
      INSERT INTO ${s}.jobs (session_key, payload, run_at, created_at)
        SELECT data->>'sessionKey', data::text, now(), created_on FROM ${s.replace(/"$/, '_jobs"')}.job
        WHERE name LIKE 'memstack-%' AND state IN ('created', 'retry', 'active') ORDER BY created_on;
    END IF;
  END $$;
  `,
  // Searches rank in the database (decision 33), with the corpus figures of the scope or session read from its newest
  // rows: the shared counters and their triggers go, and those rows' lengths are in the indexes that find them.
  (s) => `
  DROP TRIGGER turn_index_inserted ON ${s}.turn_index;
  DROP TRIGGER turn_index_updated ON ${s}.turn_index;
  DROP TRIGGER turn_index_deleted ON ${s}.turn_index;
  DROP TRIGGER facts_inserted ON ${s}.facts;
  DROP TRIGGER facts_updated ON ${s}.facts;
  DROP TRIGGER facts_deleted ON ${s}.facts;
  DROP FUNCTION ${s}.count_indexed();
  DROP TABLE ${s}.index_stats;
  ALTER TABLE ${s}.turn_index DROP COLUMN shard, DROP COLUMN indexed;
  ALTER TABLE ${s}.facts DROP COLUMN shard, DROP COLUMN indexed;
  CREATE INDEX facts_scope_lengths ON ${s}.facts (agent_id, user_id, id) INCLUDE (words_length, grams_length)
    WHERE superseded_by IS NULL;
  DROP INDEX ${s}.facts_scope_recent;
  CREATE INDEX turn_index_session_lengths ON ${s}.turn_index (session_key, turn_id) INCLUDE (words_length, grams_length);
  DROP INDEX ${s}.turn_index_session;
  `,
  // A session's item log (`ItemLog`): each item's JSON text as given (text, not jsonb, which would reorder its keys),
  // oldest first by id, with the scope's ids so that forget finds them whether or not the session has a turn.
  (s) => `
  CREATE TABLE ${s}.session_items (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_key text NOT NULL,
    agent_id text NOT NULL,
    channel_id text,
    thread_id text,
    user_id text,
    item text NOT NULL,
    created_at timestamptz NOT NULL
  );
  CREATE INDEX session_items_session ON ${s}.session_items (session_key, id);
  CREATE INDEX session_items_scope ON ${s}.session_items (agent_id, user_id);
  `,
];
