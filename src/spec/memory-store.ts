import type { ChatPath, ModelSessionState } from './chat-model.js';
import type { Fact } from './fact.js';
import type { ItemLog } from './item-log.js';
import type { JobStore } from './job-store.js';
import type { MemorySource } from './memory-source.js';
import type { FactScope, ForgetReport, ForgetScope } from './scope.js';
import type { SearchQuery } from './search-query.js';
import type { StoreBrowser } from './store-browser.js';
import type { StoredSentPrompt, TurnTrace } from './turn-trace.js';
import type { CacheMissReason, Usage } from './usage.js';
import type { VectorStore } from './vector-store.js';

// What a store searches with: the core's query and index documents (one concern, in a file of its own).
export type { FactQuery, FieldSearch, IndexDocument, SearchQuery, SearchTerm } from './search-query.js';

/** The pinned task: the core task, and the user's answers to clarifying questions, oldest first. */
export interface PinState {
  task: string;
  /** Who wrote the message the task was distilled from (for `forget`). */
  taskUserId: string | null;
  /**
   * Where the task came from: `user` (distilled from a user's message, the session's `taskSourceTurnId`) or `api`
   * (set by hand, `stack.setPin`: it has no source turn). Absent in files written before it was recorded.
   */
  taskSource?: 'user' | 'api' | undefined;
  /** When the task was pinned (epoch ms); absent in files written before it was recorded. */
  taskAt?: number | undefined;
  clarifications: Clarification[];
}

/** A user's answer to a clarifying question, as kept in the pin. */
export interface Clarification {
  text: string;
  userId: string | null;
  /** When it was added (epoch ms); the cache-aware layout moves it into the cached system prompt later. */
  at?: number | undefined;
  /** Where it came from: always the user's own answer today (absent in files written before it was recorded). */
  source?: MemorySource | undefined;
}

export interface SessionRecord {
  key: string;
  uuid: string;
  agentId: string;
  channelId: string | null;
  threadId: string | null;
  pin: PinState | null;
  /**
   * Bumped by every change of the pin, and by a `forget` that touched the session: a pin write names the version it
   * was computed from and is refused if another write came first (see `SessionPatch.pin`).
   */
  pinVersion: number;
  /** Who spoke first in the session (null: a turn without a user). */
  firstUserId: string | null;
  /** True once more than one user has spoken in the session (a shared thread or channel). */
  shared: boolean;
  /** How many times extraction tried to pin the task. */
  pinAttempts: number;
  /**
   * The user turn the task is distilled from: the session's first substantive message. Null when none was, and once
   * the pin was set or cleared by hand (`SessionPatch.clearTaskSource`).
   */
  taskSourceTurnId: number | null;
  summary: string | null;
  /** The last turn the summary covers: turns up to it are no longer part of the history (0: none). */
  summaryThroughTurnId: number;
  /** Incremented by each compression. */
  historyVersion: number;
  /**
   * The extraction cursor: the last turn whose exchange extraction has finished (0: none). An extraction job for a
   * turn at or before it does nothing, so a job run twice stores nothing twice.
   */
  extractedThroughTurnId: number;
  /** The pin as the cache-aware layout last placed it in the system prompt, and when. */
  systemPin: { text: string; at: Date } | null;
  /** What each chat model keeps for this session between turns, by provider (see `ChatModel`). */
  modelState: Readonly<Record<string, ModelSessionState>>;
  createdAt: Date;
  updatedAt: Date;
}

export interface TurnRecord {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  userId: string | null;
  tokens: number;
  /** For a reply: how it reached the model (see `ChatPath`), when `stack.chat` produced it. */
  path: ChatPath | null;
  createdAt: Date;
  /**
   * For a user turn stored with `ExchangeWrite.once`, in a session read: the key of the request it came in, so that a
   * retry is known when the session is read. Absent otherwise.
   */
  requestKey?: string | undefined;
}

/**
 * A turn with what was recorded about it beside its text (`readTurn`). Kept apart from `TurnRecord`, which the hot
 * path reads twenty at a time: every column more per turn slows every history read.
 */
export interface TurnDetail extends TurnRecord {
  /** For a reply: the usage recorded with it (the provider's figures, or memstack's estimate); null when none. */
  usage: Usage | null;
  /** For a reply: the tokens of memory (pin, summary, recap, facts) in the prompt that produced it; null when none. */
  memoryTokens: number | null;
  /**
   * For a reply: why its request could not read all that the previous one cached; null when it could, or when not
   * recorded (a store that predates it may leave it out).
   */
  cacheMiss?: CacheMissReason | null | undefined;
}

