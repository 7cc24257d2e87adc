import { ConfigError } from '../spec/errors/config-error.js';

/** Every number memstack works with. Defaults, not constants: pass any of them to `createMemoryStack({ limits })`. */
export interface MemoryLimits {
  /** History turns longer than this many characters (grapheme clusters) are trimmed... */
  trimThreshold: number;
  /** ...to their first `trimHead` and last `trimTail` characters. */
  trimHead: number;
  trimTail: number;
  /** Cap on the pinned task with its clarifications. */
  pinMaxChars: number;
  /** Cap on the core task when it is pinned. */
  taskMaxChars: number;
  /** Cap on one clarification when it is appended. */
  clarificationMaxChars: number;
  /** Cap on the task as repeated in the recap. */
  recapTaskMaxChars: number;
  /** How many facts to inject at most, and within how many tokens. */
  factsTopK: number;
  factsTokenBudget: number;
  /**
   * In a session more than one user has spoken in (a shared thread or channel), how many of the current user's
   * personal facts may be injected: the reply is read by everyone there. 0 (the default) injects none; raise it to
   * opt in, up to `factsTopK`.
   */
  sharedSessionFactsTopK: number;
  /**
   * Turn recall: how many of the session's turns older than the history window (summarised, or beyond
   * `historyMaxTurns`) to bring back into the recap when they match the message. 0 (the default) turns it off.
   */
  turnRecall: number;
  /** Tokens the recalled snippets may take in the recap, all together (counted with the stack's tokenizer). */
  turnRecallTokenBudget: number;
  /** Facts stored per turn at most, and the longest fact accepted. */
  factsPerTurn: number;
  factMaxChars: number;
  /** Jaccard similarity at or above which a new fact is a duplicate of a stored one. */
  nearDuplicateSimilarity: number;
  /** How many recent turns are sent as history. Compression (next) summarises older ones; until then the window is
   * wide, because a window that slides every turn changes the cached prefix every turn. */
  historyMaxTurns: number;
  /** Longest message accepted by `prepare` and `record`. */
  maxMessageChars: number;
  /**
   * A request sent again this long after its exchange was stored is a retry, stored once (decision 26); later, the
   * same request is a new turn. Copies sent at the same time are one turn whatever it is (0: only those).
   */
  retryWindowMs: number;
  /** Extraction runs in the background: per call timeout, parallel calls, and queued calls before new ones are dropped. */
  extractionTimeoutMs: number;
  extractionConcurrency: number;
  extractionQueueMax: number;
  /** How many times extraction may try to pin a session's task. */
  pinAttempts: number;
  /** Stored history (tokens after the last summary) above which a session is compressed... */
  compressionThresholdTokens: number;
  /** ...keeping about this many tokens of the most recent turns verbatim. */
  compressionKeepTokens: number;
  /** Cap on a summary, in grapheme clusters. */
  summaryMaxChars: number;
  /** Superseded facts are deleted this many days after they were created... */
  supersededRetentionDays: number;
  /** ...and facts never injected, this many days after. At most one purge per `purgeIntervalMinutes`. */
  unusedFactRetentionDays: number;
  purgeIntervalMinutes: number;
}

export const DEFAULT_LIMITS: Readonly<MemoryLimits> = Object.freeze({
  trimThreshold: 800,
  trimHead: 300,
  trimTail: 200,
  pinMaxChars: 1000,
  taskMaxChars: 600,
  clarificationMaxChars: 300,
  recapTaskMaxChars: 300,
  factsTopK: 3,
  factsTokenBudget: 150,
  sharedSessionFactsTopK: 0,
  turnRecall: 0,
  turnRecallTokenBudget: 300,
  factsPerTurn: 4,
  factMaxChars: 300,
  nearDuplicateSimilarity: 0.9,
  historyMaxTurns: 1_000,
  maxMessageChars: 200_000,
  retryWindowMs: 60_000,
  extractionTimeoutMs: 30_000,
  extractionConcurrency: 2,
  extractionQueueMax: 1_000,
  pinAttempts: 3,
  compressionThresholdTokens: 50_000,
  compressionKeepTokens: 10_000,
  summaryMaxChars: 4_000,
  supersededRetentionDays: 30,
  unusedFactRetentionDays: 180,
  purgeIntervalMinutes: 60,
});

/** The defaults overridden by `limits`, checked: every value a finite number in range. */
export function resolveLimits(limits: Partial<MemoryLimits> = {}): MemoryLimits {
  const resolved: MemoryLimits = { ...DEFAULT_LIMITS };
  for (const [name, value] of Object.entries(limits)) {
    if (!Object.hasOwn(DEFAULT_LIMITS, name)) throw new ConfigError('INVALID_CONFIG', `unknown limit "${name}"`);
    if (value === undefined) continue;
    const fraction = name === 'nearDuplicateSimilarity';
    if (
      typeof value !== 'number' ||
      !Number.isFinite(value) ||
      value < 0 ||
      (fraction ? value > 1 : !Number.isInteger(value))
    ) {
      throw new ConfigError(
        'INVALID_CONFIG',
        `limit "${name}" must be ${fraction ? 'between 0 and 1' : 'a non-negative integer'}`,
      );
    }
    resolved[name as keyof MemoryLimits] = value;
  }
  if (resolved.trimHead + resolved.trimTail >= resolved.trimThreshold) {
    throw new ConfigError('INVALID_CONFIG', 'trimHead + trimTail must be less than trimThreshold');
  }
  if (resolved.taskMaxChars > resolved.pinMaxChars) {
    throw new ConfigError('INVALID_CONFIG', 'taskMaxChars must not exceed pinMaxChars');
  }
  for (const name of ['extractionConcurrency', 'maxMessageChars', 'pinMaxChars', 'extractionTimeoutMs'] as const) {
    if (resolved[name] < 1) throw new ConfigError('INVALID_CONFIG', `limit "${name}" must be at least 1`);
  }
  return resolved;
}
