import { z } from 'zod';
import type { AnthropicMessage, AnthropicSystem, OpenaiMessage } from '../spec/conversation.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';

const block = z
  .looseObject({ type: z.string() })
  .refine((value) => value.type !== 'text' || typeof value.text === 'string', {
    message: 'a text block needs a string text',
  });
const anthropicMessage = z.looseObject({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.union([z.string(), z.array(block)]),
});
const textBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
const anthropicSystem = z.union([z.string(), z.array(textBlock)]).optional();
const openaiPart = z
  .looseObject({ type: z.string() })
  .refine((value) => value.type !== 'text' || typeof value.text === 'string', {
    message: 'a text part needs a string text',
  });
const openaiMessage = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.union([z.string(), z.array(openaiPart), z.null()]).optional(),
});
const tools = z.array(z.unknown()).optional();

/**
 * The caller's conversation, checked against the shape memstack reads (roles, content, text blocks), every other
 * field left open. The values returned are the caller's own objects, not copies: what passes through stays the same.
 */
export const checkConversation = {
  anthropic(input: { system?: unknown; messages?: unknown; tools?: unknown }): {
    system: AnthropicSystem | undefined;
    messages: AnthropicMessage[];
    tools: readonly unknown[];
  } {
    check(z.array(anthropicMessage), input.messages, 'messages', 'Anthropic messages ({ role, content })');
    check(anthropicSystem, input.system, 'system', 'a string or text blocks');
    check(tools, input.tools, 'tools', 'an array');
    return {
      system: input.system as AnthropicSystem | undefined,
      messages: input.messages as AnthropicMessage[],
      tools: (input.tools as unknown[] | undefined) ?? [],
    };
  },
  openai(input: { messages?: unknown }): OpenaiMessage[] {
    check(z.array(openaiMessage), input.messages, 'messages', 'OpenAI chat messages ({ role, content })');
    return input.messages as OpenaiMessage[];
  },
};

function check(schema: z.ZodType, value: unknown, argument: string, expected: string): void {
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${argument}.${issue.path.join('.')}` : '';
  throw new InvalidInputError(
    'INVALID_ARGUMENT',
    argument,
    `${argument} must be ${expected}${where}: ${issue?.message ?? 'invalid'}`,
  );
}
