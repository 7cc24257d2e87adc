import { defaultMemoryPolicy } from '../core/policy/default-memory-policy.js';
import { renderPin } from '../core/prompt/render-pin.js';
import { deriveSessionHandle } from '../core/scope/derive-session-handle.js';
import { buildFactQuery } from '../core/search/build-fact-query.js';
import { heuristicExtractor } from '../extractors/heuristic/heuristic-extractor.js';
import { LOCALE_PACKS } from '../locales/locale-table.js';
import type { Embedder } from '../spec/embedder.js';
import { ConfigError } from '../spec/errors/config-error.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { MemstackEventHandler } from '../spec/events.js';
import type { Extractor } from '../spec/extractor.js';
import type { MemoryPolicy } from '../spec/memory-policy.js';
import type { MemoryStore } from '../spec/memory-store.js';
import type { PromptLayout } from '../spec/prepared-turn.js';
import type { Tokenizer } from '../spec/tokenizer.js';
import { boundedTokenizer } from '../tokenizers/bounded-tokenizer.js';
import { o200kTokenizer } from '../tokenizers/o200k-tokenizer.js';
import { isMemoryPolicy } from './admit-memory.js';
import { chatTurn } from './chat-turn.js';
import { checkLimit } from './check-limit.js';
import { checkScope } from './check-scope.js';
import { createJobQueue } from './create-job-queue.js';
import { decorateTurn } from './decorate-turn.js';
import { embedMissing } from './embed-missing.js';
import { startQueryVector } from './embed-query.js';
import { usageEstimator } from './estimate-usage.js';
import { exportUser } from './export-user.js';
import { createFactsApi } from './facts-api.js';
import { importRecords } from './import-records.js';
import { createInspectApi } from './inspect-api.js';
import { createItemsApi } from './items-api.js';
import { type MemoryLimits, resolveLimits } from './memory-limits.js';
import type { AnyDecorateInput, MemoryStack, RecordInput } from './memory-stack.js';
import { prepareTurn } from './prepare-turn.js';
import { preparedStates } from './prepared-states.js';
import { factPurger } from './purge-facts.js';
import { RANKING_WEIGHTS, type RankingWeights } from './ranking-weights.js';
import { recordTurn } from './record-turn.js';
import { runJob } from './run-job.js';
import { searchTurnsWithVectors } from './search-turns.js';
import { setPin } from './set-pin.js';
import { emptyStats, memoizedCounter, type StackContext, safeEmitter } from './stack-context.js';
import { createToolLoops } from './tool-loops.js';
import { cacheMissTracker } from './track-cache-miss.js';

export interface MemoryStackOptions {
  store: MemoryStore;
  /** Turns exchanges into memory in the background. Default: `heuristicExtractor()` (offline, no model). */
  extractor?: Extractor;
  /**
   * What may become memory (every task, answer, fact and summary, from every path) and what a new statement
   * replaces: `defaultMemoryPolicy()` when absent. Wrap it to add rules of your own; `defaultMemoryPolicy({ allow })`
   * turns a check off (decision 31).
   */
  policy?: MemoryPolicy;
  /** The agent's own system prompt; memstack appends its sections after it. */
  systemPrompt?: string;
  /** Default `'cache-aware'`. */
  layout?: PromptLayout;
  limits?: Partial<MemoryLimits>;
  onEvent?: MemstackEventHandler;
  /** Default: o200k_base (gpt-tokenizer). */
  tokenizer?: Tokenizer;
  /** The clock, for tests. */
  now?: () => Date;
  /**
   * Whether this stack runs the background jobs of its store (default true). False for a tool that opens an
   * application's file to read or edit it (the CLI's `facts`, `pin`, `forget`): the jobs it finds there, and those
   * its own turns add, are left for the application's workers, with their extractor. Needs a store that keeps its
   * jobs (`MemoryStore.jobs`): an in-memory queue's jobs would be lost.
   */
  runJobs?: boolean;
  /**
   * Whether each reply keeps the request as it was sent (its system prompt, once per session, and its current turn),
   * for the inspector (default true). False keeps only the numbers of the trace: facts injected and their scores,
   * tokens, cache use.
   */
  keepRequests?: boolean;
  /**
   * Ranks facts and recalled turns by meaning as well as by words (off by default; decision 22). The vectors of new
   * facts and turns are computed in the extraction job and stored with the rows; each message is embedded on the hot
   * path, within `embedQueryTimeoutMs`, and ranked lexically only when that fails. Needs a store with `vectors`.
   */
  embedder?: Embedder | undefined;
  /**
   * How long `prepare` waits for the message's vector before ranking without it (default 1,000 ms). After a failure,
   * messages are ranked without asking for 30 s, so that a server that hangs costs one wait, not one per turn.
   */
  embedQueryTimeoutMs?: number | undefined;
}

