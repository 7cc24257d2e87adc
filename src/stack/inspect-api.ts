import { type CacheView, classifyCacheUse } from '../core/prompt/classify-cache-use.js';
import { checkId } from '../core/scope/check-id.js';

export type { CacheUse, CacheView } from '../core/prompt/classify-cache-use.js';

import { renderPin } from '../core/prompt/render-pin.js';
import type { ChatPath } from '../spec/chat-model.js';
import { ConfigError } from '../spec/errors/config-error.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { JobState, JobView } from '../spec/job-store.js';
import type { SessionRecord } from '../spec/memory-store.js';
import type { FactScope } from '../spec/scope.js';
import type {
  BrowsedTurn,
  ScopeSummary,
  SessionFilter,
  SessionSummary,
  StoreBrowser,
  StoredFact,
} from '../spec/store-browser.js';
import type { SentPrompt, TurnTrace } from '../spec/turn-trace.js';
import type { Usage } from '../spec/usage.js';
import { checkLimit } from './check-limit.js';
import { checkScope } from './check-scope.js';
import type { StackContext } from './stack-context.js';

/** A session with its pin as the model sees it (`pinned`) and as it grew (`pin`: the task, then each answer). */
export interface InspectedSession extends Omit<SessionRecord, 'modelState' | 'systemPin'> {
  pinned: string | null;
}

/** One exchange of a session: the user's message, the reply, and what memory went into the reply's request. */
export interface InspectedExchange {
  user: { id: number; text: string; userId: string | null; createdAt: Date } | null;
  reply: {
    id: number;
    text: string;
    createdAt: Date;
    path: ChatPath | null;
    usage: Usage | null;
    memoryTokens: number | null;
  };
  /** Null for an exchange recorded before traces were kept. */
  trace: TurnTrace | null;
  /** The request as sent; null when not kept (recorded before, or dropped by a forget in the session). */
  sent: SentPrompt | null;
  cache: CacheView;
}

/** One reply's figures, for a chart of a whole session. */
export interface InspectedFigures {
  turnId: number;
  createdAt: Date;
  memoryShare: number | null;
  cache: CacheView;
}

/**
 * Reads of what memory holds and did, for tools (the inspector page, the CLI): sessions, their exchanges with the
 * facts injected and why, a scope's facts with their history, the background jobs. Needs a store that can be
 * browsed (`MemoryStore.browse`, as SQLite can); otherwise every call fails with `NOT_SUPPORTED`.
 */
export interface InspectApi {
  /** Sessions, most recently active first (`limit` default 50, at most 500); `after`: the last one of a page. */
  sessions(filter?: {
    agentId?: string | undefined;
    userId?: string | undefined;
    limit?: number | undefined;
    after?: { updatedAt: Date; key: string } | undefined;
  }): Promise<SessionSummary[]>;
  /** One session by its key, or null. */
  session(key: string): Promise<InspectedSession | null>;
  /**
   * A session's exchanges, oldest first, after the reply `afterId` (`limit` default 50, at most 500). Fails with
   * `NOT_FOUND` for a key no session has (a session without exchanges gives `[]`).
   */
  exchanges(
    key: string,
    page?: { afterId?: number | undefined; limit?: number | undefined },
  ): Promise<InspectedExchange[]>;
  /** The figures of every reply of a session, oldest first; `NOT_FOUND` for a key no session has. */
  figures(key: string): Promise<InspectedFigures[]>;
  /** The scope's facts, live and superseded, oldest first, with their use counts and the turn each came from. */
  facts(scope: FactScope): Promise<StoredFact[]>;
  /** The agents' users that hold facts (`limit` default 200, at most 5,000). */
  scopes(filter?: { agentId?: string | undefined; limit?: number | undefined }): Promise<ScopeSummary[]>;
  /** The background jobs in a state, newest first (`limit` default 100, at most 1,000); null: the store keeps none. */
  jobs(state: JobState, options?: { limit?: number | undefined }): Promise<JobView[] | null>;
}

const MAX_KEY_LENGTH = 65_536;
const JOB_STATES: ReadonlySet<unknown> = new Set<JobState>(['queued', 'running', 'done', 'failed']);

