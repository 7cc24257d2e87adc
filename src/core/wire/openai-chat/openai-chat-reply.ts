import { z } from 'zod';
import type { AnthropicBlock } from '../../../spec/conversation.js';
import type { ReplyCollector } from '../../../spec/wire-format.js';
import { parseArguments } from '../parse-arguments.js';
import { mapOpenaiCompatibleUsage } from './map-openai-compatible-usage.js';

const toolCall = z.looseObject({
  index: z.number().optional(),
  id: z.string().optional(),
  function: z.looseObject({ name: z.string().optional(), arguments: z.string().optional() }).optional(),
});
const openaiChunk = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        delta: z.looseObject({ content: z.string().nullish(), tool_calls: z.array(toolCall).nullish() }).optional(),
        message: z.looseObject({ content: z.string().nullish(), tool_calls: z.array(toolCall).nullish() }).optional(),
        finish_reason: z.string().nullish(),
      }),
    )
    .optional(),
  usage: z.unknown().optional(),
});

/** An OpenAI chat-completions reply: the first choice's content and tool calls, and the usage. */
export function openaiChatReply(): ReplyCollector {
  let text = '';
  const calls: Array<{ id: string; name: string; arguments: string }> = [];
  let usage: unknown;
  let finished = false;
  let failed = false;
  const addCalls = (list: Array<z.infer<typeof toolCall>> | null | undefined): void => {
    for (const [position, call] of (list ?? []).entries()) {
      const index = call.index ?? position;
      const target = calls[index] ?? { id: '', name: '', arguments: '' };
      calls[index] = target;
      if (call.id) target.id = call.id;
      if (call.function?.name) target.name += call.function.name;
      if (call.function?.arguments) target.arguments += call.function.arguments;
    }
  };
  return {
    event(_name, data) {
      if (data === '[DONE]') return;
      // An error chunk (the upstream's, or the proxy's own after a cut): the reply is not a whole one.
      if (typeof data === 'object' && data !== null && 'error' in data) failed = true;
      const parsed = openaiChunk.safeParse(data);
      if (!parsed.success) return;
      const choice = parsed.data.choices?.[0];
      if (choice?.delta?.content) text += choice.delta.content;
      addCalls(choice?.delta?.tool_calls);
      if (choice?.finish_reason) finished = true;
      if (parsed.data.usage) usage = parsed.data.usage;
    },
    body(data) {
      const parsed = openaiChunk.safeParse(data);
      if (!parsed.success) return;
      const choice = parsed.data.choices?.[0];
      text = choice?.message?.content ?? '';
      addCalls(choice?.message?.tool_calls);
      usage = parsed.data.usage;
      finished = choice !== undefined;
    },
    isFinal: (_name, data) => data === '[DONE]',
    reply() {
      // The stream ran to a finish_reason (the usage chunk, when asked for, comes after it, before the end).
      if (!finished || failed) return undefined;
      const content: AnthropicBlock[] = [
        ...(text === '' ? [] : [{ type: 'text', text }]),
        ...calls
          .filter(Boolean)
          .map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: parseArguments(call.arguments) })),
      ];
      return {
        text,
        content,
        usage: mapOpenaiCompatibleUsage(usage as Parameters<typeof mapOpenaiCompatibleUsage>[0]),
      };
    },
  };
}
