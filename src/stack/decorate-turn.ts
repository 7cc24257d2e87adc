import { buildRecap } from '../core/prompt/build-recap.js';
import { systemSections } from '../core/prompt/system-sections.js';
import { totalTokenBreakdown } from '../core/prompt/total-token-breakdown.js';
import { findQuestion } from '../core/task/find-question.js';
import { cleanText } from '../core/text/clean-text.js';
import { conversationText } from '../core/wire/conversation-text.js';
import { decorateAnthropicRequest, findCurrentTurn } from '../core/wire/decorate-anthropic-request.js';
import { decorateOpenaiRequest, findCurrentOpenaiTurn } from '../core/wire/decorate-openai-request.js';
import { findStoredCopy } from '../core/wire/find-stored-copy.js';
import { requestKeyParts } from '../core/wire/request-key-parts.js';
import type {
  AnthropicConversation,
  AnthropicMessage,
  OpenaiConversation,
  OpenaiMessage,
} from '../spec/conversation.js';
import type { DecoratedTurn } from '../spec/decorated-turn.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { SessionSnapshot } from '../spec/memory-store.js';
import type { MemoryBreakpoint, PreparedRequest, PreparedTurn, TextBlock } from '../spec/prepared-turn.js';
import type { SentPrompt } from '../spec/turn-trace.js';
import { checkConversation } from './check-conversation.js';
import { checkMessage } from './check-message.js';
import { checkScope } from './check-scope.js';
import { countTokensInSlices } from './count-tokens-in-slices.js';
import { estimateRequest } from './estimate-request.js';
import { exchangeOnce } from './exchange-once.js';
import { gatherMemory, type RecallWindow } from './gather-memory.js';
import type { DecorateInput, DecorateOpenaiInput } from './memory-stack.js';
import { preparedState } from './prepared-state.js';
import type { StackContext } from './stack-context.js';

/** Longer texts are counted a slice at a time (`countTokensInSlices`); their counts are kept for `record`. */
const LONG_TEXT = 8192;

/** The caller's conversation reduced to what memory needs, whatever its shape. */
interface Conversation {
  /** The current turn's text, as it will be stored. */
  text: string;
  /** The texts of the earlier user and assistant messages (cleaned as stored turns are). */
  visible: Set<string>;
  /** The text of the last assistant message before the current turn, if any (the question it may answer). */
  previousReply: string | undefined;
  /** What the caller sent up to the current turn (its system prompt, the messages up to it), for the request's key. */
  sent: string[];
  /** What the request costs apart from memory, as texts: the system prompt, and the history before the turn. */
  systemText: string;
  historyTexts: string[];
}

/**
 * Memory around a conversation the caller owns: its system prompt and messages with the pin and the recap added
 * (see `decorateAnthropicRequest`, `decorateOpenaiRequest`), and what memory went in. The same reads as `prepare`;
 * nothing of the caller's history is stored: which turns the session holds is the store's to say, so a client that
 * resends, edits or drops earlier messages changes nothing stored. Only the current turn is recorded, by `record`.
 */