const DEFAULT_EMBED_QUERY_TIMEOUT_MS = 1000;

export function createMemoryStack(options: MemoryStackOptions): MemoryStack {
  return createRankedMemoryStack(options, RANKING_WEIGHTS);
}

/**
 * `createMemoryStack` with other retrieval constants than today's, for the bench that re-fits them on one half of
 * the data and reports them on the other. Not exported from the package: an application cannot change the ranking.
 */
export function createRankedMemoryStack(options: MemoryStackOptions, ranking: Readonly<RankingWeights>): MemoryStack {
  if (!options || typeof options.store?.sessions !== 'object') {
    throw new ConfigError('INVALID_CONFIG', 'createMemoryStack needs a store, e.g. sqliteStore({ path })');
  }
  const layout = options.layout ?? 'cache-aware';
  if (layout !== 'cache-aware' && layout !== 'seed') {
    throw new ConfigError('INVALID_CONFIG', `unknown layout "${String(layout)}": use 'cache-aware' or 'seed'`);
  }
  const limits = resolveLimits(options.limits);
  if (limits.turnRecall > 0 && options.store.turnSearch === undefined) {
    throw new ConfigError(
      'INVALID_CONFIG',
      `limits.turnRecall needs a store that can search turns, and the ${String(options.store.name)} store cannot: set it to 0`,
    );
  }
  const embedding = checkEmbedding(options);
  // Any tokenizer, the default too, is bounded: one long run without spaces must not cost quadratic time.
  const tokenizer = boundedTokenizer(options.tokenizer ?? o200kTokenizer());
  const stats = emptyStats();
  // Large enough to hold a long session's history turns: the usage estimate counts every block of every request.
  const countTokens = memoizedCounter(tokenizer, 4096);
  if (options.runJobs === false && options.store.jobs === undefined) {
    throw new ConfigError(
      'INVALID_CONFIG',
      `runJobs: false needs a store that keeps its jobs, and the ${String(options.store.name)} store does not (a file-backed sqliteStore does)`,
    );
  }
  if (options.policy !== undefined && !isMemoryPolicy(options.policy)) {
    throw new ConfigError(
      'INVALID_CONFIG',
      'policy must be a MemoryPolicy: admit(), and supersede with statements(), cues() and find()',
    );
  }
  const policy = options.policy ?? defaultMemoryPolicy();
  const store = options.store;
  const now = options.now ?? (() => new Date());
  const emit = safeEmitter(options.onEvent, stats);
  const context: StackContext = {
    store,
    extractor: options.extractor ?? heuristicExtractor(),
    policy,
    tokenizer,
    layout,
    systemPrompt: (options.systemPrompt ?? '').trim(),
    keepRequests: options.keepRequests !== false,
    limits,
    ranking,
    embedding,
    // The queue runs each job with this context, once it is built (no job runs before the stack is returned).
    queue: createJobQueue({ store, limits, emit }, (job) => runJob(context, job), { run: options.runJobs !== false }),
    now,
    emit,
    countTokens,
    estimateUsage: usageEstimator(countTokens),
    explainCacheMiss: cacheMissTracker(),
    purgeFacts: factPurger({ store, limits, now, emit }),
    historyCache: new Map(),
    prepared: preparedStates(),
    toolLoops: createToolLoops(),
  };
  let closed = false;
  const open = (): void => {
    if (closed) throw new ConfigError('STACK_CLOSED', 'this memory stack is closed');
  };

  const stack: MemoryStack = {
    decorate: (async (input: AnyDecorateInput) => {
      open();
      if (typeof input !== 'object' || input === null) {
        throw new InvalidInputError(
          'INVALID_ARGUMENT',
          'input',
          'decorate() takes { agentId, system?, messages, ... }',
        );
      }
      return decorateTurn(context, input);
    }) as MemoryStack['decorate'],
    prepare: async (input) => {
      open();
      if (typeof input !== 'object' || input === null) {
        throw new InvalidInputError('INVALID_ARGUMENT', 'input', 'prepare() takes { agentId, text, ... }');
      }
      return prepareTurn(context, input);
    },
    record: (async (prepared: object, reply: RecordInput) => {
      open();
      return recordTurn(context, prepared, reply);
    }) as MemoryStack['record'],
    chat: async (input, model, chatOptions) => {
      open();
      return chatTurn(context, input, model, chatOptions);
    },
    idle: () => context.queue.idle(),
    stats: () => structuredClone(stats),
    facts: createFactsApi(context, open),
    items: createItemsApi(context, open),
    session: async (scope) => {
      open();
      const snapshot = await context.store.sessions.read(deriveSessionHandle(checkScope(scope)).key);
      if (!snapshot) return { pinned: null, summary: null, turns: [] };
      return {
        pinned: snapshot.session.pin ? renderPin(snapshot.session.pin) : null,
        summary: snapshot.session.summary,
        turns: snapshot.turns.map(({ id, role, text, userId, path, createdAt }) => ({
          id,
          role,
          text,
          userId,
          path,
          createdAt,
        })),
      };
    },
    setPin: async (scope, text) => {
      open();
      return setPin(context, scope, text);
    },
    inspect: createInspectApi(context, open),
    exportUser: (scope) => {
      open();
      return exportUser(context, scope);
    },
    importRecords: async (records, importOptions) => {
      open();
      return importRecords(context, records, importOptions);
    },
    searchTurns: async (scope, text, searchOptions) => {
      open();
      const checked = checkScope(scope);
      if (typeof text !== 'string') throw new InvalidInputError('INVALID_ARGUMENT', 'text', 'text must be a string');
      const limit = checkLimit(searchOptions, 5, 100);
      if (context.store.turnSearch === undefined) {
        throw new ConfigError('NOT_SUPPORTED', `the ${String(context.store.name)} store cannot search turns`);
      }
      const key = deriveSessionHandle(checked).key;
      const query = buildFactQuery(text);
      const vector = startQueryVector(context, key, text, query);
      const found = await searchTurnsWithVectors(context, key, text, { limit, query }, vector);
      return found.map(({ turn, score }) => ({
        id: turn.id,
        role: turn.role,
        text: turn.text,
        userId: turn.userId,
        createdAt: turn.createdAt,
        score,
      }));
    },
    forget: async (scope) => {
      open();
      const checked = checkScope(scope);
      const report = await context.store.forget(checked);
      // What this process holds of past turns in memory goes too (formatted history, token counts by text).
      context.historyCache.clear();
      context.countTokens.clear();
      context.toolLoops.clear();
      return report;
    },
    embedMissing: async (embedOptions) => {
      open();
      return embedMissing(context, embedOptions);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await context.queue.idle();
      await context.queue.close();
      await context.store.close();
    },
  };
  return stack;
}

