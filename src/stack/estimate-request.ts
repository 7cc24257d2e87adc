import { conversationText } from '../core/wire/conversation-text.js';
import type { AnthropicConversation, OpenaiMessage } from '../spec/conversation.js';
import type { CacheControl, PreparedRequest, TextBlock } from '../spec/prepared-turn.js';

/**
 * A caller's decorated request as the usage estimate sees it (`usageEstimator`, for turns recorded without provider
 * figures): every block as the text it costs, the breakpoints where they are. OpenAI caches prefixes without
 * breakpoints; its estimate is the uncached one.
 */
export const estimateRequest = {
  anthropic(request: AnthropicConversation): PreparedRequest {
    return {
      system: request.system.map((block) => textBlock(block.text, block.cache_control)),
      messages: request.messages.map((message) => ({
        // A system message among the messages is read as the user's side of the conversation.
        role: message.role === 'assistant' ? 'assistant' : 'user',
        content:
          typeof message.content === 'string'
            ? [textBlock(message.content, undefined)]
            : message.content.map((block) =>
                textBlock(conversationText.anthropicBlockCost(block), block.cache_control),
              ),
      })),
    };
  },
  openai(messages: readonly OpenaiMessage[]): PreparedRequest {
    const system: TextBlock[] = [];
    const turns: PreparedRequest['messages'] = [];
    for (const message of messages) {
      const block = textBlock(conversationText.openaiCost(message), undefined);
      if (message.role === 'system' || message.role === 'developer') system.push(block);
      else turns.push({ role: message.role === 'assistant' ? 'assistant' : 'user', content: [block] });
    }
    return { system, messages: turns };
  },
};

function textBlock(text: string, control: unknown): TextBlock {
  const block: TextBlock = { type: 'text', text };
  const cacheControl = readCacheControl(control);
  if (cacheControl) block.cache_control = cacheControl;
  return block;
}

function readCacheControl(control: unknown): CacheControl | undefined {
  if (typeof control !== 'object' || control === null) return undefined;
  const ttl = (control as { ttl?: unknown }).ttl;
  return ttl === '5m' || ttl === '1h' ? { type: 'ephemeral', ttl } : { type: 'ephemeral' };
}
