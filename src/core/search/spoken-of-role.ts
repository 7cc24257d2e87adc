import { PERSONS } from '../../locales/locale-table.js';

/**
 * Whose words a message asks about, in a chat between a user and an assistant: "what did I cook?" is about the
 * user's own messages, "which book did you recommend?" about the assistant's; null when it names both or neither
 * ("which painters did you suggest I study?", "what does Nate like?"). The pronouns are the locale packs' (`persons`).
 */
export function spokenOfRole(text: string): 'user' | 'assistant' | null {
  const first = PERSONS.some((persons) => persons.first.test(text));
  const second = PERSONS.some((persons) => persons.second.test(text));
  if (first === second) return null;
  return first ? 'user' : 'assistant';
}
