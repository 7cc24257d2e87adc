import { assemblePrompt } from '../core/assemble-prompt.js';
import { buildFactQuery } from '../core/build-fact-query.js';
import { countPromptTokens } from '../core/count-prompt-tokens.js';
import { deriveSessionHandle } from '../core/derive-session-handle.js';
import { findQuestion } from '../core/find-question.js';
import { fitRecalledTurns } from '../core/fit-recalled-turns.js';
import { formatHistoryTurn } from '../core/format-history-turn.js';
import { isSubstantive } from '../core/is-substantive.js';
import { renderPin } from '../core/render-pin.js';
import { selectFacts } from '../core/select-facts.js';
import { splitPinForCache } from '../core/split-pin-for-cache.js';
import { stripSenderMetadata } from '../core/strip-sender-metadata.js';
import type { Fact } from '../spec/fact.js';
import type { FactQuery, SessionSnapshot, TurnRecord } from '../spec/memory-store.js';
import type { FactsSource, PreparedTurn, RecalledTurn } from '../spec/prepared-turn.js';
import { checkMessage } from './check-message.js';
import { checkScope } from './check-scope.js';
import { countTokensInSlices } from './count-tokens-in-slices.js';
import type { PrepareInput } from './memory-stack.js';
import { searchFacts } from './search-facts.js';
import { searchTurns } from './search-turns.js';
import { copyPreparedTurn, type StackContext } from './stack-context.js';

/**
 * The hot path: reads the session and the scope's facts, and lays out the request. No model call, no write.
 */
export async function prepareTurn(context: StackContext, input: PrepareInput): Promise<PreparedTurn> {
  const { limits } = context;
  const { agentId, channelId, threadId, userId } = checkScope(input);
  const handle = deriveSessionHandle({ agentId, channelId, threadId, userId });
  const text = checkMessage(input.text, 'text', limits.maxMessageChars);
  const snapshot = await context.store.sessions.read(handle.key, { maxTurns: limits.historyMaxTurns });
  const session = snapshot?.session ?? null;
  const turns = snapshot?.turns ?? [];

  const scope = { agentId, userId };
  // In a conversation other people take part in, a user's personal facts would reach them through the reply: they
  // are injected only as far as the caller allows it (sharedSessionFactsTopK, 0 by default).
  const shared = session !== null && (session.shared || session.firstUserId !== (userId ?? null));
  const topK =
    shared && userId !== undefined ? Math.min(limits.factsTopK, limits.sharedSessionFactsTopK) : limits.factsTopK;
  // One query for the facts and the older turns.
  const query = buildFactQuery(text);
  const { facts, source } = await chooseFacts(context, scope, text, query, topK);
  const recalled = snapshot ? await recallTurns(context, snapshot, text, query) : [];

  const history = turns.map((turn) => formatTurn(context, turn));
  const pin = session?.pin ?? null;
  const pinned = pin ? renderPin(pin) : null;
  // The seed layout shows the whole pin in the system prompt; the cache-aware one keeps this burst's new
  // clarifications in the recap, so that the cached prefix does not change under them.
  const stored = session?.systemPin ? { text: session.systemPin.text, at: session.systemPin.at.getTime() } : null;
  const split =
    pin && context.layout === 'cache-aware'
      ? splitPinForCache(
          pin,
          stored,
          turns.map((turn) => turn.createdAt.getTime()),
          context.now().getTime(),
        )
      : null;
  const assembled = assemblePrompt({
    layout: context.layout,
    systemPrompt: context.systemPrompt,
    pin: split ? split.system.text : pinned,
    recentClarifications: split?.recent ?? [],
    task: pin?.task ?? null,
    summary: session?.summary ?? null,
    history: history.map(({ role, text }) => ({ role, text })),
    facts: facts.map((fact) => fact.text),
    recalled,
    message: text,
    recapTaskMaxChars: limits.recapTaskMaxChars,
  });
  const historyTokens = history.reduce((sum, turn) => sum + turn.tokens, 0);
  // The message may be 200,000 characters: counted a slice at a time, the event loop running in between.
  const messageTokens = await countTokensInSlices(context.countTokens, assembled.parts.message);
  const lastTurn = turns.at(-1);

  const prepared: PreparedTurn = {
    request: assembled.request,
    session: { key: handle.key, uuid: handle.uuid, isNew: session === null },
    pinned,
    facts: facts.map(({ id, text }) => ({ id, text })),
    factsSource: source,
    tokens: countPromptTokens(assembled.parts, historyTokens, (part) =>
      part === assembled.parts.message ? messageTokens : context.countTokens(part),
    ),
    input: { agentId, channelId, threadId, userId, text },
    answersQuestion: lastTurn?.role === 'assistant' ? findQuestion(lastTurn.text) : null,
    recalled,
  };
  context.prepared.set(prepared, {
    turn: copyPreparedTurn(prepared),
    previousTurn: lastTurn ? { id: lastTurn.id, text: lastTurn.text } : undefined,
    taskSourceNeeded: (session?.taskSourceTurnId ?? null) === null && isSubstantive(stripSenderMetadata(text)),
    recorded: false,
    modelState: session?.modelState ?? {},
    historyVersion: session?.historyVersion ?? 0,
    systemPin:
      split?.placed && session
        ? { text: split.system.text, at: new Date(split.system.at), pinVersion: session.pinVersion }
        : undefined,
  });
  return prepared;
}

