import { z } from 'zod';
import type { AnthropicBlock } from '../../../spec/conversation.js';
import type { CollectedReply, ReplyCollector } from '../../../spec/wire-format.js';
import { mapOpenaiCompatibleUsage } from '../openai-chat/map-openai-compatible-usage.js';
import { parseArguments } from '../parse-arguments.js';

const outputItem = z.looseObject({
  type: z.string(),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })).optional(),
  call_id: z.string().optional(),
  name: z.string().optional(),
  arguments: z.string().optional(),
});
const response = z.looseObject({
  status: z.string().optional(),
  output: z.array(z.unknown()),
  usage: z.unknown().optional(),
});
const event = z.looseObject({ type: z.string(), response: z.unknown().optional() });

/** The events after which a stream is over: one of them is its last. */
const ENDS = new Set(['response.completed', 'response.failed', 'response.incomplete']);

/**
 * An OpenAI Responses API reply: the output's message texts and function calls (as `tool_use` blocks), and the usage.
 * A stream is read from its closing `response.completed` event, which carries the whole response: the deltas before
 * it are passed on, not kept. A `response.failed`, `response.incomplete` or `error` event is no complete reply.
 */
export function responsesReply(): ReplyCollector {
  let reply: CollectedReply | undefined;
  let failed = false;
  const read = (data: unknown): void => {
    const parsed = response.safeParse(data);
    if (!parsed.success || parsed.data.status === 'failed') return;
    const content: AnthropicBlock[] = [];
    const texts: string[] = [];
    for (const value of parsed.data.output) {
      const item = outputItem.safeParse(value);
      if (!item.success) continue;
      if (item.data.type === 'message') {
        const text = (item.data.content ?? []).flatMap((part) =>
          part.type === 'output_text' && part.text !== undefined ? [part.text] : [],
        );
        texts.push(...text);
        if (text.length > 0) content.push({ type: 'text', text: text.join('') });
      } else if (item.data.type === 'function_call') {
        const input = parseArguments(item.data.arguments ?? '');
        content.push({ type: 'tool_use', id: item.data.call_id ?? '', name: item.data.name ?? '', input });
      }
    }
    const usage = mapOpenaiCompatibleUsage(parsed.data.usage as Parameters<typeof mapOpenaiCompatibleUsage>[0]);
    reply = { text: texts.join(''), content, usage };
  };
  return {
    event(_name, data) {
      const parsed = event.safeParse(data);
      // An error (the upstream's, or the proxy's own after a cut) or a response that did not complete.
      if (!parsed.success) {
        if (typeof data === 'object' && data !== null && 'error' in data) failed = true;
        return;
      }
      if (parsed.data.type === 'response.completed') read(parsed.data.response);
      else if (parsed.data.type === 'error' || ENDS.has(parsed.data.type)) failed = true;
    },
    isFinal: (name, data) => {
      const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
      return ENDS.has(String(name)) || ENDS.has(String(type));
    },
    body: read,
    reply: () => (failed ? undefined : reply),
  };
}