export function createInspectApi(context: StackContext, open: () => void): InspectApi {
  const browser = (): StoreBrowser => {
    open();
    const { browse } = context.store;
    if (browse === undefined) {
      throw new ConfigError('NOT_SUPPORTED', `the ${String(context.store.name)} store cannot be browsed`);
    }
    return browse;
  };
  return {
    sessions: async (filter = {}) => {
      const browse = browser();
      const checked = checkFilter(filter);
      return browse.sessions({ ...checked, limit: checkLimit(filter, 50, 500) });
    },
    session: async (key) => {
      open();
      const snapshot = await context.store.sessions.read(checkKey(key), { maxTurns: 0 });
      if (snapshot === null) return null;
      const { modelState: _modelState, systemPin: _systemPin, ...session } = snapshot.session;
      return { ...session, pinned: session.pin ? renderPin(session.pin) : null };
    },
    exchanges: async (key, page = {}) => {
      const browse = browser();
      const sessionKey = checkKey(key);
      const afterId = checkTurnId(page?.afterId);
      const limit = checkLimit(page, 50, 500);
      if (limit === 0) {
        await checkSessionExists(context, sessionKey);
        return [];
      }
      const turns = await browse.turns(sessionKey, { afterId, limit: limit * 2 });
      if (turns.length === 0) await checkSessionExists(context, sessionKey);
      // The reply before the page, for whether the cache had expired when the page's first request was sent.
      const before = afterId === undefined ? null : await context.store.sessions.readTurn(sessionKey, afterId);
      return pairExchanges(turns, before?.createdAt ?? null);
    },
    figures: async (key) => {
      const browse = browser();
      const sessionKey = checkKey(key);
      const replies = await browse.figures(sessionKey);
      if (replies.length === 0) await checkSessionExists(context, sessionKey);
      let previous: Date | null = null;
      return replies.map((figures) => {
        const cache = classifyCacheUse(figures.usage, figures.createdAt, previous, { missReason: figures.cacheMiss });
        previous = figures.createdAt;
        return { turnId: figures.turnId, createdAt: figures.createdAt, memoryShare: figures.memoryShare, cache };
      });
    },
    facts: async (scope) => {
      const browse = browser();
      const { agentId, userId } = checkScope(scope);
      return browse.facts({ agentId, userId });
    },
    scopes: async (filter = {}) => {
      const browse = browser();
      const { agentId } = checkFilter(filter);
      return browse.scopes({ agentId, limit: checkLimit(filter, 200, 5000) });
    },
    jobs: async (state, options) => {
      open();
      if (!JOB_STATES.has(state)) {
        throw new InvalidInputError(
          'INVALID_ARGUMENT',
          'state',
          "a job state is 'queued', 'running', 'done' or 'failed'",
        );
      }
      const limit = checkLimit(options, 100, 1000);
      return context.store.jobs ? context.store.jobs.list({ state, limit }) : null;
    },
  };
}

/**
 * An empty page of a session that exists is an answer; of a key no session has, it is a `NOT_FOUND` (read only when a
 * page is empty, so a page with exchanges costs no extra read).
 */
async function checkSessionExists(context: StackContext, key: string): Promise<void> {
  if ((await context.store.sessions.read(key, { maxTurns: 0 })) === null) {
    throw new InvalidInputError('NOT_FOUND', 'key', 'no session with this key');
  }
}

/** Turns (oldest first) as exchanges: each reply with the user turn before it. */
function pairExchanges(turns: readonly BrowsedTurn[], previousAt: Date | null): InspectedExchange[] {
  const exchanges: InspectedExchange[] = [];
  let user: BrowsedTurn | null = null;
  let previous = previousAt;
  for (const turn of turns) {
    if (turn.role === 'user') {
      user = turn;
      continue;
    }
    exchanges.push({
      user: user && { id: user.id, text: user.text, userId: user.userId, createdAt: user.createdAt },
      reply: {
        id: turn.id,
        text: turn.text,
        createdAt: turn.createdAt,
        path: turn.path,
        usage: turn.usage,
        memoryTokens: turn.memoryTokens,
      },
      trace: turn.trace,
      sent: turn.sent,
      cache: classifyCacheUse(turn.usage, turn.createdAt, previous, { missReason: turn.cacheMiss }),
    });
    previous = turn.createdAt;
    user = null;
  }
  return exchanges;
}

function checkFilter(filter: unknown): Pick<SessionFilter, 'agentId' | 'userId' | 'after'> {
  if (typeof filter !== 'object' || filter === null) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'filter', 'a filter is an object such as { agentId, userId }');
  }
  const { agentId, userId, after } = filter as Record<string, unknown>;
  const page = after as { updatedAt?: unknown; key?: unknown } | undefined;
  if (page !== undefined && (!(page?.updatedAt instanceof Date) || Number.isNaN(page.updatedAt.getTime()))) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'after', 'after is { updatedAt: Date, key } from the last page');
  }
  return {
    agentId: checkId(agentId, 'agentId', { required: false }) ?? undefined,
    userId: checkId(userId, 'userId', { required: false }) ?? undefined,
    after: page ? { updatedAt: page.updatedAt as Date, key: checkKey(page.key) } : undefined,
  };
}

function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key === '' || key.length > MAX_KEY_LENGTH || !key.isWellFormed()) {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'key',
      'a session key is a non-empty string, as listed by sessions()',
    );
  }
  return key;
}

function checkTurnId(id: unknown): number | undefined {
  if (id === undefined || id === null) return undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'afterId', 'afterId is a turn id, a non-negative integer');
  }
  return id;
}
