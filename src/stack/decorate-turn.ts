import { buildRecap } from '../core/prompt/build-recap.js';
import { systemSections } from '../core/prompt/system-sections.js';
import { totalTokenBreakdown } from '../core/prompt/total-token-breakdown.js';
import { findQuestion } from '../core/task/find-question.js';
import { cleanText } from '../core/text/clean-text.js';
import { conversationText } from '../core/wire/conversation-text.js';
import { findStoredCopy } from '../core/wire/find-stored-copy.js';
import { DEFAULT_WIRE_FORMAT, wireFormats } from '../core/wire/wire-formats.js';
import type { DecoratedTurn } from '../spec/decorated-turn.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { SessionSnapshot } from '../spec/memory-store.js';
import type { PreparedTurn } from '../spec/prepared-turn.js';
import { checkMessage } from './check-message.js';
import { checkScope } from './check-scope.js';
import { countTokensInSlices } from './count-tokens-in-slices.js';
import { exchangeOnce } from './exchange-once.js';
import { gatherMemory, type RecallWindow } from './gather-memory.js';
import type { AnyDecorateInput } from './memory-stack.js';
import { preparedState } from './prepared-state.js';
import type { StackContext } from './stack-context.js';

/** Longer texts are counted a slice at a time (`countTokensInSlices`); their counts are kept for `record`. */
const LONG_TEXT = 8192;

/**
 * Memory around a conversation the caller owns: its system prompt and messages with the pin and the recap added
 * (placed by the format's module, `wireFormats`), and what memory went in. The same reads as `prepare`;
 * nothing of the caller's history is stored: which turns the session holds is the store's to say, so a client that
 * resends, edits or drops earlier messages changes nothing stored. Only the current turn is recorded, by `record`.
 */
export async function decorateTurn(context: StackContext, input: AnyDecorateInput): Promise<DecoratedTurn<unknown>> {
  const format = input.format ?? DEFAULT_WIRE_FORMAT;
  const wire = Object.hasOwn(wireFormats, format) ? wireFormats[format as keyof typeof wireFormats] : undefined;
  if (wire === undefined) {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'format',
      `unknown format "${String(format)}": use ${Object.keys(wireFormats)
        .map((name) => `'${name}'`)
        .join(', ')}`,
    );
  }
  const scope = checkScope(input);
  // The request is the caller's own type (an SDK's, often); checked here against the shape memstack reads.
  const checked = wire.check(input as unknown as Record<string, unknown>);
  const conversation = wire.read(checked);
  if (conversation === undefined) throw noUserTurn();
  const text = storedText(context, conversation.text, conversation.types);
  const visible = new Set(conversation.visible.map(cleanText));
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

  const { request, currentTurn, droppedBreakpoints } = wire.place(checked, notes);
  const estimate = wire.estimate(request);

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
  const current = wire.currentText(request, currentTurn);
  if (current !== undefined && current.length > LONG_TEXT) {
    knownCounts.set(current, tokens.recap + tokens.facts + tokens.recalled + tokens.message);
  }
  const decorated: DecoratedTurn<unknown> = {
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
    preparedState(turn, memory, text, wire.sentPrompt(request, currentTurn), once, {
      decorated: true,
      alreadyRecorded,
      knownCounts,
      droppedBreakpoints,
      systemText: conversation.systemText,
    }),
  );
  return decorated;
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
