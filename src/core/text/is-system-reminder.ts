// One or more whole elements, white space between: an element cannot run past its own closing tag.
const REMINDER = /^(?:\s*<system-reminder>(?:(?!<\/system-reminder>)[\s\S])*<\/system-reminder>)+\s*$/;

/**
 * Whether a text block of a user message is a client's context rather than what the user said: Claude Code and the
 * Claude Agent SDK put the environment, the date, the tool and skill lists in such blocks, a `<system-reminder>`
 * element each, beside the user's own words. Stored as the user's turn, they would become the pinned task and facts.
 */
export function isSystemReminder(text: string): boolean {
  return REMINDER.test(text);
}
