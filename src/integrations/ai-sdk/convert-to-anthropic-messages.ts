import type { LanguageModelV3Prompt, SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { AnthropicBlock, AnthropicMessage, AnthropicTextBlock } from '../../index.js';

/** An AI SDK prompt in the Anthropic shape `stack.decorate` reads, and where each message came from. */
export interface ConvertedPrompt {
  system: AnthropicTextBlock[];
  messages: AnthropicMessage[];
  /** For each of `messages`, the index of its message in the prompt. */
  source: number[];
  /** How many system messages open the prompt (they became `system`). */
  leadingSystem: number;
}

/**
 * The AI SDK's provider-level prompt (LanguageModelV3 in `ai` 6, V4 in `ai` 7, read through the V3 type: the parts
 * memstack reads have one shape in both) as Anthropic messages, one per prompt message: the leading
 * system messages become the system prompt, tool messages become user messages of `tool_result` blocks (as the
 * Anthropic provider sends them), files become image or document blocks. Breakpoints set with
 * `providerOptions.anthropic.cacheControl` come along, so that memstack counts them against the limit of 4.
 */
export function convertToAnthropicMessages(prompt: LanguageModelV3Prompt): ConvertedPrompt {
  let leadingSystem = 0;
  while (prompt[leadingSystem]?.role === 'system') leadingSystem += 1;
  const system: AnthropicTextBlock[] = [];
  const messages: AnthropicMessage[] = [];
  const source: number[] = [];
  prompt.forEach((message, index) => {
    if (message.role === 'system') {
      const block = withBreakpoint({ type: 'text', text: message.content }, message.providerOptions);
      if (index < leadingSystem) system.push(block as AnthropicTextBlock);
      else {
        messages.push({ role: 'system', content: [block] });
        source.push(index);
      }
      return;
    }
    const blocks: AnthropicBlock[] = [];
    for (const part of message.content) {
      const block = blockOf(part);
      if (block !== undefined) blocks.push(block);
    }
    const last = blocks.at(-1);
    const marked = breakpointOf(message.providerOptions);
    if (last && marked !== undefined) blocks[blocks.length - 1] = { ...last, cache_control: marked };
    messages.push({ role: message.role === 'assistant' ? 'assistant' : 'user', content: blocks });
    source.push(index);
  });
  return { system, messages, source, leadingSystem };
}

type Part = Exclude<LanguageModelV3Prompt[number], { role: 'system' }>['content'][number];

/**
 * One part as an Anthropic block. `ai` 7 (LanguageModelV4) adds parts memstack does not read (`custom`,
 * `reasoning-file`): they have no block. A file's `mediaType` may be a top-level type alone in V4 (`image`).
 */
function blockOf(part: Part): AnthropicBlock | undefined {
  switch (part.type) {
    case 'text':
      return withBreakpoint({ type: 'text', text: part.text }, part.providerOptions);
    case 'reasoning':
      return { type: 'thinking', thinking: part.text };
    case 'file':
      return withBreakpoint({ type: /^image(\/|$)/.test(part.mediaType) ? 'image' : 'document' }, part.providerOptions);
    case 'tool-call':
      return withBreakpoint(
        { type: 'tool_use', id: part.toolCallId, name: part.toolName, input: part.input },
        part.providerOptions,
      );
    case 'tool-result':
      return withBreakpoint(
        { type: 'tool_result', tool_use_id: part.toolCallId, content: outputText(part.output) },
        part.providerOptions,
      );
    case 'tool-approval-response':
      return { type: 'tool_result', tool_use_id: part.approvalId, content: part.approved ? 'approved' : 'denied' };
    default:
      return undefined;
  }
}

/** The `cacheControl` of the Anthropic provider's options (`cache_control` also accepted, as the provider does). */
export function breakpointOf(options: SharedV3ProviderOptions | undefined): unknown {
  const anthropic = options?.anthropic;
  return anthropic?.cacheControl ?? anthropic?.cache_control ?? undefined;
}

function withBreakpoint(block: AnthropicBlock, options: SharedV3ProviderOptions | undefined): AnthropicBlock {
  const marked = breakpointOf(options);
  return marked === undefined ? block : { ...block, cache_control: marked };
}

function outputText(output: { type: string; value?: unknown }): string {
  if (typeof output.value === 'string') return output.value;
  try {
    return JSON.stringify(output.value ?? '') ?? '';
  } catch {
    return '';
  }
}
