import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { PreparedRequest, TextBlock } from '../../spec/prepared-turn.js';

/**
 * The prepared request (Anthropic Messages shape) as chat-completion messages: the system blocks become ONE system
 * message, joined with a blank line as the layouts separate their own sections; each user/assistant message becomes
 * one string. `cache_control` is dropped: OpenAI-style servers cache matching prompt prefixes on their own (OpenAI
 * automatically, vLLM and llama.cpp with prefix caching), and the cache-aware layout keeps the prefix stable either
 * way. Only `system`, `user` and `assistant` roles are produced, which every compatible server accepts (no
 * `developer` role: OpenAI maps `system` itself, the others do not know `developer`).
 */
export function convertToOpenaiCompatibleMessages(request: PreparedRequest): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  const system = request.system.map((block) => block.text).join('\n\n');
  // No system message at all rather than an empty one: some chat templates render an empty system turn.
  if (system !== '') messages.push({ role: 'system', content: system });
  for (const message of request.messages) {
    messages.push({ role: message.role, content: joinMessageBlocks(message.content) });
  }
  return messages;
}

/**
 * A message's blocks end to end, with nothing added: a layout that splits a message into blocks (the recap, then
 * the text) puts the separator inside the block (the recap ends with a blank line), so the text is what it meant.
 */
function joinMessageBlocks(blocks: readonly TextBlock[]): string {
  return blocks.map((block) => block.text).join('');
}
