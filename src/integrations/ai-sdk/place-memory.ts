import type { LanguageModelV3Message, LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { DecoratedTurn } from '../../index.js';
import type { ConvertedPrompt } from './convert-to-anthropic-messages.js';

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * The memory `decorate` chose, placed in the AI SDK prompt as `decorate` placed it in the Anthropic one: the pin as
 * a system message after the leading ones (with `providerOptions.anthropic.cacheControl`, unless the limit of 4 left
 * no room), the recap at the head of the current turn's first text part, the history's breakpoint on the message
 * before it when `decorate` set one. Every other message is the caller's own object.
 */
export function placeMemory(
  prompt: LanguageModelV3Prompt,
  converted: ConvertedPrompt,
  decorated: DecoratedTurn,
): LanguageModelV3Prompt {
  const result = [...prompt];
  const { pin, recap } = decorated.memory;
  const current = converted.source[decorated.currentTurn];
  if (current !== undefined && recap !== '') {
    const message = result[current];
    if (message?.role === 'user') result[current] = { ...message, content: withRecap(message.content, recap) };
  }
  // decorate replaces the message before the turn only to give it the history's breakpoint.
  const before = decorated.currentTurn - 1;
  const history = converted.source[before];
  if (history !== undefined && decorated.request.messages[before] !== converted.messages[before]) {
    const message = result[history] as LanguageModelV3Message;
    result[history] = {
      ...message,
      providerOptions: {
        ...message.providerOptions,
        anthropic: { ...message.providerOptions?.anthropic, cacheControl: EPHEMERAL },
      },
    } as LanguageModelV3Message;
  }
  if (pin !== '') {
    const cached = !decorated.droppedBreakpoints.includes('pin');
    result.splice(converted.leadingSystem, 0, {
      role: 'system',
      content: pin,
      ...(cached ? { providerOptions: { anthropic: { cacheControl: EPHEMERAL } } } : {}),
    });
  }
  return result;
}

type UserContent = Extract<LanguageModelV3Message, { role: 'user' }>['content'];

function withRecap(content: UserContent, recap: string): UserContent {
  const parts = [...content];
  const at = parts.findIndex((part) => part.type === 'text');
  const part = parts[at];
  if (part === undefined || part.type !== 'text') return [{ type: 'text', text: recap.trimEnd() }, ...parts];
  parts[at] = { ...part, text: `${recap}${part.text}` };
  return parts;
}
