import { z } from 'zod';
import { serializeSentPrompt } from '../core/prompt/serialize-sent-prompt.js';
import { driftScore } from '../core/task/drift-score.js';
import { conversationText } from '../core/wire/conversation-text.js';
import type { ChatPath } from '../spec/chat-model.js';
import type { AnthropicBlock } from '../spec/conversation.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { ExchangeIds } from '../spec/memory-store.js';
import type { PreparedTurn } from '../spec/prepared-turn.js';
import type { SentPrompt, StoredSentPrompt } from '../spec/turn-trace.js';
import type { Usage } from '../spec/usage.js';
import { checkMessage } from './check-message.js';
import { countTokensInSlices } from './count-tokens-in-slices.js';
import type { RecordedToolStep, RecordedTurn, RecordInput } from './memory-stack.js';
import type { PreparedState, StackContext } from './stack-context.js';
import { addUsage } from './tool-loops.js';
import type { CacheParts } from './track-cache-miss.js';

/**
 * Persists the user's raw message (never the recap) and the reply in one transaction, then schedules extraction.
 * Extraction can fail or hang without this call noticing.
 */
export async function recordTurn(
  context: StackContext,
  prepared: object,
  reply: RecordInput,
): Promise<RecordedTurn | RecordedToolStep> {
  const state = typeof prepared === 'object' && prepared !== null ? context.prepared.get(prepared) : undefined;
  if (!state) {
    throw new InvalidInputError(
      'NOT_PREPARED_HERE',
      'prepared',
      'record() takes a PreparedTurn returned by this stack',
    );
  }
  if (state.recorded) throw new InvalidInputError('ALREADY_RECORDED', 'prepared', 'this turn was already recorded');
  if (typeof reply !== 'object' || reply === null) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'reply', 'record() takes { text, usage? } as its second argument');
  }
  const content = checkContent(reply.content);
  const toolStep = state.decorated === true && content?.some((block) => block.type === 'tool_use') === true;
  const said = replyText(reply.text, content, state.decorated === true);
  const stepText = said === '' ? '' : checkMessage(said, 'text', context.limits.maxMessageChars);
  const replyUsage = checkUsage(reply.usage);
  const replyPath = checkPath(reply.path);
  state.recorded = true;
  // The copy taken at prepare: the caller's object may have been changed since.
  const turn = state.turn;
  const { input, session } = turn;
  if (state.alreadyRecorded) {
    return { toolStep: false, ...state.alreadyRecorded, extractionScheduled: false, alreadyRecorded: true };
  }
  const at = context.now();
  // The simulator runs for every turn, so that its cache state follows the session even when figures are given.
  // Counted once (memoized), and apart from the write: a 200,000-character reply is counted a slice at a time, and
  // the event loop runs between the slices and before the transaction.
  const stepTokens = await countTokensInSlices(context.countTokens, stepText);
  const known = knownCounts(turn);
  for (const [text, tokens] of state.knownCounts ?? []) known.set(text, tokens);
  known.set(stepText, stepTokens);
  const estimate = context.estimateUsage(session.key, turn.request, stepText, at, known);
  // Every request, tool steps included, so that the comparison is always with the one sent just before.
  const cacheMiss = context.explainCacheMiss(session.key, turn.request, cacheParts(context, state), at);
  const stepUsage = replyUsage ?? estimate;
  const step = { text: stepText, usage: stepUsage, fromProvider: replyUsage !== undefined };
  if (toolStep) return { toolStep: true, steps: context.toolLoops.add(session.key, input.text, step).steps };
  // A tool loop's final answer: the exchange is the whole loop, what was said along the way and the usage of every
  // step.
  const loop = state.decorated ? context.toolLoops.peek(session.key, input.text) : undefined;
  const texts = [...(loop?.texts ?? []), ...(stepText === '' ? [] : [stepText])];
  const fullText =
    texts.length > 0
      ? checkMessage(texts.join('\n\n'), 'text', context.limits.maxMessageChars)
      : conversationText.placeholder((content ?? []).map((block) => block.type));
  const replyTokens = loop ? await countTokensInSlices(context.countTokens, fullText) : stepTokens;
  const usage = loop ? addUsage(loop.usage, stepUsage) : stepUsage;
  const fromProvider = step.fromProvider && (loop?.fromProvider ?? true);
  const memory = memoryTokens(turn);
  let ids: ExchangeIds;
  try {
    ids = await context.store.sessions.appendExchange({
      session: {
        key: session.key,
        uuid: session.uuid,
        agentId: input.agentId,
        channelId: input.channelId || null,
        threadId: input.threadId || null,
      },
      userId: input.userId ?? null,
      // Counted by prepare already (the message as sent: the same text, unless a wrapper tag in it was escaped).
      user: { text: input.text, tokens: turn.tokens.message },
      assistant: {
        text: fullText,
        tokens: replyTokens,
        usage,
        path: replyPath,
        memoryTokens: memory,
        cacheMiss,
      },
      taskSource: state.taskSourceNeeded,
      systemPin: state.systemPin,
      injectedFactIds: turn.facts.map((fact) => fact.id),
      trace: {
        trace: {
          via: state.decorated ? 'decorate' : 'prepare',
          factsSource: turn.factsSource,
          facts: turn.facts.map(({ id, text, score }) => ({ id, text, score })),
          recalled: turn.recalled.map((recalled) => recalled.id),
          tokens: turn.tokens,
          usageSource: fromProvider ? 'provider' : 'estimate',
          steps: (loop?.steps ?? 0) + 1,
          droppedBreakpoints: state.droppedBreakpoints ?? [],
        },
        sent: context.keepRequests ? keptRequest(state.sent) : null,
      },
      ...(context.queue.durable ? { extraction: { previousTurnId: state.previousTurn?.id ?? null } } : {}),
      // Copies of this request sent at once, or retried: the store keeps one, deciding where the copies meet.
      once: state.once,
      at,
    });
  } catch (error) {
    state.recorded = false;
    throw error;
  }

  // Only now, once the exchange is stored: a failed write leaves the loop's steps for the retry.
  if (loop) context.toolLoops.end(session.key, input.text);
  const { userTurnId, assistantTurnId } = ids;
  // Another copy of this request was stored first: as for a retry known when the turn was read, nothing more to do.
  if (ids.alreadyStored === true) {
    return { toolStep: false, userTurnId, assistantTurnId, extractionScheduled: false, alreadyRecorded: true };
  }
  context.emit({
    type: 'usage',
    sessionKey: session.key,
    source: fromProvider ? 'provider' : 'estimate',
    usage,
    memoryTokens: memory,
    cacheMiss,
  });
  const drift = driftScore(fullText, { pinned: turn.pinned, facts: turn.facts.map((fact) => fact.text) });
  if (drift) context.emit({ type: 'drift', sessionKey: session.key, ...drift });

  // The job is data: the worker reads the turns back from the store. A durable queue stored it with the exchange.
  const extractionScheduled = context.queue.schedule(
    {
      kind: 'extract',
      sessionKey: session.key,
      previousTurnId: state.previousTurn?.id ?? null,
      userTurnId,
      throughTurnId: assistantTurnId,
    },
    { stored: context.queue.durable },
  );
  if (!extractionScheduled) context.emit({ type: 'extraction-skipped', sessionKey: session.key, reason: 'queue-full' });
  return { toolStep: false, userTurnId, assistantTurnId, extractionScheduled, alreadyRecorded: false };
}