export interface SessionSnapshot {
  session: SessionRecord;
  /** Stored turns after the summary's, oldest first. */
  turns: TurnRecord[];
}

/** A compression to apply: the new summary and the last turn it covers. */
export interface CompressionWrite {
  summary: string;
  throughTurnId: number;
  /** The watermark the summary was computed from: if another compression moved it meanwhile, nothing is written. */
  expectedThroughTurnId: number;
  /**
   * The history version of the session read: if it changed meanwhile (another compression, or a forget that removed
   * turns the summary was computed from), nothing is written.
   */
  expectedHistoryVersion: number;
}

export interface ExchangeWrite {
  session: { key: string; uuid: string; agentId: string; channelId: string | null; threadId: string | null };
  userId: string | null;
  user: { text: string; tokens: number };
  assistant: {
    text: string;
    tokens: number;
    usage?: Usage | undefined;
    path?: ChatPath | undefined;
    /** Tokens of memory (pin, summary, recap, facts) in the prompt that produced this reply. */
    memoryTokens?: number | undefined;
    /**
     * Why its request could not read all that the session's previous request cached (null: it could); for a tool
     * loop, its last request's. Optional, so that a store written before it keeps working (it stores nothing).
     */
    cacheMiss?: CacheMissReason | null | undefined;
  };
  /** Mark the user turn as the session's task source if it has none yet and nothing is pinned. */
  taskSource: boolean;
  /**
   * The pin this turn placed in the system prompt, when it placed a new one, with the pin version it was rendered
   * from: it is stored only if the pin has not changed since (a forget meanwhile must not bring its text back).
   */
  systemPin?: { text: string; at: Date; pinVersion: number } | undefined;
  /** Facts that were injected into this turn: their access count and last use are bumped. */
  injectedFactIds: readonly number[];
  /**
   * For a store with `jobs`: enqueue the exchange's extraction job (`ExtractJob`, with the turn ids this write
   * assigns) in the same transaction, so that an acknowledged turn always has its job. Ignored by other stores.
   */
  extraction?: { previousTurnId: number | null } | undefined;
  /**
   * What memory went into the exchange and the request as sent, kept with the reply for inspection (`browse`). A
   * store without `browse` may ignore it.
   */
  trace?: { trace: TurnTrace; sent: StoredSentPrompt | null } | undefined;
  /** Store the exchange once per request (decision 26): copies of one request sent at once, or retried, are one. */
  once?: ExchangeOnce | undefined;
  at: Date;
}

/**
 * When the session holds an exchange whose user turn came in a request with this `key`, stored after `afterTurnId`
 * (the session's last turn when this one read it: a copy sent at the same time) or at or after `since` (a retry),
 * the store writes nothing (no turn, no job, no bump) and returns that exchange's ids with `alreadyStored: true`.
 * Otherwise it stores the user turn with the key (read back as `TurnRecord.requestKey`). Decided inside the write's
 * transaction, under the lock that orders the session's appends, so that of N copies written at once one is stored.
 */
export interface ExchangeOnce {
  /** The request's key (`requestKey`): the same for copies of one request, different for anything else. */
  key: string;
  afterTurnId: number;
  since: Date;
}

export interface ExchangeIds {
  userTurnId: number;
  assistantTurnId: number;
  /** True when `ExchangeWrite.once` found the request stored already: the ids are that exchange's, nothing was written. */
  alreadyStored?: boolean | undefined;
}

export interface SessionPatch {
  /**
   * Replaces the pin, only if the session's pin version is still `expectedPinVersion` (the version of the record the
   * new pin was computed from); the version is then bumped. Otherwise nothing of the patch is written.
   */
  pin?: { value: PinState | null; expectedPinVersion: number };
  /** Counts one more attempt to pin the task (an atomic increment). */
  countPinAttempt?: boolean;
  /** Replaces the state of one provider. */
  modelState?: { provider: string; state: ModelSessionState };
  /**
   * Moves the extraction cursor to `throughTurnId`, only if it is still `expectedThroughTurnId` (the value the job
   * read). Otherwise nothing of the patch is written: another worker finished the same exchange first.
   */
  cursor?: { throughTurnId: number; expectedThroughTurnId: number };
  /** Sets the count of attempts to pin the task (a user who cleared the pin sets it to the limit: no new one). */
  pinAttempts?: number;
  /** Forgets the turn the task was drawn from (`taskSourceTurnId`): a pin set or cleared by hand has none. */
  clearTaskSource?: boolean;
  /**
   * Drops the copy of the pin placed in the cached system prompt, so that the next turn places the current pin
   * (after a correction by hand, which must not wait for the end of a burst of turns).
   */
  clearSystemPin?: boolean;
  /**
   * Places this text as the copy of the pin in the cached system prompt, from `at` (a correction by hand: the next
   * turn shows it at once, and the rest of the burst keeps it). Takes precedence over `clearSystemPin`.
   */
  placeSystemPin?: { text: string; at: Date };
}

