/** How many (scope, term) frequencies a store remembers, and for how long. */
const REMEMBERED_TERMS = 4096;
const REMEMBERED_MS = 60_000;

/**
 * A term's document frequency in a scope, as a search counted it (capped at the ranking budget and one more),
 * remembered for a while by the process, as the SQLite store does: a frequency only decides which terms are ranked
 * exactly and their idf, while the rows themselves are always read live, so a stale one never hides a fact nor shows
 * a removed one. Only counts found above zero are kept: an absent term is counted again (cheap: its posting list is
 * empty), so that a fact that brings it is found at once.
 */
export interface RememberedFrequencies {
  /** The frequency counted less than `REMEMBERED_MS` ago, or undefined. */
  get(key: string, now: number): number | undefined;
  set(key: string, documents: number, now: number): void;
}

export function rememberedFrequencies(): RememberedFrequencies {
  const known = new Map<string, { documents: number; at: number }>();
  return {
    get: (key, now) => {
      const entry = known.get(key);
      if (entry === undefined) return undefined;
      if (now - entry.at < REMEMBERED_MS) return entry.documents;
      known.delete(key);
      return undefined;
    },
    set: (key, documents, now) => {
      known.delete(key);
      if (documents <= 0) return;
      // The oldest remembered first out (a Map keeps insertion order).
      if (known.size >= REMEMBERED_TERMS) known.delete(known.keys().next().value as string);
      known.set(key, { documents, at: now });
    },
  };
}
