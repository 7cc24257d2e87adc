import { MISS_COUNTER_OF } from '../core/prompt/explain-cache-miss.js';
import type { ModelSessionState } from '../spec/chat-model.js';
import type { Embedder } from '../spec/embedder.js';
import type { MemstackEvent, MemstackEventHandler } from '../spec/events.js';
import type { Extractor } from '../spec/extractor.js';
import type { JobQueue } from '../spec/job-queue.js';
import type { MemoryPolicy } from '../spec/memory-policy.js';
import type { ExchangeOnce, MemoryStore } from '../spec/memory-store.js';
import type { MemoryBreakpoint, PreparedTurn, PromptLayout, TextBlock } from '../spec/prepared-turn.js';
import type { Tokenizer } from '../spec/tokenizer.js';
import type { SentPrompt } from '../spec/turn-trace.js';
import type { CacheMissReason } from '../spec/usage.js';
import type { UsageEstimator } from './estimate-usage.js';
import type { MemoryLimits } from './memory-limits.js';
import type { PreparedStates } from './prepared-states.js';
import type { RankingWeights } from './ranking-weights.js';
import type { ToolLoops } from './tool-loops.js';
import type { CacheMissTracker } from './track-cache-miss.js';

/** What a turn remembers between `prepare` and `record`, kept off the public object. */
export interface PreparedState {
  /**
   * The turn as prepared, copied: `record` and the extraction job read this, never the caller's object, which the
   * caller may have changed (or emptied) in the meantime.
   */
  turn: PreparedTurn;
  taskSourceNeeded: boolean;
  recorded: boolean;
  /** The session's stored model states and history version when the turn was prepared (for `chat`). */
  modelState: Readonly<Record<string, ModelSessionState>>;
  historyVersion: number;
  /** The last stored turn when the turn was prepared (the reply this message follows), for the facts' context. */
  previousTurn: { id: number; text: string } | undefined;
  /** A new system pin this turn placed, to store with the turn, and the pin version it was rendered from. */
  systemPin: { text: string; at: Date; pinVersion: number } | undefined;
  /** Set for a turn from `decorate`: a reply that calls tools is a step of a tool loop (see `ToolLoops`). */
  decorated?: boolean | undefined;
  /** Token counts of long texts of the request, counted a slice at a time already (a caller's tool results). */
  knownCounts?: ReadonlyMap<string, number> | undefined;
  /** The stored exchange this turn repeats (a client retrying a call that was recorded): `record` stores nothing. */
  alreadyRecorded?: { userTurnId: number; assistantTurnId: number } | undefined;
  /** For `record`'s write: the exchange is stored once per request (decision 26). */
  once: ExchangeOnce;
  /** The request as sent, for the turn's trace (its arrays copied; the caller's blocks are not copied again). */
  sent: SentPrompt;
  /** memstack's breakpoints the caller's request left no room for (a decorated turn). */
  droppedBreakpoints?: MemoryBreakpoint[] | undefined;
  /** The memory placed in the cached prefix, and for a decorated turn the caller's system text: a miss's reason. */
  cacheParts: { summary: string | null; pin: string | null; system?: string | undefined };
}

