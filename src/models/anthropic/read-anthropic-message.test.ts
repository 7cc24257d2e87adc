import { describe, expect, it } from 'vitest';
import { readAnthropicMessage } from './read-anthropic-message.js';

describe('readAnthropicMessage', () => {
  it('joins the text blocks in order and maps the usage', () => {
    expect(
      readAnthropicMessage({
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'let me see', signature: 'x' },
          { type: 'text', text: '{"facts": [' },
          { type: 'text', text: '"User uses pnpm"]}' },
        ],
        stop_reason: 'end_turn',
        usage: { input_tokens: 40, output_tokens: 12, cache_creation_input_tokens: null, cache_read_input_tokens: 0 },
      }),
    ).toStrictEqual({
      text: '{"facts": ["User uses pnpm"]}',
      usage: { inputTokens: 40, outputTokens: 12, cacheReadInputTokens: 0 },
    });
  });

  it('returns empty text for a message with no text block', () => {
    expect(readAnthropicMessage({ content: [], usage: { input_tokens: 1, output_tokens: 0 } })).toStrictEqual({
      text: '',
      usage: { inputTokens: 1, outputTokens: 0 },
    });
  });

  it('throws a ModelCallError for a reply that is not a message', () => {
    for (const reply of [null, 'text', { content: 'text' }, { content: [{ text: 'no type' }] }]) {
      expect(() => readAnthropicMessage(reply)).toThrow(
        expect.objectContaining({
          code: 'MODEL_CALL_FAILED',
          message: 'the Anthropic API sent a reply that is not a message',
        }),
      );
    }
    expect(() => readAnthropicMessage({ content: [{ type: 'text', text: 3 }] })).toThrow(
      'the Anthropic API sent a text block without text',
    );
  });
});