/** What one extraction writes (`SessionStore.commitExtraction`): all of it, or none. */
export interface ExtractionWrite {
  /** The cursor move; written only if the session's cursor is still `expectedThroughTurnId`. */
  cursor: { throughTurnId: number; expectedThroughTurnId: number };
  /** The new pin, when the extraction changed it; written only if the pin version is still `expectedPinVersion`. */
  pin?: { value: PinState | null; expectedPinVersion: number } | undefined;
  scope: FactScope;
  /**
   * New facts, in order. One whose hash the scope holds already is not inserted (the stored one is touched); none is
   * inserted whose source turn no longer exists (a forget came first).
   */
  facts: readonly NewFact[];
  /** Stored facts to bump (near-duplicates of new ones, found before). */
  touch: readonly number[];
  /**
   * Stored facts a new one replaces: `byFact` is an index into `facts`, or `'newest'` for the last one inserted.
   * Applied only when that fact was inserted by this write.
   */
  supersede: ReadonlyArray<{ id: number; byFact: number | 'newest' }>;
  at: Date;
}

export interface ExtractionCommit {
  /** Per new fact: its id and whether this write inserted it (false: the scope held it); null: not stored. */
  facts: Array<{ id: number; inserted: boolean } | null>;
  superseded: Array<{ id: number; byId: number }>;
}

/** Sessions and their turns. */
export interface SessionStore {
  /**
   * The session and its most recent turns after the summary's watermark (all of them without `maxTurns`), oldest
   * first, starting with a user turn.
   */
  read(key: string, options?: { maxTurns?: number }): Promise<SessionSnapshot | null>;
  /** One turn, with its usage and memory tokens. */
  readTurn(key: string, turnId: number): Promise<TurnDetail | null>;
  /** Creates the session if needed and appends the user turn and the reply, atomically. */
  appendExchange(exchange: ExchangeWrite): Promise<ExchangeIds>;
  /** Applies the patch; false when it was not written (no such session, or a pin write found a newer version). */
  update(key: string, patch: SessionPatch): Promise<boolean>;
  /** Stores a summary and moves the watermark past the turns it covers, atomically; false if the watermark moved. */
  compress(key: string, compression: CompressionWrite): Promise<boolean>;
  /**
   * Writes what one extraction produced, in one transaction: the cursor move (and the pin, when it changed) on their
   * conditions, and the facts with their touches and supersedes. Null when a condition failed (another worker moved
   * the cursor or the pin, or the session is gone): then nothing at all was written.
   */
  commitExtraction(key: string, write: ExtractionWrite): Promise<ExtractionCommit | null>;
}

/**
 * An optional capability of a store: full-text search over a session's turns (behind turn recall and
 * `stack.searchTurns`). A store without it leaves `MemoryStore.turnSearch` undefined.
 */
export interface TurnSearch {
  /**
   * The session's turns (summarised ones included) most relevant to a query, best first; only turns with an id
   * below `beforeTurnId` when it is given. Each turn is searched with its neighbours as context, at a lower weight.
   */
  search(key: string, query: SearchQuery, options: { limit: number; beforeTurnId?: number }): Promise<TurnCandidate[]>;
}

/** A turn search hit: the turn, and the store's relevance for it (higher is better, comparable within one search). */
export interface TurnCandidate {
  turn: TurnRecord;
  relevance: number;
}

/** A search hit: the fact, and the store's relevance for it (higher is better, comparable within one search). */
export interface FactCandidate {
  fact: Fact;
  relevance: number;
}

