import { trimTurn } from '../../core/prompt/trim-turn.js';
import { escapeTags } from '../../core/text/escape-tags.js';
import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import type { MessageParam, PreparedRequest } from '../../spec/prepared-turn.js';

/** A prepared request as the pieces a `claude -p` call is made of. */
export interface ClaudeCliPrompt {
  /** The system blocks, joined; empty when there are none. Passed as a flag on every call. */
  system: string;
  /** The current (recapped) user message alone, as `prepare` wrote it: what a resumed session is sent. */
  current: string;
  /**
   * The earlier turns as XML-delimited turns, then the current message, for a session that does not hold the
   * history (a new handle, a fallback). The current message alone when there are no earlier turns.
   */
  withHistory: string;
  hasHistory: boolean;
}

const RECAP_OPEN = '<task_recap>\n';
const RECAP_CLOSE = '\n</task_recap>';

/**
 * Splits a prepared request into the system prompt, the current message and the history-in-prompt form:
 *
 * ```text
 * <conversation_history>
 * <turn role="user">
 * …
 * </turn>
 * <turn role="assistant">
 * …
 * </turn>
 * </conversation_history>
 *
 * <current_message>
 * …
 * </current_message>
 * ```
 *
 * Every history turn is trimmed (`trimTurn`) and tag-escaped (`escapeTags`), and so is the current message apart from
 * the `<task_recap>` wrapper `prepare` put at its head, so no content can close a wrapper or open a turn of its own.
 *
 * @throws InvalidInputError `INVALID_ARGUMENT` unless the last message is the user's, and every role user or assistant.
 */
export function convertToClaudeCliPrompt(request: PreparedRequest): ClaudeCliPrompt {
  const last = request.messages.at(-1);
  if (last === undefined || last.role !== 'user') {
    throw new InvalidInputError('INVALID_ARGUMENT', 'request', 'the last message of a chat request must be the user’s');
  }
  const history = request.messages.slice(0, -1);
  for (const message of history) {
    if (message.role !== 'user' && message.role !== 'assistant') {
      throw new InvalidInputError('INVALID_ARGUMENT', 'request', `unknown message role "${String(message.role)}"`);
    }
  }
  const system = request.system
    .map((block) => block.text)
    .filter((text) => text !== '')
    .join('\n\n');
  const current = messageText(last);
  if (history.length === 0) return { system, current, withHistory: current, hasHistory: false };

  const turns = history.map(
    (message) => `<turn role="${message.role}">\n${escapeTags(trimTurn(messageText(message)))}\n</turn>`,
  );
  const withHistory = [
    `<conversation_history>\n${turns.join('\n')}\n</conversation_history>`,
    `<current_message>\n${escapeCurrentMessage(current)}\n</current_message>`,
  ].join('\n\n');
  return { system, current, withHistory, hasHistory: true };
}

function messageText(message: MessageParam): string {
  return message.content.map((block) => block.text).join('\n\n');
}

/**
 * The current message inside `<current_message>`: the recap block `prepare` heads it with keeps its own tags (its
 * content is escaped, so its first closing tag is the real one); everything else is escaped.
 */
function escapeCurrentMessage(text: string): string {
  if (text.startsWith(RECAP_OPEN)) {
    const close = text.indexOf(RECAP_CLOSE, RECAP_OPEN.length - 1);
    if (close >= 0) {
      const inside = text.slice(RECAP_OPEN.length, close);
      const after = text.slice(close + RECAP_CLOSE.length);
      return `${RECAP_OPEN}${escapeTags(inside)}${RECAP_CLOSE}${escapeTags(after)}`;
    }
  }
  return escapeTags(text);
}
