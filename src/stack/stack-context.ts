import type { ModelSessionState } from '../spec/chat-model.js';
import type { MemstackEvent, MemstackEventHandler } from '../spec/events.js';
import type { Extractor } from '../spec/extractor.js';
import type { MemoryStore } from '../spec/memory-store.js';
import type { PreparedTurn, PromptLayout } from '../spec/prepared-turn.js';
import type { Tokenizer } from '../spec/tokenizer.js';
import type { BackgroundQueue } from './background-queue.js';
import type { UsageEstimator } from './estimate-usage.js';
import type { MemoryLimits } from './memory-limits.js';

/** What a turn remembers between `prepare` and `record`, kept off the public object. */
export interface PreparedState {
  taskSourceNeeded: boolean;
  recorded: boolean;
  /** The session's stored model states and history version when the turn was prepared (for `chat`). */
  modelState: Readonly<Record<string, ModelSessionState>>;
  historyVersion: number;
  /** A new system pin this turn placed, to store with the turn. */
  systemPin: { text: string; at: Date } | undefined;
}

/** Everything the stack's functions share. Built once by `createMemoryStack`. */
export interface StackContext {
  store: MemoryStore;
  extractor: Extractor;
  tokenizer: Tokenizer;
  layout: PromptLayout;
  systemPrompt: string;
  limits: MemoryLimits;
  queue: BackgroundQueue;
  now: () => Date;
  emit: (event: MemstackEvent) => void;
  /** Token counts of repeated texts (system prompt, pin, history turns), by text. */
  countTokens: (text: string) => number;
  /** History turns formatted for the prompt, by turn id (checked against the text, in case an id is reused). */
  historyCache: Map<number, { source: string; text: string; tokens: number }>;
  prepared: WeakMap<PreparedTurn, PreparedState>;
  /** Usage from the prompt-cache simulator, for turns recorded without provider figures. */
  estimateUsage: UsageEstimator;
  /** Deletes expired facts, at most once per interval. */
  purgeFacts: () => Promise<void>;
}

/** Counts of what the background work did since the stack was created (see `MemoryStack.stats`). */
export interface MemoryStats {
  extractionsFailed: { timeout: number; error: number; invalidOutput: number };
  extractionsSkipped: { notSubstantive: number; queueFull: number };
  /** Tasks, clarifications and facts an extractor returned that did not validate: never stored. */
  outputsRejected: number;
  factsAdded: number;
  duplicatesMerged: number;
  pinsSet: number;
  clarificationsAdded: number;
}

export function emptyStats(): MemoryStats {
  return {
    extractionsFailed: { timeout: 0, error: 0, invalidOutput: 0 },
    extractionsSkipped: { notSubstantive: 0, queueFull: 0 },
    outputsRejected: 0,
    factsAdded: 0,
    duplicatesMerged: 0,
    pinsSet: 0,
    clarificationsAdded: 0,
  };
}

function count(stats: MemoryStats, event: MemstackEvent): void {
  switch (event.type) {
    case 'extraction-failed':
      stats.extractionsFailed[event.reason === 'invalid-output' ? 'invalidOutput' : event.reason] += 1;
      break;
    case 'extraction-skipped':
      stats.extractionsSkipped[event.reason === 'queue-full' ? 'queueFull' : 'notSubstantive'] += 1;
      break;
    case 'output-rejected':
      stats.outputsRejected += event.items.length;
      break;
    case 'facts-added':
      stats.factsAdded += event.facts.length;
      break;
    case 'fact-duplicate':
      stats.duplicatesMerged += 1;
      break;
    case 'pinned':
      stats.pinsSet += 1;
      break;
    case 'clarification-added':
      stats.clarificationsAdded += 1;
      break;
    default:
      break;
  }
}

/** An event handler that cannot break the stack, counting every event into `stats` first. */
export function safeEmitter(
  handler: MemstackEventHandler | undefined,
  stats: MemoryStats,
): (event: MemstackEvent) => void {
  return (event) => {
    count(stats, event);
    if (!handler) return;
    try {
      handler(event);
    } catch {
      // An observer's bug must not fail a turn.
    }
  };
}

/** A token counter that remembers its last few hundred texts. */
export function memoizedCounter(tokenizer: Tokenizer, capacity = 512): (text: string) => number {
  const cache = new Map<string, number>();
  return (text) => {
    if (text === '') return 0;
    const known = cache.get(text);
    if (known !== undefined) return known;
    const count = tokenizer.count(text);
    if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
    cache.set(text, count);
    return count;
  };
}
