import { isSubstantive } from '../core/facts/is-substantive.js';
import { fitRecalledTurns } from '../core/prompt/fit-recalled-turns.js';
import { pinLines, renderPin } from '../core/prompt/render-pin.js';
import { splitPinForCache } from '../core/prompt/split-pin-for-cache.js';
import { deriveSessionHandle, type SessionHandle } from '../core/scope/derive-session-handle.js';
import { isSharedConversation } from '../core/scope/is-shared-conversation.js';
import { buildFactQuery } from '../core/search/build-fact-query.js';
import { selectFacts } from '../core/search/select-facts.js';
import { stripSenderMetadata } from '../core/text/strip-sender-metadata.js';
import { truncateGraphemes } from '../core/text/truncate-graphemes.js';
import type { Fact } from '../spec/fact.js';
import type { FactQuery, SessionSnapshot } from '../spec/memory-store.js';
import type { FactsSource, RecalledTurn } from '../spec/prepared-turn.js';
import type { CheckedScope } from './check-scope.js';
import { startQueryVector } from './embed-query.js';
import { FUSION_DEPTH_PER_FACT, searchFactsWithVectors } from './search-facts.js';
import { searchTurnsWithVectors } from './search-turns.js';
import type { StackContext } from './stack-context.js';

/**
 * Which stored turns the model sees already, so that turn recall brings back only older ones: recall searches the
 * turns before `beforeTurnId` (all of them when undefined) and drops any whose text is in `visible`. Null: every
 * stored turn is in view, nothing to recall.
 */
export type RecallWindow = { beforeTurnId: number | undefined; visible?: ReadonlySet<string> } | null;

export type ScoredFact = Fact & { score: number | null };

/** What memory a turn gets, read from the store: the session, the facts for the message, the recalled turns. */
export interface GatheredMemory {
  handle: SessionHandle;
  snapshot: SessionSnapshot | null;
  /** The facts to inject, with their ranking score (null when they were chosen by recency). */
  facts: ScoredFact[];
  source: FactsSource;
  recalled: RecalledTurn[];
  /** The whole pin, rendered as the API shows it (`renderPin`, not attributed), or null. */
  pinned: string | null;
  /**
   * The cache-aware split of the pin (`splitPinForCache`): the text for the system prompt, the clarifications for
   * the recap, and whether this turn places a new system pin. Null without a pin.
   */
  split: ReturnType<typeof splitPinForCache> | null;
  /**
   * The pin as a prompt shows it: `system`, the whole pin (for a layout that places it whole), attributed in a
   * shared conversation; `recap`, what the recap says of it (`buildRecap`'s `task`, `clarifications`, `pinLines`).
   */
  prompt: {
    system: string | null;
    recap: { task: string | null; clarifications: string[]; pinLines: string[] | undefined };
  };
}

/**
 * The hot path's reads, shared by `prepare` (memstack's history) and `decorate` (the caller's): one session read, one
 * fact search, one turn search when recall is on. No model call, no write.
 */