/** Everything the stack's functions share. Built once by `createMemoryStack`. */
export interface StackContext {
  store: MemoryStore;
  extractor: Extractor;
  /** What may become memory and what a statement replaces (`MemoryStackOptions.policy`). */
  policy: MemoryPolicy;
  tokenizer: Tokenizer;
  layout: PromptLayout;
  systemPrompt: string;
  /** Whether a reply's trace keeps the request as sent (`MemoryStackOptions.keepRequests`). */
  keepRequests: boolean;
  limits: MemoryLimits;
  /** The retrieval constants: always `RANKING_WEIGHTS`, except in the bench that re-fits them. */
  ranking: Readonly<RankingWeights>;
  /** Vectors beside the lexical ranking (`MemoryStackOptions.embedder`); undefined: off, nothing extra is read. */
  embedding?:
    | {
        embedder: Embedder;
        queryTimeoutMs: number;
        /** Until when (epoch ms) messages are not embedded, after a failed query embedding (`embedQuery`). */
        pausedUntil: number;
      }
    | undefined;
  /** Where background jobs go: the store's durable queue when it has one, else this process's memory. */
  queue: JobQueue;
  now: () => Date;
  emit: (event: MemstackEvent) => void;
  /** Token counts of repeated texts (system prompt, pin, history turns), by text. */
  countTokens: ((text: string) => number) & { clear: () => void };
  /** History turns formatted for the prompt, by turn id (checked against the text, in case an id is reused). */
  historyCache: Map<number, { source: string; text: string; tokens: number }>;
  /** Turns from `prepare` and `decorate`, by the object returned to the caller. */
  prepared: PreparedStates;
  /** The steps of tool loops whose final answer has not come yet, by session. */
  toolLoops: ToolLoops;
  /** Usage from the prompt-cache simulator, for turns recorded without provider figures. */
  estimateUsage: UsageEstimator;
  /** Why each session's request could not read what its previous request cached (see `explainCacheMiss`). */
  explainCacheMiss: CacheMissTracker;
  /** Deletes expired facts, at most once per interval (`due`: whether a call now would). */
  purgeFacts: (() => Promise<void>) & { due: () => boolean };
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
  /**
   * The prompt cache, per recorded exchange: `hits`, requests that could read all their session's previous request
   * cached; `cold`, a session's first request or one after the cache expired; `missReasons`, what changed before the
   * previous breakpoint otherwise (see `CacheMissReason`).
   */
  cache: {
    hits: number;
    cold: number;
    missReasons: {
      pinChanged: number;
      summaryChanged: number;
      factsChanged: number;
      historyChanged: number;
      layoutChanged: number;
    };
  };
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
    cache: {
      hits: 0,
      cold: 0,
      missReasons: { pinChanged: 0, summaryChanged: 0, factsChanged: 0, historyChanged: 0, layoutChanged: 0 },
    },
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
    case 'usage':
      countCacheMiss(stats.cache, event.cacheMiss);
      break;
    default:
      break;
  }
}

function countCacheMiss(cache: MemoryStats['cache'], reason: CacheMissReason | null): void {
  if (reason === null) cache.hits += 1;
  else if (reason === 'cold') cache.cold += 1;
  else cache.missReasons[MISS_COUNTER_OF[reason]] += 1;
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

/** A token counter that remembers its last few hundred texts; `clear` forgets them (after a `forget`). */
export function memoizedCounter(
  tokenizer: Tokenizer,
  capacity = 512,
): ((text: string) => number) & { clear: () => void } {
  const cache = new Map<string, number>();
  const counter = (text: string): number => {
    if (text === '') return 0;
    const known = cache.get(text);
    if (known !== undefined) return known;
    const count = tokenizer.count(text);
    if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
    cache.set(text, count);
    return count;
  };
  return Object.assign(counter, { clear: () => cache.clear() });
}

/**
 * A copy of a prepared turn that shares no object with it (strings are immutable, so a copy of every array and block
 * is enough): what the stack keeps for `record`.
 */
export function copyPreparedTurn(prepared: PreparedTurn): PreparedTurn {
  const block = (text: TextBlock): TextBlock =>
    text.cache_control ? { ...text, cache_control: { ...text.cache_control } } : { ...text };
  return {
    request: {
      system: prepared.request.system.map(block),
      messages: prepared.request.messages.map((message) => ({
        role: message.role,
        content: message.content.map(block),
      })),
    },
    session: { ...prepared.session },
    pinned: prepared.pinned,
    facts: prepared.facts.map((fact) => ({ ...fact })),
    factsSource: prepared.factsSource,
    tokens: { ...prepared.tokens },
    input: { ...prepared.input },
    answersQuestion: prepared.answersQuestion,
    recalled: prepared.recalled.map((turn) => ({ ...turn })),
  };
}
