import type { ResponsesItem } from '../../../spec/conversation.js';
import type { MemoryNotes } from '../../../spec/wire-format.js';
import { isMessage, responsesItemText } from './responses-item-text.js';

/** A Responses API request as `decorate` reads it: the caller's own values. */
export interface ResponsesRequest {
  instructions: string | undefined;
  input: string | ResponsesItem[];
  previousResponseId: string | undefined;
}

/**
 * The current turn of a Responses API input: the whole input when it is a string, else the last user message that
 * says something (function call outputs are items of their own, so a tool loop's current turn stays the user's
 * words); a message of `<system-reminder>` parts only is none. -1 when there is none.
 */
export function findCurrentResponsesTurn(input: string | readonly ResponsesItem[]): number {
  if (typeof input === 'string') return 0;
  for (let index = input.length - 1; index >= 0; index -= 1) {
    const item = input[index] as ResponsesItem;
    if (!isMessage(item) || item.role !== 'user') continue;
    const other = responsesItemText.types(item).some((type) => type !== 'input_text');
    if (other || responsesItemText.said(item) !== '') return index;
  }
  return -1;
}

/**
 * The caller's Responses API request with memory added, nothing else changed: the pin at the tail of `instructions`
 * (which a `previous_response_id` does not carry over, so it is sent with every request, as the caller's are), the
 * recap at the head of the current user input's first text. Every other item is the caller's own object; the input is
 * never changed.
 */
export function placeResponsesMemory(
  request: ResponsesRequest,
  notes: MemoryNotes,
): { instructions: string; input: string | ResponsesItem[]; currentTurn: number } {
  const instructions = [request.instructions ?? '', notes.pin].filter((text) => text !== '').join('\n\n');
  const currentTurn = findCurrentResponsesTurn(request.input);
  if (currentTurn < 0 || notes.recap === '') return { instructions, input: request.input, currentTurn };
  if (typeof request.input === 'string') {
    return { instructions, input: `${notes.recap}${request.input}`, currentTurn };
  }
  const input = [...request.input];
  const item = input[currentTurn] as ResponsesItem;
  input[currentTurn] = { ...item, content: withRecap(item.content, notes.recap) };
  return { instructions, input, currentTurn };
}

function withRecap(content: unknown, recap: string): unknown {
  if (typeof content === 'string') return `${recap}${content}`;
  const parts = Array.isArray(content) ? [...(content as ResponsesItem[])] : [];
  const at = parts.findIndex((part) => part.type === 'input_text' && typeof part.text === 'string');
  if (at < 0) {
    parts.unshift({ type: 'input_text', text: recap.trimEnd() });
    return parts;
  }
  const part = parts[at] as ResponsesItem & { text: string };
  parts[at] = { ...part, text: `${recap}${part.text}` };
  return parts;
}