export async function decorateTurn(
  context: StackContext,
  input: DecorateInput | DecorateOpenaiInput,
): Promise<DecoratedTurn<AnthropicConversation | OpenaiConversation>> {
  // The messages are the caller's own type (an SDK's, often); checked here against the shape memstack reads.
  const format = input.format ?? 'anthropic';
  if (format !== 'anthropic' && format !== 'openai') {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'format',
      `unknown format "${String(format)}": use 'anthropic' or 'openai'`,
    );
  }
  const scope = checkScope(input);
  const anthropic = format === 'anthropic' ? checkConversation.anthropic(input as DecorateInput) : null;
  const openai = format === 'openai' ? checkConversation.openai(input) : null;
  const conversation = anthropic ? readAnthropic(context, anthropic) : readOpenai(context, openai ?? []);
  const { text, visible } = conversation;
  const memory = await gatherMemory(context, scope, text, recallWindow(visible, context.limits.historyMaxTurns), {
    splitPin: true,
  });
  const { snapshot, split, pinned, facts, recalled, prompt } = memory;
  const recap = buildRecap({
    ...prompt.recap,
    facts: facts.map((fact) => fact.text),
    recalled,
    taskMaxChars: context.limits.recapTaskMaxChars,
  });
  const placed = split ? (split.system?.text ?? null) : prompt.system;
  const pinSection = placed ? systemSections.pin(placed) : '';
  const notes = { pin: pinSection, recap: recap.block };

  let request: AnthropicConversation | OpenaiConversation;
  let currentTurn: number;
  let droppedBreakpoints: MemoryBreakpoint[] = [];
  let estimate: PreparedRequest;
  if (anthropic) {
    const decorated = decorateAnthropicRequest(anthropic, notes);
    // The caller's system blocks as they were (their breakpoints are theirs), and memstack's pin.
    const anthropicRequest = { system: decorated.system as TextBlock[], messages: decorated.messages };
    request = anthropicRequest;
    ({ currentTurn, droppedBreakpoints } = decorated);
    estimate = estimateRequest.anthropic(anthropicRequest);
  } else {
    const decorated = decorateOpenaiRequest(openai ?? [], notes);
    request = { messages: decorated.messages };
    currentTurn = decorated.currentTurn;
    estimate = estimateRequest.openai(decorated.messages);
  }

  const count = context.countTokens;
  const messageTokens = await countTokensInSlices(count, text);
  // The caller's history may hold tool results of any size: each part counted a slice at a time, as the message is.
  let historyTokens = 0;
  const knownCounts = new Map<string, number>();
  for (const part of conversation.historyTexts) {
    const tokens = await countTokensInSlices(count, part);
    historyTokens += tokens;
    // For record's usage estimate, which counts every block of the request: not a second, unsliced, pass.
    if (part.length > LONG_TEXT) knownCounts.set(part, tokens);
  }
  const systemTokens = await countTokensInSlices(count, conversation.systemText);
  // No summary: the caller's transcript is the history.
  const tokens = totalTokenBreakdown({
    summary: 0,
    system: systemTokens,
    pin: count(pinSection),
    recap: count(recap.frameText),
    facts: count(recap.factsText),
    recalled: count(recap.recalledText),
    history: historyTokens,
    message: messageTokens,
  });
  const { agentId, channelId, threadId, userId } = scope;
  const turn: PreparedTurn = {
    request: estimate,
    session: { key: memory.handle.key, uuid: memory.handle.uuid, isNew: snapshot === null },
    pinned,
    facts: facts.map(({ id, text: factText, score }) => ({ id, text: factText, score })),
    factsSource: memory.source,
    tokens,
    input: { agentId, channelId, threadId, userId, text },
    answersQuestion: conversation.previousReply === undefined ? null : findQuestion(conversation.previousReply),
    recalled,
  };
  // Copies of one request are one turn (decision 26): a retry of a call that was recorded is known here already.
  // A user id cannot be blank (checkScope): '' is none.
  const once = exchangeOnce(context, snapshot, () => ['decorate', format, userId ?? '', ...conversation.sent]);
  const alreadyRecorded = findStoredCopy(snapshot?.turns ?? [], once);
  // The current turn's first text, as the estimate sees it (recap and message): counted already, in parts.
  const current = firstText(request.messages[currentTurn]);
  if (current !== undefined && current.length > LONG_TEXT) {
    knownCounts.set(current, tokens.recap + tokens.facts + tokens.recalled + tokens.message);
  }
  const decorated: DecoratedTurn<AnthropicConversation | OpenaiConversation> = {
    request,
    session: { ...turn.session },
    pinned,
    facts: turn.facts.map((fact) => ({ ...fact })),
    factsSource: turn.factsSource,
    tokens: { ...tokens },
    input: { ...turn.input },
    answersQuestion: turn.answersQuestion,
    recalled: recalled.map((recalledTurn) => ({ ...recalledTurn })),
    currentTurn,
    droppedBreakpoints,
    alreadyRecorded: alreadyRecorded !== undefined,
    memory: { ...notes },
  };
  context.prepared.set(
    decorated,
    preparedState(turn, memory, text, sentPrompt(format, request, currentTurn), once, {
      decorated: true,
      alreadyRecorded,
      knownCounts,
      droppedBreakpoints,
      systemText: conversation.systemText,
    }),
  );
  return decorated;
}

function readAnthropic(
  context: StackContext,
  conversation: ReturnType<typeof checkConversation.anthropic>,
): Conversation {
  const { messages, system } = conversation;
  const current = findCurrentTurn(messages);
  const message = messages[current];
  if (message === undefined) throw noUserTurn();
  const blocks = typeof message.content === 'string' ? [] : message.content;
  const text = storedText(
    context,
    conversationText.anthropic(message),
    blocks.map((block) => block.type),
  );
  const systemText = typeof system === 'string' ? system : (system ?? []).map((block) => block.text).join('\n\n');
  const visible = new Set<string>();
  const historyTexts: string[] = [];
  let previousReply: string | undefined;
  messages.forEach((earlier, index) => {
    if (index === current) return;
    if (typeof earlier.content === 'string') historyTexts.push(earlier.content);
    else for (const block of earlier.content) historyTexts.push(conversationText.anthropicBlockCost(block));
    if (index > current) return;
    const said = conversationText.anthropic(earlier);
    if (said === '') return;
    visible.add(cleanText(said));
    if (earlier.role === 'assistant') previousReply = said;
  });
  const sent = [systemText, ...messages.slice(0, current + 1).flatMap(requestKeyParts.anthropic)];
  return { text, visible, previousReply, sent, systemText, historyTexts };
}

