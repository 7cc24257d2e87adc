import type { AgentInputItem, CallModelInputFilter, ModelInputData, Session } from '@openai/agents';
import { type DecoratedTurn, type DecorateScope, deriveSessionHandle, type MemoryStack } from '../../index.js';
import { completedExchange } from './agent-item-text.js';

/** How many stored items a streamed run's completion looks back through for the user's message. */
const LOOK_BACK_ITEMS = 200;

export interface MemstackSessionOptions {
  stack: MemoryStack;
  /**
   * Whose conversation it is: the agent, and the user and thread (or channel) it belongs to, fixed for the session's
   * life (never taken from the model or the items). With neither a thread nor a channel it is the user's private
   * conversation with the agent.
   */
  scope: DecorateScope;
  /** Told of a memory failure: the pin, the recap or recording an exchange (the run itself never fails for them). */
  onError?: ((error: unknown) => void) | undefined;
}

/**
 * A `Session` of the OpenAI Agents SDK (`@openai/agents`) kept by memstack: `run(agent, input, { session,
 * callModelInputFilter: session.callModelInputFilter })`.
 *
 * - The items the SDK gives `addItems` (messages, tool calls and their outputs) are kept in the store's item log, in
 *   order, and `getItems` returns them as given; `popItem` removes the last one.
 * - When a batch of items ends with the assistant's message (a run's final output), the user's message and that reply
 *   are recorded as an exchange (`stack.record`): the pin, the summary and the facts are derived from it as from any
 *   exchange, in the background.
 * - `callModelInputFilter` (the SDK's hook before each model call) adds the pin and the recap to the instructions of
 *   the request; the input items are left as they are, so that what the SDK stores is the conversation only.
 * - `clearSession` empties the items and starts the conversation's memory over (no pin, no summary); the user's facts
 *   stay (`stack.forget` removes those).
 *
 * A memory failure (the pin, the recap, recording an exchange) never fails the run: `onError` is told. Reading and
 * writing the items is the session itself: its failure fails the call, as any session's would.
 */
export class MemstackSession implements Session {
  readonly #stack: MemoryStack;
  readonly #scope: DecorateScope;
  readonly #sessionId: string;
  readonly #onError: ((error: unknown) => void) | undefined;
  /** The turn the last model call was decorated as: the exchange it completes is recorded with it. */
  #decorated: DecoratedTurn<unknown> | undefined;

  constructor(options: MemstackSessionOptions) {
    this.#stack = options.stack;
    this.#scope = { ...options.scope };
    // Checks the scope's ids now: a session with a malformed scope is refused when it is made, not mid-run.
    this.#sessionId = deriveSessionHandle(this.#scope).key;
    this.#onError = options.onError;
  }

  async getSessionId(): Promise<string> {
    return this.#sessionId;
  }

  async getItems(limit?: number): Promise<AgentInputItem[]> {
    if (limit !== undefined && limit <= 0) return [];
    const options = limit === undefined ? undefined : { limit };
    return (await this.#stack.items.list(this.#scope, options)) as AgentInputItem[];
  }

  async addItems(items: AgentInputItem[]): Promise<void> {
    if (items.length === 0) return;
    await this.#stack.items.append(this.#scope, items);
    await this.#recordCompleted(items);
  }

  async popItem(): Promise<AgentInputItem | undefined> {
    return (await this.#stack.items.pop(this.#scope)) as AgentInputItem | undefined;
  }

  async clearSession(): Promise<void> {
    this.#decorated = undefined;
    await this.#stack.items.clear(this.#scope);
  }

  /**
   * For the run's `callModelInputFilter`: the pin and the recap appended to the instructions of each model call (the
   * input items as they are). Without memory (a failure, or nothing to add), the call goes as the SDK made it.
   */
  readonly callModelInputFilter: CallModelInputFilter = async ({ modelData }): Promise<ModelInputData> => {
    try {
      const decorated = await this.#stack.decorate<object>({
        ...this.#scope,
        format: 'openai-responses',
        instructions: modelData.instructions,
        input: modelData.input,
      });
      this.#decorated = decorated as DecoratedTurn<unknown>;
      const { pin, recap } = decorated.memory;
      const instructions = [modelData.instructions ?? '', pin, recap.trim()].filter((text) => text !== '').join('\n\n');
      return instructions === '' ? modelData : { ...modelData, instructions };
    } catch (error) {
      this.#decorated = undefined;
      this.#tell(error);
      return modelData;
    }
  };

  async #recordCompleted(items: readonly AgentInputItem[]): Promise<void> {
    try {
      const exchange = await completedExchange(items, () =>
        this.#stack.items.list(this.#scope, { limit: LOOK_BACK_ITEMS }),
      );
      if (exchange === null) return;
      const decorated = this.#decorated;
      this.#decorated = undefined;
      if (decorated !== undefined) {
        await this.#stack.record(decorated, { text: exchange.assistant });
        return;
      }
      // A run without the filter: the exchange is recorded as a prepared turn of the user's words.
      const prepared = await this.#stack.prepare({ ...this.#scope, text: exchange.user });
      await this.#stack.record(prepared, { text: exchange.assistant });
    } catch (error) {
      this.#tell(error);
    }
  }

  #tell(error: unknown): void {
    try {
      this.#onError?.(error);
    } catch {
      // A failing error handler must not fail the run either.
    }
  }
}
