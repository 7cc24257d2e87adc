import type { Fact } from './fact.js';
import type { TurnRecord } from './memory-store.js';
import type { FactScope } from './scope.js';

/** A vector to keep with a stored fact or turn, and the model that computed it. */
export interface VectorWrite {
  id: number;
  /**
   * Empty: the model does not read the row's language (`Embedder.languages`). Kept as a mark with the model's name,
   * so that the row is not listed as missing a vector of that model, and never read back (nothing to compare).
   */
  vector: Float32Array;
  /**
   * The text the vector was computed from, when the row may have changed since it was read (a backfill): the vector
   * is kept only while the row still holds this text. Omitted: kept whatever the text.
   */
  text?: string | undefined;
}

/** A live fact that has no vector of a model (`VectorStore.missingFacts`). */
export interface FactMissingVector {
  id: number;
  /** Its scope (no `userId` for an agent-wide fact), to write its vector through. */
  scope: FactScope;
  text: string;
}

/** A turn that has no vector of a model (`VectorStore.missingTurns`). */
export interface TurnMissingVector {
  id: number;
  sessionKey: string;
  text: string;
}

/** A page of a walk over rows by id: those after `afterId` (default: from the first), at most `limit` of them. */
export interface MissingVectorsPage {
  afterId?: number | undefined;
  limit: number;
}

/**
 * An optional capability of a store: vectors kept with the rows of facts and turns (`MemoryStore.vectors`), read
 * back for the few rows a query compares (never a scan of the scope). A fact's vector goes when its text is edited.
 */
export interface VectorStore {
  /** Keeps `model`'s vectors with the scope's facts among the ids (others are ignored). */
  writeFacts(scope: FactScope, model: string, vectors: readonly VectorWrite[]): Promise<void>;
  /** Keeps `model`'s vectors with the session's turns among the ids (others are ignored). */
  writeTurns(sessionKey: string, model: string, vectors: readonly VectorWrite[]): Promise<void>;
  /**
   * The scope's live facts that have a vector of `model`: those among `ids`, and the `recent` most recently created.
   */
  readFacts(
    scope: FactScope,
    options: { model: string; ids: readonly number[]; recent: number },
  ): Promise<Array<{ fact: Fact; vector: Float32Array }>>;
  /**
   * The session's turns that have a vector of `model` (only those before `beforeTurnId` when given): those among
   * `ids`, and the `recent` latest.
   */
  readTurns(
    sessionKey: string,
    options: { model: string; ids: readonly number[]; recent: number; beforeTurnId?: number | undefined },
  ): Promise<Array<{ turn: TurnRecord; vector: Float32Array }>>;
  /**
   * Live facts of every scope with no vector of `model` (none, or another model's), in id order, after
   * `page.afterId`, at most `page.limit`: a backfill's walk, one page at a time. Read by index ranges (one per model
   * the rows hold), never a scan of the rows that have their vector.
   */
  missingFacts(model: string, page: MissingVectorsPage): Promise<FactMissingVector[]>;
  /** The same for turns of every session, turns with an empty text left out (they have nothing to embed). */
  missingTurns(model: string, page: MissingVectorsPage): Promise<TurnMissingVector[]>;
}
