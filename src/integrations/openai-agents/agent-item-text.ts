/** An item as the session reads it: any object; only messages' roles and texts are read, nothing else. */
type Item = { type?: unknown; role?: unknown; content?: unknown };

/** Whether an item is a message of `role` (`{ role, content }`, of type `message` or none). */
export function isMessageOf(item: unknown, role: 'user' | 'assistant'): boolean {
  if (typeof item !== 'object' || item === null) return false;
  const { type, role: itemRole } = item as Item;
  return (type === undefined || type === 'message') && itemRole === role;
}

/** What a message says: its content when a string, else its `input_text` and `output_text` parts joined. */
export function messageText(item: unknown): string {
  const content = (item as Item).content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .flatMap((part: unknown) => {
      if (typeof part !== 'object' || part === null) return [];
      const { type, text } = part as { type?: unknown; text?: unknown };
      return (type === 'input_text' || type === 'output_text') && typeof text === 'string' ? [text] : [];
    })
    .join('\n');
}

/**
 * The exchange a batch of items completes: the batch ends with the assistant's message (the run's final output, after
 * any tool calls and their outputs), and the user's words are the last user message before it, in the batch or, for a
 * run whose input was stored first (a streamed run), in the items stored before. Null when the batch completes none.
 */
export function completedExchange(
  batch: readonly unknown[],
  before: () => Promise<readonly unknown[]>,
): Promise<{ user: string; assistant: string } | null> {
  const last = batch.at(-1);
  if (!isMessageOf(last, 'assistant')) return Promise.resolve(null);
  const assistant = messageText(last);
  const inBatch = lastUserText(batch);
  if (inBatch !== null) return Promise.resolve({ user: inBatch, assistant });
  return before().then((items) => {
    const user = lastUserText(items);
    return user === null ? null : { user, assistant };
  });
}

function lastUserText(items: readonly unknown[]): string | null {
  for (let index = items.length - 1; index >= 0; index -= 1) {
    if (!isMessageOf(items[index], 'user')) continue;
    const text = messageText(items[index]);
    if (text.trim() !== '') return text;
  }
  return null;
}
