import { z } from 'zod';
import { type AnthropicBlock, fromAnthropicUsage, fromOpenaiCompatibleUsage, type RecordInput } from '../index.js';

/** A reply being read from an upstream response, JSON or streamed, as `record` takes it. */
export interface ReplyCollector {
  /** One SSE event of a streamed response. */
  event(name: string | undefined, data: unknown): void;
  /** Whether this event is the stream's last (Anthropic's `message_stop`, OpenAI's `[DONE]`). */
  isFinal(name: string | undefined, data: unknown): boolean;
  /** The whole JSON body of a response that was not streamed. */
  body(data: unknown): void;
  /** The reply, or undefined when the response was not a complete one (an error event, no finish). */
  reply(): RecordInput | undefined;
}

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
export function anthropicCollector(): ReplyCollector {
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
  let message: RecordInput | undefined;
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
      message = { text: textOf(content), content, usage: fromAnthropicUsage(parsed.data.usage) };
    },
    reply() {
      if (message) return message;
      if (!complete || failed) return undefined;
      const content = blocks.flatMap((item): AnthropicBlock[] => {
        if (item === undefined) return [];
        if (item.type === 'text') return [{ type: 'text', text: item.text }];
        if (item.type === 'tool_use')
          return [{ type: 'tool_use', id: item.id, name: item.name, input: parseJson(item.json) }];
        return [];
      });
      return { text: textOf(content), content, usage: fromAnthropicUsage(...usages) };
    },
  };
}

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
export function openaiCollector(): ReplyCollector {
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
          .map((call) => ({ type: 'tool_use', id: call.id, name: call.name, input: parseJson(call.arguments) })),
      ];
      return {
        text,
        content,
        usage: fromOpenaiCompatibleUsage(usage as Parameters<typeof fromOpenaiCompatibleUsage>[0]),
      };
    },
  };
}

function textOf(content: readonly AnthropicBlock[]): string {
  return content.flatMap((item) => (item.type === 'text' && typeof item.text === 'string' ? [item.text] : [])).join('');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text === '' ? '{}' : text);
  } catch {
    return text;
  }
}