export async function gatherMemory(
  context: StackContext,
  scope: CheckedScope,
  text: string,
  window: (snapshot: SessionSnapshot) => RecallWindow,
  options: { splitPin: boolean },
): Promise<GatheredMemory> {
  const { limits } = context;
  const { agentId, userId } = scope;
  const handle = deriveSessionHandle(scope);
  // One query for the facts and the older turns.
  const query = buildFactQuery(text);
  // With an embedder, the message's vector is asked for at once, beside the session read (it never rejects); a
  // message with nothing to search for gets none (no facts by relevance, as without an embedder).
  const vector = startQueryVector(context, handle.key, text, query);
  // The fact search does not wait for the session read (over a network, each is a round trip): it starts with the
  // number of facts a conversation of one user gets, and the turn search follows the session read beside it.
  const read = context.store.sessions.read(handle.key, { maxTurns: limits.historyMaxTurns });
  const searched = chooseFacts(context, { agentId, userId }, text, query, limits.factsTopK, vector);
  const snapshot = await read.catch((error: unknown) => {
    searched.catch(() => undefined);
    throw error;
  });
  const session = snapshot?.session ?? null;
  // In a conversation other people take part in, a user's personal facts would reach them through the reply: they
  // are injected only as far as the caller allows it (sharedSessionFactsTopK, 0 by default), found by a search of
  // that many (the first search's results are dropped, once it has ended).
  const shared = session !== null && (session.shared || session.firstUserId !== (userId ?? null));
  const topK =
    shared && userId !== undefined ? Math.min(limits.factsTopK, limits.sharedSessionFactsTopK) : limits.factsTopK;
  const chosen =
    topK === limits.factsTopK
      ? searched
      : Promise.all([
          searched.catch(() => undefined),
          chooseFacts(context, { agentId, userId }, text, query, topK, vector),
        ]).then(([, facts]) => facts);
  const [{ facts, source }, recalled] = await Promise.all([
    chosen,
    snapshot ? recallTurns(context, snapshot, text, query, window(snapshot), vector) : [],
  ]);
  const pin = session?.pin ?? null;
  const stored = session?.systemPin ? { text: session.systemPin.text, at: session.systemPin.at.getTime() } : null;
  // Anyone may speak in a channel or a thread: what its pin says is framed as its participants' words (decision 27).
  const attributed = isSharedConversation(scope);
  const split =
    pin && options.splitPin
      ? splitPinForCache(
          pin,
          stored,
          (snapshot?.turns ?? []).map((turn) => turn.createdAt.getTime()),
          context.now().getTime(),
          { attributed },
        )
      : null;
  // The seed layout shows the whole pin in the system prompt and the task alone in the recap.
  const recent = split ? split.recent : [];
  const prompt: GatheredMemory['prompt'] = {
    system: pin ? renderPin(pin, { attributed }) : null,
    recap: {
      task: pin?.task ?? null,
      clarifications: recent.map((clarification) => clarification.text),
      pinLines:
        pin && attributed
          ? pinLines(pin, recent, truncateGraphemes(pin.task, context.limits.recapTaskMaxChars))
          : undefined,
    },
  };
  return { handle, snapshot, facts, source, recalled, pinned: pin ? renderPin(pin) : null, split, prompt };
}

async function chooseFacts(
  context: StackContext,
  scope: { agentId: string; userId: string | undefined },
  text: string,
  query: FactQuery,
  topK: number,
  vector: Promise<Float32Array | null> | null,
): Promise<{ facts: ScoredFact[]; source: FactsSource }> {
  const { limits } = context;
  const options = { topK, tokenBudget: limits.factsTokenBudget, count: context.countTokens };
  // Small talk ("thanks!", "ok", "👍", in any language) has nothing to search for and asks for nothing: no facts.
  if (topK === 0 || !isSubstantive(stripSenderMetadata(text))) return { facts: [], source: 'relevance' };
  const ranked = await searchFactsWithVectors(context, scope, text, topK * FUSION_DEPTH_PER_FACT, query, vector);
  if (ranked !== null) return { facts: selectFacts(ranked, options), source: 'relevance' };
  // Content but no usable term ("what did we decide?", "go on with it"): the most recently used facts, and the turn
  // says so.
  const recent = await context.store.facts.recent(scope, { limit: topK * 4 });
  return { facts: selectFacts(recent, options).map((fact) => ({ ...fact, score: null })), source: 'recency' };
}

/** How many more hits to ask for when some may be in view already (and dropped). */
const VISIBLE_MARGIN = 8;

/** Turn recall: the session's turns out of the model's view that best match the message, cut to snippets. */
async function recallTurns(
  context: StackContext,
  snapshot: SessionSnapshot,
  text: string,
  query: FactQuery,
  window: RecallWindow,
  vector: Promise<Float32Array | null> | null,
): Promise<RecalledTurn[]> {
  const { turnRecall, turnRecallTokenBudget } = context.limits;
  if (turnRecall === 0 || turnRecallTokenBudget === 0 || window === null) return [];
  const visible = window.visible;
  const limit = visible ? turnRecall + VISIBLE_MARGIN : turnRecall;
  const found = await searchTurnsWithVectors(
    context,
    snapshot.session.key,
    text,
    { limit, beforeTurnId: window.beforeTurnId, query },
    vector,
  );
  const hidden = (visible ? found.filter(({ turn }) => !visible.has(turn.text)) : found).slice(0, turnRecall);
  if (hidden.length === 0) return [];
  return fitRecalledTurns(
    hidden.map(({ turn }) => ({ id: turn.id, role: turn.role, text: turn.text, createdAt: turn.createdAt })),
    { terms: [...query.words, ...query.cjk], tokenBudget: turnRecallTokenBudget, count: context.countTokens },
  );
}
