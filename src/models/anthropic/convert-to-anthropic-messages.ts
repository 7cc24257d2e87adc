import type { MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { PreparedRequest, TextBlock } from '../../spec/prepared-turn.js';

/** The `system` and `messages` parameters of a Messages API call. */
export interface AnthropicMessages {
  /** Absent when memstack laid out no system block (no system prompt, no pin, no summary). */
  system?: TextBlockParam[];
  messages: MessageParam[];
}

/**
 * memstack's request as the SDK's parameter types. The shapes already match, so this is a faithful copy: every block
 * kept in order with its text untouched and its `cache_control` exactly where the layout put it (the breakpoints are
 * what makes the provider's prefix cache hit). Fresh objects, so that nothing the SDK does can reach the prepared
 * turn the caller passes back to `record`, and only the fields memstack defines reach the wire.
 */
export function convertToAnthropicMessages(request: PreparedRequest): AnthropicMessages {
  const messages = request.messages.map(
    (message): MessageParam => ({ role: message.role, content: message.content.map(convertBlock) }),
  );
  // An empty `system` list says nothing; leaving the key out is the same request and avoids relying on the API
  // accepting an empty array.
  return request.system.length === 0 ? { messages } : { system: request.system.map(convertBlock), messages };
}

function convertBlock(block: TextBlock): TextBlockParam {
  const converted: TextBlockParam = { type: 'text', text: block.text };
  if (block.cache_control !== undefined) {
    const { type, ttl } = block.cache_control;
    converted.cache_control = ttl === undefined ? { type } : { type, ttl };
  }
  return converted;
}