function checkEmbedding(options: MemoryStackOptions): StackContext['embedding'] {
  const { embedder, embedQueryTimeoutMs = DEFAULT_EMBED_QUERY_TIMEOUT_MS } = options;
  if (embedder === undefined) return undefined;
  if (
    typeof embedder !== 'object' ||
    embedder === null ||
    typeof embedder.embed !== 'function' ||
    typeof embedder.model !== 'string' ||
    embedder.model.trim() === ''
  ) {
    throw new ConfigError('INVALID_CONFIG', 'embedder must be an Embedder, e.g. openaiCompatibleEmbedder({ ... })');
  }
  if (!Number.isSafeInteger(embedQueryTimeoutMs) || embedQueryTimeoutMs <= 0) {
    throw new ConfigError('INVALID_CONFIG', 'embedQueryTimeoutMs must be a positive integer');
  }
  checkEmbedderLanguages(embedder.languages);
  if (options.store.vectors === undefined) {
    throw new ConfigError(
      'INVALID_CONFIG',
      `an embedder needs a store that keeps vectors, and the ${String(options.store.name)} store does not`,
    );
  }
  return { embedder, queryTimeoutMs: embedQueryTimeoutMs, pausedUntil: 0 };
}

/**
 * An embedder's languages: a non-empty list of codes the locale packs know. A code no pack registers would never
 * match a text, so every text would go unembedded without a word: refused at once, with the known ones. Checked here,
 * where the packs are loaded anyway, not in an embedder's factory (whose entry would load every pack for a list).
 */
function checkEmbedderLanguages(languages: unknown): void {
  if (languages === undefined) return;
  const known = LOCALE_PACKS.map((pack) => pack.code);
  if (!Array.isArray(languages) || languages.length === 0) {
    throw new ConfigError('INVALID_CONFIG', 'embedder.languages must be a non-empty list of language codes, or unset');
  }
  const unknown = languages.filter((code) => typeof code !== 'string' || !known.includes(code));
  if (unknown.length > 0) {
    throw new ConfigError(
      'INVALID_CONFIG',
      `embedder.languages: ${unknown.map(String).join(', ')} is not a language memstack knows; known: ${known.join(', ')}`,
    );
  }
}
