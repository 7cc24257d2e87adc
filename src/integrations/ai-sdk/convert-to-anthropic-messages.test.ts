import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { LanguageModelMiddleware } from 'ai-v7';
import { describe, expect, it } from 'vitest';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';

/** `ai` 7's provider-level prompt (LanguageModelV4), as its middleware receives it. */
type LanguageModelV4Prompt = Parameters<NonNullable<LanguageModelMiddleware['transformParams']>>[0]['params']['prompt'];

describe('convertToAnthropicMessages', () => {
  it('reads a LanguageModelV4 prompt (ai 7): its custom parts have no block, a file typed only "image" is an image', () => {
    const prompt: LanguageModelV4Prompt = [
      { role: 'system', content: 'You plan trips.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this park?' },
          { type: 'file', mediaType: 'image', data: { type: 'url', url: new URL('https://example.com/park.jpg') } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Parque Eduardo VII.' },
          { type: 'custom', kind: 'openai.compaction', providerOptions: { openai: { id: 'cmp_1' } } },
        ],
      },
    ];
    const converted = convertToAnthropicMessages(prompt as unknown as LanguageModelV3Prompt);
    expect(converted.system).toEqual([{ type: 'text', text: 'You plan trips.' }]);
    expect(converted.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'What is this park?' }, { type: 'image' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Parque Eduardo VII.' }] },
    ]);
    expect(converted.source).toEqual([1, 2]);
  });
});
