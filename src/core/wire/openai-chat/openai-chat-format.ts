import { z } from 'zod';
import type { OpenaiConversation, OpenaiMessage } from '../../../spec/conversation.js';
import type { PreparedRequest, TextBlock } from '../../../spec/prepared-turn.js';
import type { ConversationReading, WireFormat } from '../../../spec/wire-format.js';
import { checkShape } from '../check-shape.js';
import { costBlock } from '../cost-block.js';
import { decorateOpenaiRequest, findCurrentOpenaiTurn } from './decorate-openai-request.js';
import { openaiChatReply } from './openai-chat-reply.js';
import { openaiError } from './openai-error.js';
import { openaiKeyParts } from './openai-key-parts.js';
import { openaiMessageCost } from './openai-message-cost.js';
import { openaiMessageText } from './openai-message-text.js';

const part = z
  .looseObject({ type: z.string() })
  .refine((value) => value.type !== 'text' || typeof value.text === 'string', {
    message: 'a text part needs a string text',
  });
const message = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.union([z.string(), z.array(part), z.null()]).optional(),
});

const body = z.looseObject({
  messages: z.array(z.unknown()),
  user: z.unknown().optional(),
  response_format: z.looseObject({ type: z.string().optional() }).nullish(),
});

const isInstruction = (role: unknown): boolean => role === 'system' || role === 'developer';

/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`): `messages` with system and developer messages among them.
 * The pin is a message of its own after the caller's leading instructions, the recap heads the last user message
 * (`decorateOpenaiRequest`); OpenAI caches prefixes without breakpoints.
 */
export const openaiChatFormat: WireFormat<OpenaiMessage[], OpenaiConversation> = {
  name: 'openai',
  check(input) {
    checkShape(z.array(message), input.messages, 'messages', 'OpenAI chat messages ({ role, content })');
    return input.messages as OpenaiMessage[];
  },
  read(messages) {
    const current = findCurrentOpenaiTurn(messages);
    const turn = messages[current];
    if (turn === undefined) return undefined;
    const systemTexts: string[] = [];
    const reading: ConversationReading = {
      text: openaiMessageText(turn),
      types: Array.isArray(turn.content) ? turn.content.map((item) => item.type) : [],
      visible: [],
      previousReply: undefined,
      sent: messages.slice(0, current + 1).flatMap(openaiKeyParts),
      systemText: '',
      historyTexts: [],
    };
    messages.forEach((earlier, index) => {
      if (index === current) return;
      const cost = openaiMessageCost(earlier);
      if (isInstruction(earlier.role)) systemTexts.push(cost);
      else reading.historyTexts.push(cost);
      if (index > current || (earlier.role !== 'user' && earlier.role !== 'assistant')) return;
      const said = openaiMessageText(earlier);
      if (said === '') return;
      reading.visible.push(said);
      if (earlier.role === 'assistant') reading.previousReply = said;
    });
    reading.systemText = systemTexts.join('\n\n');
    return reading;
  },
  place(messages, notes) {
    const decorated = decorateOpenaiRequest(messages, notes);
    return { request: { messages: decorated.messages }, currentTurn: decorated.currentTurn, droppedBreakpoints: [] };
  },
  estimate({ messages }) {
    const system: TextBlock[] = [];
    const turns: PreparedRequest['messages'] = [];
    for (const item of messages) {
      const block = costBlock(openaiMessageCost(item), undefined);
      if (isInstruction(item.role)) system.push(block);
      else turns.push({ role: item.role === 'assistant' ? 'assistant' : 'user', content: [block] });
    }
    return { system, messages: turns };
  },
  sentPrompt({ messages }, currentTurn) {
    // The system and developer messages that open the list, memstack's pin among them.
    let opening = 0;
    while (opening < currentTurn && isInstruction(messages[opening]?.role)) opening += 1;
    return {
      format: 'openai',
      system: messages.slice(0, opening),
      earlierMessages: currentTurn - opening,
      current: messages.slice(currentTurn),
    };
  },
  currentText({ messages }, currentTurn) {
    const content = messages[currentTurn]?.content;
    if (typeof content === 'string') return content;
    if (!Array.isArray(content)) return undefined;
    const first = content.find((item) => item.type === 'text') as { text?: unknown } | undefined;
    return typeof first?.text === 'string' ? first.text : undefined;
  },
  route: { path: '/v1/chat/completions', provider: 'openai' },
  passThrough: () => 'fallback',
  readBody(value) {
    const parsed = body.safeParse(value);
    if (!parsed.success) return undefined;
    const format = parsed.data.response_format?.type;
    return {
      input: { messages: parsed.data.messages },
      user: parsed.data.user,
      asksForData: format === 'json_schema' || format === 'json_object',
    };
  },
  collector: openaiChatReply,
  error: openaiError,
};
