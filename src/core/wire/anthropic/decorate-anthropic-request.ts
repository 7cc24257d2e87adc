import type {
  AnthropicBlock,
  AnthropicMessage,
  AnthropicSystem,
  AnthropicTextBlock,
} from '../../../spec/conversation.js';
import type { CacheControl, MemoryBreakpoint } from '../../../spec/prepared-turn.js';
import type { MemoryNotes } from '../../../spec/wire-format.js';
import { isSystemReminder } from '../../text/is-system-reminder.js';

/** Anthropic's limit on cache breakpoints in one request (tools, system and messages together). */
export const MAX_CACHE_BREAKPOINTS = 4;

const EPHEMERAL: CacheControl = { type: 'ephemeral' };

/** The caller's own request: its system prompt (a string or text blocks) and its whole message list. */
export interface CallerRequest {
  system?: AnthropicSystem | undefined;
  messages: AnthropicMessage[];
  /** The request's tools: only their breakpoints are read, counted against the limit. */
  tools?: readonly unknown[] | undefined;
}

/** The caller's request with memory added: the pin's system block, the recap in the current turn. */
export interface DecoratedRequest {
  system: AnthropicTextBlock[];
  messages: AnthropicMessage[];
  /** Index in `messages` of the current turn (`findCurrentTurn`), or -1. */
  currentTurn: number;
  /** memstack's breakpoints that the limit of 4 left no room for, in the order it would have added them. */
  droppedBreakpoints: MemoryBreakpoint[];
}

/**
 * The caller's request with memory added, and nothing else changed: the pin as one more text block at the tail of
 * the system prompt, with a cache breakpoint; the recap at the head of the current turn's first text block; a
 * breakpoint on the last block before the current turn (the history), so that the conversation's prefix is cached.
 * Every other block passes through as it is, in place (the same objects), and the caller's breakpoints are kept:
 * memstack adds its own only while the request stays within 4, the pin's first.
 *
 * The current turn is the last user message that holds more than tool results: in a tool loop the later user
 * messages carry only `tool_result` blocks (and perhaps a client's `<system-reminder>`), so memory never goes there.
 * When the turn has no text (an image alone), the recap becomes a text block of its own, after any tool results
 * (Anthropic requires those first). A string `system` stays a string's text in one block; a string `content` stays a
 * string.
 */
export function decorateAnthropicRequest(request: CallerRequest, notes: MemoryNotes): DecoratedRequest {
  const system: AnthropicTextBlock[] =
    typeof request.system === 'string'
      ? request.system === ''
        ? []
        : [{ type: 'text', text: request.system }]
      : [...(request.system ?? [])];
  const messages = [...request.messages];
  let breakpoints =
    (request.tools ?? []).filter(hasBreakpoint).length +
    system.filter(hasBreakpoint).length +
    messages.reduce((total, message) => total + blocksOf(message).filter(hasBreakpoint).length, 0);
  const dropped: MemoryBreakpoint[] = [];
  const room = (which: MemoryBreakpoint): boolean => {
    if (breakpoints < MAX_CACHE_BREAKPOINTS) {
      breakpoints += 1;
      return true;
    }
    dropped.push(which);
    return false;
  };

  if (notes.pin !== '') {
    system.push(
      room('pin') ? { type: 'text', text: notes.pin, cache_control: EPHEMERAL } : { type: 'text', text: notes.pin },
    );
  }

  const currentTurn = findCurrentTurn(messages);
  if (currentTurn >= 0 && notes.recap !== '') {
    const message = messages[currentTurn] as AnthropicMessage;
    messages[currentTurn] = { ...message, content: withRecap(message.content, notes.recap) };
  }
  // The history's tail: the last block before the current turn, unless the caller marked one there already.
  const before = currentTurn > 0 ? currentTurn - 1 : -1;
  if (before >= 0) {
    const message = messages[before] as AnthropicMessage;
    const blocks = blocksOf(message);
    const last = blocks.at(-1);
    if (last !== undefined && !hasBreakpoint(last) && canCarryBreakpoint(last) && room('history')) {
      const content = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : [...blocks];
      content[content.length - 1] = { ...last, cache_control: EPHEMERAL };
      messages[before] = { ...message, content };
    }
  }
  return { system, messages, currentTurn, droppedBreakpoints: dropped };
}

/**
 * The last user message with string content or a block other than `tool_result` and a client's
 * `<system-reminder>` text (which Claude Code may put beside a tool loop's results), or -1.
 */
export function findCurrentTurn(messages: readonly AnthropicMessage[]): number {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index] as AnthropicMessage;
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string' || message.content.some(isTurnBlock)) return index;
  }
  return -1;
}

function isTurnBlock(block: AnthropicBlock): boolean {
  if (block.type === 'tool_result') return false;
  return !(block.type === 'text' && typeof block.text === 'string' && isSystemReminder(block.text));
}

function withRecap(content: string | AnthropicBlock[], recap: string): string | AnthropicBlock[] {
  if (typeof content === 'string') return `${recap}${content}`;
  const at = content.findIndex((block) => block.type === 'text');
  const blocks = [...content];
  if (at < 0) {
    const after = blocks.findIndex((block) => block.type !== 'tool_result');
    blocks.splice(after < 0 ? blocks.length : after, 0, { type: 'text', text: recap.trimEnd() });
    return blocks;
  }
  const block = blocks[at] as AnthropicTextBlock;
  blocks[at] = { ...block, text: `${recap}${block.text}` };
  return blocks;
}

function blocksOf(message: AnthropicMessage): AnthropicBlock[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

function hasBreakpoint(block: unknown): boolean {
  const control = typeof block === 'object' && block !== null ? (block as AnthropicBlock).cache_control : undefined;
  return control !== undefined && control !== null;
}

/** Thinking blocks cannot carry cache_control (Anthropic refuses it); empty text cannot be cached either. */
function canCarryBreakpoint(block: AnthropicBlock): boolean {
  if (block.type === 'thinking' || block.type === 'redacted_thinking') return false;
  return !(block.type === 'text' && block.text === '');
}