async function chooseFacts(
  context: StackContext,
  scope: { agentId: string; userId: string | undefined },
  text: string,
  query: FactQuery,
  topK: number,
): Promise<{ facts: Fact[]; source: FactsSource }> {
  const { limits } = context;
  const options = { topK, tokenBudget: limits.factsTokenBudget, count: context.countTokens };
  if (topK === 0) return { facts: [], source: 'relevance' };
  const ranked = await searchFacts(context, scope, text, topK * 4, query);
  if (ranked !== null) return { facts: selectFacts(ranked, options), source: 'relevance' };
  // No usable term (e.g. "ok, go ahead"): the most recently used facts, and the turn says so.
  const recent = await context.store.facts.recent(scope, { limit: topK * 4 });
  return { facts: selectFacts(recent, options), source: 'recency' };
}

/**
 * Turn recall: the session's turns older than the history window that best match the message, cut to snippets
 * within the budget. Only turns before the window's first are searched, so nothing the model already sees comes
 * back; an empty window (everything summarised) leaves the whole session to search.
 */
async function recallTurns(
  context: StackContext,
  snapshot: SessionSnapshot,
  text: string,
  query: FactQuery,
): Promise<RecalledTurn[]> {
  const { turnRecall, turnRecallTokenBudget, historyMaxTurns } = context.limits;
  if (turnRecall === 0 || turnRecallTokenBudget === 0) return [];
  const { session, turns } = snapshot;
  // Nothing summarised and the window short of its cap (a window drops at most one leading reply): every turn of
  // the session is in view, so there is nothing older to search.
  if (session.summaryThroughTurnId === 0 && turns.length + 1 < historyMaxTurns) return [];
  const found = await searchTurns(context, session.key, text, {
    limit: turnRecall,
    beforeTurnId: turns[0]?.id,
    query,
  });
  if (found.length === 0) return [];
  return fitRecalledTurns(
    found.map(({ turn }) => ({ id: turn.id, role: turn.role, text: turn.text, createdAt: turn.createdAt })),
    { terms: [...query.words, ...query.cjk], tokenBudget: turnRecallTokenBudget, count: context.countTokens },
  );
}

function formatTurn(
  context: StackContext,
  turn: TurnRecord,
): { role: TurnRecord['role']; text: string; tokens: number } {
  const cached = context.historyCache.get(turn.id);
  if (cached && cached.source === turn.text) return { role: turn.role, text: cached.text, tokens: cached.tokens };
  const { trimThreshold, trimHead, trimTail } = context.limits;
  const text = formatHistoryTurn(turn.text, { threshold: trimThreshold, head: trimHead, tail: trimTail });
  const tokens = context.tokenizer.count(text);
  if (context.historyCache.size >= 4096)
    context.historyCache.delete(context.historyCache.keys().next().value as number);
  context.historyCache.set(turn.id, { source: turn.text, text, tokens });
  return { role: turn.role, text, tokens };
}
