import type { Fact } from './fact.js';
import type { TurnRecord } from './memory-store.js';
import type { FactScope } from './scope.js';

/** A vector to keep with a stored fact or turn, and the model that computed it. */
export interface VectorWrite {
  id: number;
  vector: Float32Array;
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
}
