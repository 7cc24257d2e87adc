import { z } from 'zod';
import type { AnthropicBlock } from '../../../spec/conversation.js';
import type { ReplyCollector } from '../../../spec/wire-format.js';
import { parseArguments } from '../parse-arguments.js';
import { mapMessagesApiUsage } from './map-messages-api-usage.js';

const block = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
});
const anthropicEvent = z.looseObject({
  type: z.string(),
  index: z.number().optional(),
  content_block: block.optional(),
  delta: z
    .looseObject({ type: z.string().optional(), text: z.string().optional(), partial_json: z.string().optional() })
    .optional(),
  message: z.looseObject({ usage: z.unknown().optional() }).optional(),
  usage: z.unknown().optional(),
});
const anthropicMessage = z.looseObject({ content: z.array(block), usage: z.unknown().optional() });

/** An Anthropic Messages reply: text and tool_use blocks, and the usage reports (message_start, message_delta). */
export function anthropicReply(): ReplyCollector {
  const blocks: Array<{
    type: string;
    text: string;
    id?: string | undefined;
    name?: string | undefined;
    json: string;
  }> = [];
  const usages: unknown[] = [];
  let complete = false;
  let failed = false;
  let message: ReturnType<ReplyCollector['reply']>;
  return {
    event(_name, data) {
      const parsed = anthropicEvent.safeParse(data);
      if (!parsed.success) return;
      const { type, index, content_block, delta } = parsed.data;
      if (type === 'message_start') usages.push(parsed.data.message?.usage);
      else if (type === 'content_block_start' && content_block && index !== undefined) {
        blocks[index] = {
          type: content_block.type,
          text: content_block.text ?? '',
          id: content_block.id,
          name: content_block.name,
          json: '',
        };
      } else if (type === 'content_block_delta' && index !== undefined && blocks[index]) {
        const target = blocks[index];
        if (delta?.text !== undefined) target.text += delta.text;
        if (delta?.partial_json !== undefined) target.json += delta.partial_json;
      } else if (type === 'message_delta') usages.push(parsed.data.usage);
      else if (type === 'message_stop') complete = true;
      else if (type === 'error') failed = true;
    },
    isFinal: (name, data) =>
      name === 'message_stop' ||
      (typeof data === 'object' && data !== null && 'type' in data && data.type === 'message_stop'),
    body(data) {
      const parsed = anthropicMessage.safeParse(data);
      if (!parsed.success) return;
      const content = parsed.data.content as AnthropicBlock[];
      message = { text: textOf(content), content, usage: mapMessagesApiUsage(parsed.data.usage) };
    },
    reply() {
      if (message) return message;
      if (!complete || failed) return undefined;
      const content = blocks.flatMap((item): AnthropicBlock[] => {
        if (item === undefined) return [];
        if (item.type === 'text') return [{ type: 'text', text: item.text }];
        if (item.type === 'tool_use')
          return [{ type: 'tool_use', id: item.id, name: item.name, input: parseArguments(item.json) }];
        return [];
      });
      return { text: textOf(content), content, usage: mapMessagesApiUsage(...usages) };
    },
  };
}

function textOf(content: readonly AnthropicBlock[]): string {
  return content.flatMap((item) => (item.type === 'text' && typeof item.text === 'string' ? [item.text] : [])).join('');
}
