import type { OpenFields, ResponsesItem } from '../../../spec/conversation.js';
import { isSystemReminder } from '../../text/is-system-reminder.js';
import { dataSize } from '../data-size.js';

/** The part types whose `text` is what a message says. */
const TEXT_PARTS = new Set(['input_text', 'output_text']);

/**
 * Where a part's data or address is: `input_image`'s `image_url` (a URL or a data URL) or `file_id`, `input_file`'s
 * `file_data`, `file_url` or `file_id`, `input_audio.data`.
 */
const DATA_FIELDS = ['data', 'url', 'file_data', 'file_id', 'image_url', 'file_url'];

/** Whether an item of a Responses API `input` is a message (`{ role, content }`, of type `message` or none). */
export const isMessage = (item: ResponsesItem): boolean =>
  (item.type === undefined || item.type === 'message') && typeof item.role === 'string';

/**
 * The texts of a Responses API input item: what a message says (its `input_text` and `output_text` parts, a client's
 * `<system-reminder>` parts left out), what an item costs in the prompt (a function call's name and arguments, a
 * function call's output, reasoning summaries), and what a request's key reads of it (decision 26).
 */
export const responsesItemText = {
  said: (item: ResponsesItem): string => texts(item.content, 'said'),
  cost(item: ResponsesItem): string {
    const fields = item as OpenFields;
    if (isMessage(item)) return texts(item.content, 'all');
    switch (item.type) {
      case 'function_call':
      case 'custom_tool_call':
        return `${String(fields.name ?? '')} ${String(fields.arguments ?? fields.input ?? '')}`;
      case 'function_call_output':
      case 'custom_tool_call_output':
        return typeof fields.output === 'string' ? fields.output : texts(fields.output, 'all');
      case 'reasoning':
        return texts(fields.summary, 'all');
      default:
        return '';
    }
  },
  keyParts(item: ResponsesItem): string[] {
    const parts = [item.role ?? item.type ?? '', responsesItemText.cost(item)];
    if (!Array.isArray(item.content)) return parts;
    for (const part of item.content as ReadonlyArray<OpenFields>) {
      if (typeof part !== 'object' || part === null || TEXT_PARTS.has(String(part.type))) continue;
      parts.push(String(part.type), dataSize([part.input_audio, part], DATA_FIELDS));
    }
    return parts;
  },
  /** The types of a message's parts, for a stand-in when it has no text (`[input_image]`). */
  types: (item: ResponsesItem): string[] =>
    Array.isArray(item.content)
      ? (item.content as ReadonlyArray<OpenFields>).map((part) => String(part?.type ?? ''))
      : [],
};

/** 'said': the texts as memory keeps them; 'all': every text, as the prompt costs it (refusals, summaries too). */
function texts(content: unknown, which: 'said' | 'all'): string {
  if (typeof content === 'string') return which === 'said' && isSystemReminder(content) ? '' : content;
  if (!Array.isArray(content)) return '';
  const found: string[] = [];
  for (const part of content as ReadonlyArray<OpenFields>) {
    if (typeof part !== 'object' || part === null) continue;
    const text = TEXT_PARTS.has(String(part.type)) || which === 'all' ? (part.text ?? part.refusal) : undefined;
    if (typeof text !== 'string' || text === '') continue;
    if (which === 'said' && isSystemReminder(text)) continue;
    found.push(text);
  }
  return found.join('\n\n');
}
