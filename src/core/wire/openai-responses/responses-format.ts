import { z } from 'zod';
import type { ResponsesConversation, ResponsesItem } from '../../../spec/conversation.js';
import type { PreparedRequest, TextBlock } from '../../../spec/prepared-turn.js';
import type { ConversationReading, WireFormat } from '../../../spec/wire-format.js';
import { checkShape } from '../check-shape.js';
import { costBlock } from '../cost-block.js';
import { openaiError } from '../openai-chat/openai-error.js';
import { findCurrentResponsesTurn, placeResponsesMemory, type ResponsesRequest } from './place-responses-memory.js';
import { isMessage, responsesItemText } from './responses-item-text.js';
import { responsesReply } from './responses-reply.js';

const part = z
  .looseObject({ type: z.string() })
  .refine((value) => (value.type !== 'input_text' && value.type !== 'output_text') || typeof value.text === 'string', {
    message: 'a text part needs a string text',
  });
const item = z
  .looseObject({
    type: z.string().optional(),
    role: z.string().optional(),
    content: z.union([z.string(), z.array(part)]).optional(),
  })
  .refine((value) => value.type !== undefined || value.role !== undefined, {
    message: 'an item needs a type, or a role (a message)',
  })
  .refine(
    (value) =>
      (value.type !== undefined && value.type !== 'message') ||
      (['user', 'assistant', 'system', 'developer'].includes(String(value.role)) && value.content !== undefined),
    { message: 'a message needs a role (user, assistant, system, developer) and content' },
  );
const input = z.union([z.string(), z.array(item)]);
const text = z.string().nullish();

const body = z.looseObject({
  input: z.union([z.string(), z.array(z.unknown())]),
  instructions: z.unknown().optional(),
  previous_response_id: z.unknown().optional(),
  user: z.unknown().optional(),
  safety_identifier: z.unknown().optional(),
  text: z.looseObject({ format: z.looseObject({ type: z.string().optional() }).nullish() }).nullish(),
});

const isInstruction = (entry: ResponsesItem): boolean =>
  isMessage(entry) && (entry.role === 'system' || entry.role === 'developer');

/**
 * The OpenAI Responses API (`POST /v1/responses`): `instructions`, and `input` as a string or items (messages with
 * `input_text` parts, `function_call` and `function_call_output` items, reasoning...). The pin goes at the tail of
 * `instructions`, the recap at the head of the current user input (`placeResponsesMemory`); OpenAI caches prefixes
 * without breakpoints. With `previous_response_id` the history is on OpenAI's side: the input holds the new turn only,
 * and memory goes on it.
 */
export const responsesFormat: WireFormat<ResponsesRequest, ResponsesConversation> = {
  name: 'openai-responses',
  check(fields) {
    checkShape(input, fields.input, 'input', 'a string or Responses API input items');
    checkShape(text, fields.instructions, 'instructions', 'a string');
    checkShape(text, fields.previous_response_id, 'previous_response_id', 'a string');
    return {
      instructions: (fields.instructions as string | null | undefined) ?? undefined,
      input: fields.input as string | ResponsesItem[],
      previousResponseId: (fields.previous_response_id as string | null | undefined) ?? undefined,
    };
  },
  read(request) {
    const current = findCurrentResponsesTurn(request.input);
    if (current < 0) return undefined;
    const items: ResponsesItem[] =
      typeof request.input === 'string' ? [{ role: 'user', content: request.input }] : request.input;
    const turn = items[current] as ResponsesItem;
    const systemTexts = request.instructions ? [request.instructions] : [];
    const reading: ConversationReading = {
      text: responsesItemText.said(turn),
      types: responsesItemText.types(turn),
      visible: [],
      previousReply: undefined,
      // The conversation before the turn includes the one OpenAI keeps (`previous_response_id`).
      sent: [
        request.instructions ?? '',
        request.previousResponseId ?? '',
        ...items.slice(0, current + 1).flatMap(responsesItemText.keyParts),
      ],
      systemText: '',
      historyTexts: [],
    };
    items.forEach((earlier, index) => {
      if (index === current) return;
      const cost = responsesItemText.cost(earlier);
      if (isInstruction(earlier)) systemTexts.push(cost);
      else reading.historyTexts.push(cost);
      if (index > current || !isMessage(earlier) || (earlier.role !== 'user' && earlier.role !== 'assistant')) return;
      const said = responsesItemText.said(earlier);
      if (said === '') return;
      reading.visible.push(said);
      if (earlier.role === 'assistant') reading.previousReply = said;
    });
    reading.systemText = systemTexts.join('\n\n');
    return reading;
  },
  place(request, notes) {
    const { instructions, input: placed, currentTurn } = placeResponsesMemory(request, notes);
    return { request: { instructions, input: placed }, currentTurn, droppedBreakpoints: [] };
  },
  estimate(request) {
    const system: TextBlock[] = request.instructions === '' ? [] : [costBlock(request.instructions, undefined)];
    const messages: PreparedRequest['messages'] = [];
    const items: ResponsesItem[] =
      typeof request.input === 'string' ? [{ role: 'user', content: request.input }] : request.input;
    for (const entry of items) {
      const block = costBlock(responsesItemText.cost(entry), undefined);
      if (isInstruction(entry)) system.push(block);
      else {
        const assistant = entry.role === 'assistant' || entry.type === 'function_call' || entry.type === 'reasoning';
        messages.push({ role: assistant ? 'assistant' : 'user', content: [block] });
      }
    }
    return { system, messages };
  },
  sentPrompt(request, currentTurn) {
    return {
      format: 'openai-responses',
      system: request.instructions,
      earlierMessages: Math.max(currentTurn, 0),
      current: typeof request.input === 'string' ? [request.input] : request.input.slice(currentTurn),
    };
  },
  currentText(request, currentTurn) {
    if (typeof request.input === 'string') return request.input;
    const content = request.input[currentTurn]?.content;
    if (typeof content === 'string') return content;
    if (!Array.isArray(content)) return undefined;
    const first = (content as ResponsesItem[]).find((entry) => entry.type === 'input_text');
    return typeof first?.text === 'string' ? first.text : undefined;
  },
  route: { path: '/v1/responses', provider: 'openai' },
  readBody(value) {
    const parsed = body.safeParse(value);
    if (!parsed.success) return undefined;
    const { data } = parsed;
    const format = data.text?.format?.type;
    return {
      input: { instructions: data.instructions, input: data.input, previous_response_id: data.previous_response_id },
      // `user` is deprecated for `safety_identifier`: either names the user; a blank one falls back to nothing.
      user: data.user !== undefined && data.user !== null ? data.user : data.safety_identifier,
      asksForData: format === 'json_schema' || format === 'json_object',
    };
  },
  collector: responsesReply,
  error(kind, message) {
    const { body: errorBody } = openaiError(kind, message);
    // The Responses API's own error event, with the `error` field by which the SDK raises an APIError.
    const event = { type: 'error', code: null, message, param: null, ...errorBody };
    return { body: errorBody, event: `event: error\ndata: ${JSON.stringify(event)}\n\n` };
  },
};