export interface NewFact {
  text: string;
  /** Normalised hash: a fact with the same hash in the same scope is a duplicate. */
  hash: string;
  sourceSessionKey: string | null;
  /** The user turn it was drawn from: the fact is not stored if that turn is gone (forgotten meanwhile). */
  sourceTurnId: number | null;
  /** Where the fact's words came from: the user's message, the assistant's reply, or a direct `facts.add`. */
  source: MemorySource;
  /**
   * The exchange the fact was drawn from (the user's message and the reply), searched with a lower weight than the
   * fact's own text: a question may use the conversation's words rather than the fact's. Absent: none.
   */
  context?: string | undefined;
  /**
   * The stored turns `context` was built from, oldest first. When one of them is forgotten (now, or by a `forget`
   * later), the context is rebuilt from the others with `factContext`, so that no fact keeps a forgotten user's words.
   */
  contextTurnIds?: readonly number[] | undefined;
  /**
   * Words a later question may use for the fact instead of its own (an extractor's search keywords, decision 32),
   * indexed with its context at the context's weight and never returned. Drawn from the same exchange, they go with
   * the context: dropped when a turn of it is forgotten, and when the fact's text is edited. Absent: none.
   */
  keywords?: readonly string[] | undefined;
  at: Date;
  /** How often and when it was injected before (an import restoring a fact); absent: never. */
  usage?: { accessCount: number; lastUsedAt: Date | null } | undefined;
}

/** A correction of a stored fact's text (`FactStore.edit`). */
export interface FactEdit {
  text: string;
  /** The new text's normalised hash. */
  hash: string;
  at: Date;
}

/** Facts, scoped to agent + user. No method ever returns a fact of another scope. */
export interface FactStore {
  /** The scope's live facts that match, best first; each fact is indexed as `buildFactDocument` gives it. */
  search(scope: FactScope, query: SearchQuery, options: { limit: number }): Promise<FactCandidate[]>;
  /** Most recently used (or, never used, created) first. */
  recent(scope: FactScope, options: { limit: number }): Promise<Fact[]>;
  list(scope: FactScope): Promise<Fact[]>;
  /**
   * Inserts, unless a live fact with the same hash exists in the scope: then returns that one's id. Null when the
   * fact's source turn no longer exists (it was forgotten after the extraction read it): nothing is stored.
   */
  insert(scope: FactScope, fact: NewFact): Promise<{ id: number; inserted: boolean } | null>;
  /** Bumps the access count and last use of the scope's facts among `ids`. */
  touch(scope: FactScope, ids: readonly number[], at: Date): Promise<void>;
  /** Marks `id` as replaced by `byId`; a superseded fact is never returned again. */
  supersede(scope: FactScope, id: number, byId: number): Promise<boolean>;
  /**
   * Replaces the text of the scope's live fact `id` (re-indexed; its id, use counts and provenance kept; its source
   * becomes `api`). When another live fact of the scope has the new hash already, `id` is deleted instead and that
   * one is returned, bumped (`merged`). Null when the scope has no live fact `id`.
   */
  edit(scope: FactScope, id: number, edit: FactEdit): Promise<{ id: number; merged: boolean } | null>;
  /** Deletes the scope's fact `id`; false when the scope has no such fact. */
  remove(scope: FactScope, id: number): Promise<boolean>;
  /**
   * Deletes, in every scope, the facts superseded and created before `supersededBefore`, and the facts never
   * injected (access count 0) and created before `unusedBefore`. Returns how many went.
   */
  purge(options: { supersededBefore: Date; unusedBefore: Date }): Promise<number>;
}

/**
 * Where memstack keeps its memory. Every adapter runs the contract suite (`memstack/store-kit/contract`, `src/store-kit/`).
 */
export interface MemoryStore {
  readonly specificationVersion: 'v1';
  readonly name: string;
  readonly sessions: SessionStore;
  readonly facts: FactStore;
  /** Search over turns, when the store can (detect it: `store.turnSearch !== undefined`). */
  readonly turnSearch?: TurnSearch | undefined;
  /** A durable job queue in the store, when it has one (detect it: `store.jobs !== undefined`). */
  readonly jobs?: JobStore | undefined;
  /** Reads for tools (sessions, a session's turns with their traces, a scope's fact history), when the store can. */
  readonly browse?: StoreBrowser | undefined;
  /** Vectors kept with facts and turns, for a stack with an `embedder`, when the store can. */
  readonly vectors?: VectorStore | undefined;
  /** A log of items per session (an agent framework's conversation), when the store can (`store.items !== undefined`). */
  readonly items?: ItemLog | undefined;
  /**
   * Removes everything stored for the scope (rows, index entries, summaries, the pin's copies), and rewrites what
   * other scopes keep of it (a fact's context quoting a forgotten turn) without it. It may work in several
   * transactions, each leaving the store consistent; a forget that failed part way is finished by running it again.
   */
  forget(scope: ForgetScope): Promise<ForgetReport>;
  close(): Promise<void>;
}
