import { z } from 'zod';
import type { AnthropicConversation, AnthropicMessage, AnthropicSystem } from '../../../spec/conversation.js';
import type { TextBlock } from '../../../spec/prepared-turn.js';
import type { ApiErrorKind, ConversationReading, WireFormat } from '../../../spec/wire-format.js';
import { checkShape } from '../check-shape.js';
import { costBlock } from '../cost-block.js';
import { anthropicBlockCost } from './anthropic-block-cost.js';
import { anthropicKeyParts } from './anthropic-key-parts.js';
import { anthropicMessageText } from './anthropic-message-text.js';
import { anthropicReply } from './anthropic-reply.js';
import { decorateAnthropicRequest, findCurrentTurn } from './decorate-anthropic-request.js';

const block = z
  .looseObject({ type: z.string() })
  .refine((value) => value.type !== 'text' || typeof value.text === 'string', {
    message: 'a text block needs a string text',
  });
const message = z.looseObject({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.union([z.string(), z.array(block)]),
});
const textBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
const system = z.union([z.string(), z.array(textBlock)]).optional();
const tools = z.array(z.unknown()).optional();
const body = z.looseObject({
  messages: z.array(z.unknown()),
  system: z.unknown().optional(),
  tools: z.array(z.unknown()).optional(),
  metadata: z.looseObject({ user_id: z.unknown().optional() }).optional(),
  output_config: z.looseObject({ format: z.unknown().optional() }).nullish(),
  output_format: z.unknown().optional(),
});

const ERROR_TYPES: Readonly<Record<ApiErrorKind, string>> = {
  'invalid-request': 'invalid_request_error',
  authentication: 'authentication_error',
  forbidden: 'permission_error',
  'not-found': 'not_found_error',
  'too-large': 'request_too_large',
  'unsupported-media-type': 'invalid_request_error',
  unreachable: 'api_error',
  timeout: 'timeout_error',
  internal: 'api_error',
};

/** An Anthropic Messages request as checked: the caller's own objects. */
export interface AnthropicRequest {
  system: AnthropicSystem | undefined;
  messages: AnthropicMessage[];
  tools: readonly unknown[];
}

/**
 * The Anthropic Messages API (`POST /v1/messages`): `system` (a string or text blocks), `messages`, `tools`. The pin
 * is one more system block, the recap heads the current turn's first text, with cache breakpoints while the request
 * stays within Anthropic's 4 (`decorateAnthropicRequest`).
 */
export const anthropicFormat: WireFormat<AnthropicRequest, AnthropicConversation> = {
  name: 'anthropic',
  check(input) {
    checkShape(z.array(message), input.messages, 'messages', 'Anthropic messages ({ role, content })');
    checkShape(system, input.system, 'system', 'a string or text blocks');
    checkShape(tools, input.tools, 'tools', 'an array');
    return {
      system: input.system as AnthropicSystem | undefined,
      messages: input.messages as AnthropicMessage[],
      tools: (input.tools as unknown[] | undefined) ?? [],
    };
  },
  read({ messages, system: systemPrompt }) {
    const current = findCurrentTurn(messages);
    const turn = messages[current];
    if (turn === undefined) return undefined;
    const systemText =
      typeof systemPrompt === 'string' ? systemPrompt : (systemPrompt ?? []).map((item) => item.text).join('\n\n');
    const reading: ConversationReading = {
      text: anthropicMessageText(turn),
      types: typeof turn.content === 'string' ? [] : turn.content.map((item) => item.type),
      visible: [],
      previousReply: undefined,
      sent: [systemText, ...messages.slice(0, current + 1).flatMap(anthropicKeyParts)],
      systemText,
      historyTexts: [],
    };
    messages.forEach((earlier, index) => {
      if (index === current) return;
      if (typeof earlier.content === 'string') reading.historyTexts.push(earlier.content);
      else for (const item of earlier.content) reading.historyTexts.push(anthropicBlockCost(item));
      if (index > current) return;
      const said = anthropicMessageText(earlier);
      if (said === '') return;
      reading.visible.push(said);
      if (earlier.role === 'assistant') reading.previousReply = said;
    });
    return reading;
  },
  place(checked, notes) {
    const decorated = decorateAnthropicRequest(checked, notes);
    // The caller's system blocks as they were (their breakpoints are theirs), and memstack's pin.
    return {
      request: { system: decorated.system as TextBlock[], messages: decorated.messages },
      currentTurn: decorated.currentTurn,
      droppedBreakpoints: decorated.droppedBreakpoints,
    };
  },
  estimate(request) {
    return {
      system: request.system.map((item) => costBlock(item.text, item.cache_control)),
      messages: request.messages.map((item) => ({
        // A system message among the messages is read as the user's side of the conversation.
        role: item.role === 'assistant' ? 'assistant' : 'user',
        content:
          typeof item.content === 'string'
            ? [costBlock(item.content, undefined)]
            : item.content.map((part) => costBlock(anthropicBlockCost(part), part.cache_control)),
      })),
    };
  },
  sentPrompt(request, currentTurn) {
    return {
      format: 'anthropic',
      system: [...request.system],
      earlierMessages: currentTurn,
      current: request.messages.slice(currentTurn),
    };
  },
  currentText(request, currentTurn) {
    const content = request.messages[currentTurn]?.content;
    if (typeof content === 'string') return content;
    const first = content?.find((item) => item.type === 'text') as { text?: unknown } | undefined;
    return typeof first?.text === 'string' ? first.text : undefined;
  },
  route: { path: '/v1/messages', provider: 'anthropic' },
  passThrough: (headers) => (headers.has('x-api-key') || headers.has('anthropic-version') ? 'own-headers' : undefined),
  readBody(value) {
    const parsed = body.safeParse(value);
    if (!parsed.success) return undefined;
    const { data } = parsed;
    return {
      input: { system: data.system, messages: data.messages, tools: data.tools },
      user: data.metadata?.user_id,
      // Structured output (Claude Code's session titles) asks for data, not for a turn.
      asksForData: (data.output_config?.format ?? data.output_format ?? null) !== null,
    };
  },
  collector: anthropicReply,
  error(kind, message) {
    const errorBody = { type: 'error', error: { type: ERROR_TYPES[kind], message } };
    return { body: errorBody, event: `event: error\ndata: ${JSON.stringify(errorBody)}\n\n` };
  },
};
