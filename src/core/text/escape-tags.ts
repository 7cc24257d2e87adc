/** The tag names of memstack's prompt wrappers, which content must never be able to open or close. */
export const WRAPPER_TAGS = [
  'task_recap',
  'pinned_task',
  'key_facts',
  'conversation_summary',
  'conversation_history',
  'current_message',
  'user',
  'assistant',
  'turn',
  'system',
] as const;

/**
 * A `<` that starts an opening or closing wrapper tag, in any case and with any whitespace around the `/`:
 * `<user>`, `< /Task_Recap >`, `<turn index="2">`, and `</system` at the end of the text. `\b` spares longer names
 * such as `<users>` or `<user_name>`.
 */
const wrapperTagStart = new RegExp(`<(?=\\s*\\/?\\s*(?:${WRAPPER_TAGS.join('|')})\\b)`, 'gi');

/**
 * Neutralises memstack's wrapper tags in user- or model-written content, so that it can neither close the wrapper
 * it sits in nor open a new one: the `<` of each such tag becomes `&lt;`, and nothing else changes (`a < b`,
 * `<div>` and `<users>` stay as they are). The result contains no wrapper tag, so escaping it again changes
 * nothing. Linear in the length of `text`.
 *
 * Apply it after `cleanText`, which removes control characters and could otherwise join `<` and a tag name that
 * a control character kept apart.
 */
export function escapeTags(text: string): string {
  // Most content has no `<` at all.
  if (!text.includes('<')) return text;
  return text.replace(wrapperTagStart, '&lt;');
}
