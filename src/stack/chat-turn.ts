import type { ChatModel } from '../spec/chat-model.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { ChatOptions, ChatTurn, PrepareInput } from './memory-stack.js';
import { prepareTurn } from './prepare-turn.js';
import { recordTurn } from './record-turn.js';
import type { StackContext } from './stack-context.js';

/**
 * prepare → model → record. The model gets the state it left for this session last turn (the Claude CLI's handle
 * generation, for one) and its new state is stored once the turn is recorded. A model error fails the turn and
 * records nothing; memory failures never do.
 */
export async function chatTurn(
  context: StackContext,
  input: PrepareInput,
  model: ChatModel,
  options: ChatOptions = {},
): Promise<ChatTurn> {
  if (typeof model?.chat !== 'function') {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'model',
      'chat() takes a ChatModel, e.g. anthropicModel({ model })',
    );
  }
  const prepared = await prepareTurn(context, input);
  const preparedState = context.prepared.get(prepared);
  const state = preparedState?.modelState[model.provider] ?? null;
  const result = await model.chat({
    request: prepared.request,
    session: { key: prepared.session.key, uuid: prepared.session.uuid },
    state,
    historyVersion: preparedState?.historyVersion ?? 0,
    signal: options.signal,
    onText: options.onText,
    maxTokens: options.maxTokens,
  });
  await recordTurn(context, prepared, { text: result.text, usage: result.usage, path: result.path });
  if (result.state !== undefined) {
    await context.store.sessions.update(prepared.session.key, {
      modelState: { provider: model.provider, state: result.state },
    });
  }
  context.emit({
    type: 'chat-completed',
    sessionKey: prepared.session.key,
    provider: model.provider,
    modelId: model.modelId,
    path: result.path,
    usage: result.usage,
  });
  return { text: result.text, usage: result.usage, prepared, path: result.path };
}
