import { deriveSessionHandle } from '../core/scope/derive-session-handle.js';
import { ConfigError } from '../spec/errors/config-error.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { ItemLog } from '../spec/item-log.js';
import type { SessionScope } from '../spec/scope.js';
import { checkLimit } from './check-limit.js';
import { checkScope } from './check-scope.js';
import type { StackContext } from './stack-context.js';

/** The largest item a log keeps, as JSON text in UTF-8 bytes. */
export const ITEM_MAX_BYTES = 1024 * 1024;
/** The most items one session's log keeps. */
export const SESSION_MAX_ITEMS = 10_000;

/**
 * A session's item log: the conversation as an agent framework keeps it (the OpenAI Agents SDK's items: messages,
 * tool calls and their outputs), each item stored as its JSON text and returned as it was given. Items are data:
 * memstack never reads them as instructions, nor derives memory from them (the pin and the facts come from the
 * exchanges recorded with `record`). Needs a store with an item log (`store.items`): the SQL stores have one.
 */
export interface ItemsApi {
  /** The session's last `limit` items (all of them without it), oldest first. */
  list(scope: SessionScope, options?: { limit?: number }): Promise<unknown[]>;
  /**
   * Appends the items after the session's last, in order, all or none. An item must be JSON (a value
   * `JSON.stringify` writes); one over `ITEM_MAX_BYTES` fails with `MESSAGE_TOO_LARGE`, a log that would exceed
   * `SESSION_MAX_ITEMS` with `TOO_MANY_ITEMS` (both `InvalidInputError`).
   */
  append(scope: SessionScope, items: readonly unknown[]): Promise<void>;
  /** Removes and returns the session's last item; undefined when its log is empty. */
  pop(scope: SessionScope): Promise<unknown>;
  /**
   * Empties the session's log and starts its memory of the conversation over: no pin (a new task may be pinned), no
   * summary, the stored turns out of the history (kept for search, and until `forget`). The user's facts stay.
   * Returns how many items went.
   */
  clear(scope: SessionScope): Promise<number>;
}

export function createItemsApi(context: StackContext, open: () => void): ItemsApi {
  const log = (): ItemLog => {
    open();
    const items = context.store.items;
    if (items === undefined) {
      throw new ConfigError('NOT_SUPPORTED', `the ${String(context.store.name)} store keeps no item log`);
    }
    return items;
  };
  const keyOf = (scope: SessionScope): string => deriveSessionHandle(checkScope(scope)).key;
  return {
    list: async (scope, options) => {
      const items = log();
      const key = keyOf(scope);
      const limit = options?.limit === undefined ? undefined : checkLimit(options, 0, SESSION_MAX_ITEMS);
      const stored = await items.list(key, { limit });
      return stored.map((item) => JSON.parse(item.json) as unknown);
    },
    append: async (scope, given) => {
      const items = log();
      const checked = checkScope(scope);
      if (!Array.isArray(given)) throw new InvalidInputError('INVALID_ARGUMENT', 'items', 'items must be an array');
      const texts = given.map((item, index) => itemJson(item, index));
      const sessionKey = deriveSessionHandle(checked).key;
      await items.append(
        {
          sessionKey,
          agentId: checked.agentId,
          channelId: checked.channelId ?? null,
          threadId: checked.threadId ?? null,
          userId: checked.userId ?? null,
        },
        texts,
        { maxItems: SESSION_MAX_ITEMS, at: new Date() },
      );
    },
    pop: async (scope) => {
      const items = log();
      const popped = await items.pop(keyOf(scope));
      return popped === null ? undefined : (JSON.parse(popped.json) as unknown);
    },
    clear: async (scope) => {
      const items = log();
      const removed = await items.clear(keyOf(scope), new Date());
      // What this process holds of the session's history in memory goes too (formatted history, tool loops).
      context.historyCache.clear();
      context.toolLoops.clear();
      return removed;
    },
  };
}

function itemJson(item: unknown, index: number): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(item);
  } catch {
    json = undefined;
  }
  if (json === undefined || item === null || typeof item !== 'object') {
    throw new InvalidInputError('INVALID_ARGUMENT', 'items', `item ${index} is not a JSON object`);
  }
  const bytes = new TextEncoder().encode(json).length;
  if (bytes > ITEM_MAX_BYTES) {
    throw new InvalidInputError(
      'MESSAGE_TOO_LARGE',
      'items',
      `item ${index} is ${bytes} bytes of JSON, over the limit of ${ITEM_MAX_BYTES}`,
    );
  }
  return json;
}
