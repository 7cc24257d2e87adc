import type { OpenaiMessage } from '../../../spec/conversation.js';
import type { MemoryNotes } from '../../../spec/wire-format.js';

export interface DecoratedOpenaiRequest {
  messages: OpenaiMessage[];
  /** Index in `messages` of the current turn (the last user message), or -1 when there is none. */
  currentTurn: number;
}

/**
 * The caller's chat-completions messages with memory added, and nothing else changed: the pin as a message of its
 * own right after the caller's leading system (or developer) messages, in the role they use, so that the prefix
 * OpenAI caches automatically stays the same from turn to turn; the recap at the head of the last user message's
 * text. Every other message passes through as it is (the same objects). The input is never changed.
 */
export function decorateOpenaiRequest(messages: readonly OpenaiMessage[], notes: MemoryNotes): DecoratedOpenaiRequest {
  const result = [...messages];
  const currentTurn = findCurrentOpenaiTurn(result);
  if (currentTurn >= 0 && notes.recap !== '') {
    const message = result[currentTurn] as OpenaiMessage;
    result[currentTurn] = { ...message, content: withRecap(message.content, notes.recap) };
  }
  if (notes.pin === '') return { messages: result, currentTurn };
  let leading = 0;
  while (leading < result.length && isInstruction(result[leading] as OpenaiMessage)) leading += 1;
  const role = leading > 0 ? (result[leading - 1] as OpenaiMessage).role : 'system';
  result.splice(leading, 0, { role, content: notes.pin });
  return { messages: result, currentTurn: currentTurn >= leading ? currentTurn + 1 : currentTurn };
}

function isInstruction(message: OpenaiMessage): boolean {
  return message.role === 'system' || message.role === 'developer';
}

/** The current turn of chat-completions messages: the last user message (tool results have a role of their own), or -1. */
export function findCurrentOpenaiTurn(messages: ReadonlyArray<{ role: string }>): number {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]?.role === 'user') return index;
  }
  return -1;
}

function withRecap(content: OpenaiMessage['content'], recap: string): OpenaiMessage['content'] {
  if (typeof content === 'string') return `${recap}${content}`;
  if (!Array.isArray(content)) return recap.trimEnd();
  const parts = [...content];
  const at = parts.findIndex((part) => part.type === 'text' && typeof part.text === 'string');
  if (at < 0) {
    parts.unshift({ type: 'text', text: recap.trimEnd() });
    return parts;
  }
  const part = parts[at] as { type: 'text'; text: string };
  parts[at] = { ...part, text: `${recap}${part.text}` };
  return parts;
}
