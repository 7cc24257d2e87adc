import { assemblePrompt } from '../core/prompt/assemble-prompt.js';
import { countPromptTokens } from '../core/prompt/count-prompt-tokens.js';
import { formatHistoryTurn } from '../core/prompt/format-history-turn.js';
import { findQuestion } from '../core/task/find-question.js';
import type { SessionSnapshot, TurnRecord } from '../spec/memory-store.js';
import type { PreparedTurn } from '../spec/prepared-turn.js';
import { checkMessage } from './check-message.js';
import { checkScope } from './check-scope.js';
import { countTokensInSlices } from './count-tokens-in-slices.js';
import { exchangeOnce } from './exchange-once.js';
import { gatherMemory, type RecallWindow } from './gather-memory.js';
import type { PrepareInput } from './memory-stack.js';
import { preparedState } from './prepared-state.js';
import { copyPreparedTurn, type StackContext } from './stack-context.js';

/**
 * The hot path: reads the session and the scope's facts, and lays out the request. No model call, no write.
 */
export async function prepareTurn(context: StackContext, input: PrepareInput): Promise<PreparedTurn> {
  const { limits } = context;
  const scope = checkScope(input);
  const { agentId, channelId, threadId, userId } = scope;
  const text = checkMessage(input.text, 'text', limits.maxMessageChars);
  const memory = await gatherMemory(context, scope, text, recallWindow(limits.historyMaxTurns), {
    splitPin: context.layout === 'cache-aware',
  });
  const { handle, snapshot, facts, source, recalled, pinned, split, prompt } = memory;
  const session = snapshot?.session ?? null;
  const turns = snapshot?.turns ?? [];

  const history = turns.map((turn) => formatTurn(context, turn));
  // The seed layout shows the whole pin in the system prompt; the cache-aware one keeps this burst's new
  // clarifications in the recap, so that the cached prefix does not change under them.
  const assembled = assemblePrompt({
    layout: context.layout,
    systemPrompt: context.systemPrompt,
    pin: split ? (split.system?.text ?? null) : prompt.system,
    recentClarifications: prompt.recap.clarifications,
    recapPinLines: prompt.recap.pinLines,
    task: prompt.recap.task,
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
    facts: facts.map(({ id, text, score }) => ({ id, text, score })),
    factsSource: source,
    tokens: countPromptTokens(assembled.parts, historyTokens, (part) =>
      part === assembled.parts.message ? messageTokens : context.countTokens(part),
    ),
    input: { agentId, channelId, threadId, userId, text },
    answersQuestion: lastTurn?.role === 'assistant' ? findQuestion(lastTurn.text) : null,
    recalled,
  };
  const copy = copyPreparedTurn(prepared);
  const { system, messages } = copy.request;
  const sent = {
    format: 'anthropic' as const,
    system,
    earlierMessages: messages.length - 1,
    current: messages.slice(-1),
  };
  // The request is memstack's history as read and the message: copies of it are prepared before either is stored.
  const once = exchangeOnce(context, snapshot, (afterTurnId) => ['prepare', userId ?? '', String(afterTurnId), text]);
  context.prepared.set(prepared, preparedState(copy, memory, text, sent, once));
  return prepared;
}

/**
 * Only turns before the history window's first are searched, so nothing the model already sees comes back; an
 * empty window (everything summarised) leaves the whole session to search. Nothing summarised and the window short
 * of its cap (a window drops at most one leading reply): every turn is in view, nothing older to search.
 */
function recallWindow(historyMaxTurns: number): (snapshot: SessionSnapshot) => RecallWindow {
  return ({ session, turns }) =>
    session.summaryThroughTurnId === 0 && turns.length + 1 < historyMaxTurns ? null : { beforeTurnId: turns[0]?.id };
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