function readOpenai(context: StackContext, messages: ReturnType<typeof checkConversation.openai>): Conversation {
  const current = findCurrentOpenaiTurn(messages);
  const message = messages[current];
  if (message === undefined) throw noUserTurn();
  const parts = Array.isArray(message.content) ? message.content : [];
  const text = storedText(
    context,
    conversationText.openai(message),
    parts.map((part) => part.type),
  );
  const systemTexts: string[] = [];
  const visible = new Set<string>();
  const historyTexts: string[] = [];
  let previousReply: string | undefined;
  messages.forEach((earlier, index) => {
    if (index === current) return;
    const cost = conversationText.openaiCost(earlier);
    if (earlier.role === 'system' || earlier.role === 'developer') systemTexts.push(cost);
    else historyTexts.push(cost);
    if (index > current || (earlier.role !== 'user' && earlier.role !== 'assistant')) return;
    const said = conversationText.openai(earlier);
    if (said === '') return;
    visible.add(cleanText(said));
    if (earlier.role === 'assistant') previousReply = said;
  });
  const sent = messages.slice(0, current + 1).flatMap(requestKeyParts.openai);
  return { text, visible, previousReply, sent, systemText: systemTexts.join('\n\n'), historyTexts };
}

/** The turn's text as stored: its text, or for a turn without any (an image alone) a stand-in naming its blocks. */
function storedText(context: StackContext, text: string, types: readonly string[]): string {
  const said = text.trim() === '' ? conversationText.placeholder(types) : text;
  return checkMessage(said, 'messages', context.limits.maxMessageChars);
}

function noUserTurn(): InvalidInputError {
  return new InvalidInputError(
    'INVALID_ARGUMENT',
    'messages',
    'messages hold no user turn (a user message with more than tool results) to add memory to',
  );
}

/**
 * Turn recall over what the caller's messages do not show: the stored turns are matched to the caller's by text,
 * and the search covers the turns before the newest run of shown ones (and drops any shown turn it finds).
 */
function recallWindow(
  visible: ReadonlySet<string>,
  historyMaxTurns: number,
): (snapshot: SessionSnapshot) => RecallWindow {
  return ({ session, turns }) => {
    let start = turns.length;
    while (start > 0 && visible.has((turns[start - 1] as SessionSnapshot['turns'][number]).text)) start -= 1;
    const complete = session.summaryThroughTurnId === 0 && turns.length < historyMaxTurns;
    if (start === 0 && complete) return null;
    return { beforeTurnId: start < turns.length ? turns[start]?.id : undefined, visible };
  };
}

/**
 * The request as sent, for the turn's trace: the system prompt (for OpenAI, the system and developer messages that
 * open the list, memstack's pin among them), how many messages came before the current turn, and the current turn
 * with what follows it. The arrays are copied, so that a caller who pushes the reply onto its list changes nothing.
 */
function sentPrompt(
  format: 'anthropic' | 'openai',
  request: AnthropicConversation | OpenaiConversation,
  currentTurn: number,
): SentPrompt {
  const current = request.messages.slice(currentTurn);
  if (format === 'anthropic' && 'system' in request) {
    return { format: 'anthropic', system: [...request.system], earlierMessages: currentTurn, current };
  }
  let opening = 0;
  while (opening < currentTurn && isSystemRole(request.messages[opening]?.role)) opening += 1;
  const system = request.messages.slice(0, opening);
  return { format: 'openai', system, earlierMessages: currentTurn - opening, current };
}

const isSystemRole = (role: unknown): boolean => role === 'system' || role === 'developer';

/** The first text of a message of either shape (its string content, or its first text block or part). */
function firstText(message: AnthropicMessage | OpenaiMessage | undefined): string | undefined {
  const content = message?.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const block = content.find((item) => item.type === 'text') as { text?: unknown } | undefined;
  return typeof block?.text === 'string' ? block.text : undefined;
}