/** What the request placed in its cached prefix, apart from the history (see `CacheBasis`). */
function cacheParts(context: StackContext, state: PreparedState): CacheParts {
  const { summary, pin, system } = state.cacheParts;
  const seed = context.layout === 'seed' && !state.decorated;
  return {
    layout: state.decorated ? `decorate-${state.sent.format}` : context.layout,
    system: system ?? context.systemPrompt,
    summary,
    pin,
    // Only the seed layout puts the facts in the system prompt; the others send them in the uncached recap.
    facts: seed ? state.turn.facts.map((fact) => fact.text).join('\n') : null,
  };
}

/** The request as a store keeps it; null when it cannot be written as JSON (a caller's block that refers to itself). */
function keptRequest(sent: SentPrompt): StoredSentPrompt | null {
  try {
    return serializeSentPrompt(sent);
  } catch {
    return null;
  }
}

/**
 * The reply's text: `text`, or the text blocks of `content` when `text` is empty. Only a decorated turn's reply may
 * have no text at all (tool calls alone); `prepare`'s turns need one, as before.
 */
function replyText(text: unknown, content: readonly AnthropicBlock[] | undefined, decorated: boolean): string {
  if (typeof text !== 'string') throw new InvalidInputError('INVALID_ARGUMENT', 'text', 'text must be a string');
  if (text.trim() !== '') return text;
  const fromContent = content ? conversationText.blocks(content) : '';
  if (fromContent.trim() !== '' || (decorated && content !== undefined)) return fromContent;
  throw new InvalidInputError('EMPTY_MESSAGE', 'text', 'text is empty');
}

const contentSchema = z.array(z.looseObject({ type: z.string() }));

function checkContent(value: unknown): AnthropicBlock[] | undefined {
  if (value === undefined) return undefined;
  if (!contentSchema.safeParse(value).success) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'content', 'content is an array of content blocks ({ type, ... })');
  }
  return value as AnthropicBlock[];
}

/**
 * The token count of the current message's block (recap and message), known from prepare's breakdown, so that the
 * usage estimate does not count a long message a second time.
 */
function knownCounts(turn: PreparedTurn): Map<string, number> {
  const text = turn.request.messages.at(-1)?.content.at(-1)?.text;
  if (text === undefined) return new Map();
  const { recap, facts, recalled, message } = turn.tokens;
  return new Map([[text, recap + facts + recalled + message]]);
}

function memoryTokens(prepared: PreparedTurn): number {
  const { pin, summary, recap, facts, recalled } = prepared.tokens;
  return pin + summary + recap + facts + recalled;
}

const usageSchema = z
  .object({
    inputTokens: z.number().int().nonnegative().optional(),
    outputTokens: z.number().int().nonnegative().optional(),
    cacheReadInputTokens: z.number().int().nonnegative().optional(),
    cacheCreationInputTokens: z.number().int().nonnegative().optional(),
  })
  .strip();

/** A provider's usage figures as given to `record`: absent, or non-negative integers (anything else is an error). */
function checkUsage(value: unknown): Usage | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = usageSchema.safeParse(value);
  if (!parsed.success) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'usage', 'usage holds non-negative integer token counts only');
  }
  return parsed.data;
}

const PATHS: ReadonlySet<unknown> = new Set<ChatPath>(['api', 'new-handle', 'resumed', 'fallback-history']);

function checkPath(value: unknown): ChatPath | undefined {
  if (value === undefined) return undefined;
  if (!PATHS.has(value)) throw new InvalidInputError('INVALID_ARGUMENT', 'path', `unknown chat path ${String(value)}`);
  return value as ChatPath;
}
