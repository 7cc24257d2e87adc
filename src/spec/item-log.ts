/** Whose item log it is: the session's key, and the scope's ids that `forget` matches it by. */
export interface ItemLogOwner {
  sessionKey: string;
  agentId: string;
  channelId: string | null;
  threadId: string | null;
  /** The user the items were written for (null: none); `forget` of that user removes them. */
  userId: string | null;
}

/** An item of a log as stored: its id (increasing in the log) and the JSON text it was given. */
export interface StoredItem {
  id: number;
  /** The item's JSON text, byte for byte as appended. */
  json: string;
}

/**
 * An optional capability of a store: a log of items per session, the conversation as an agent framework keeps it (the
 * OpenAI Agents SDK's input and output items: messages, tool calls and their outputs). Items are data: stored and
 * returned as given, never read by memstack. The pin, the summary and the facts are derived from the exchanges, not
 * from these items. `forget` removes a scope's items as it removes its turns.
 */
export interface ItemLog {
  /**
   * Appends the items (JSON texts) after the session's last, in order, atomically. When the log would then hold more
   * than `maxItems`, nothing is written and it fails with `InvalidInputError` `TOO_MANY_ITEMS`.
   */
  append(owner: ItemLogOwner, items: readonly string[], options: { maxItems: number; at: Date }): Promise<void>;
  /** The session's last `limit` items (all without it), oldest first. */
  list(sessionKey: string, options?: { limit?: number | undefined }): Promise<StoredItem[]>;
  /** Removes and returns the session's last item; null when the log is empty. */
  pop(sessionKey: string): Promise<StoredItem | null>;
  /**
   * Empties the session's log and starts its memory of the conversation over, atomically: no pin (a new task may be
   * pinned), no summary, its stored turns out of the history (kept, for search and `forget`). The facts stay.
   * Returns how many items went.
   */
  clear(sessionKey: string, at: Date): Promise<number>;
}
