import type { MemorySource } from './memory-source.js';

/** A durable fact about a user or project. */
export interface Fact {
  id: number;
  agentId: string;
  userId: string | null;
  text: string;
  /** Where its words came from (see `MemorySource`). */
  source: MemorySource;
  accessCount: number;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A fact found by a search, with its ranking score (higher is better). */
export interface RankedFact extends Fact {
  score: number;
}
