import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnthropicMessage, OpenaiMessage } from '../../spec/conversation.js';
import { anthropicKeyParts } from './anthropic/anthropic-key-parts.js';
import { openaiKeyParts } from './openai-chat/openai-key-parts.js';
import { requestKey } from './request-key.js';

// Each format reads its messages in its own folder (decision 29).
const requestKeyParts = { anthropic: anthropicKeyParts, openai: openaiKeyParts };

const parts = fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 6 });

describe('requestKey', () => {
  it('is the same for the same parts, and 22 base64url characters (property)', () => {
    fc.assert(
      fc.property(parts, (list) => {
        const key = requestKey(list);
        expect(requestKey([...list])).toBe(key);
        expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      }),
    );
  });

  it('differs for any two different lists, however their parts are cut (property)', () => {
    fc.assert(
      fc.property(parts, parts, (one, other) => {
        fc.pre(JSON.stringify(one) !== JSON.stringify(other));
        expect(requestKey(one)).not.toBe(requestKey(other));
      }),
      { numRuns: 500 },
    );
    expect(requestKey(['ab', 'c'])).not.toBe(requestKey(['a', 'bc']));
    expect(requestKey(['a', ''])).not.toBe(requestKey(['a']));
  });
});

describe('requestKeyParts', () => {
  const key = (messages: AnthropicMessage[]) => requestKey(messages.flatMap(requestKeyParts.anthropic));

  it('reads what was said, called and returned, not where the cache breakpoints are', () => {
    const text = (value: string, cached = false): AnthropicMessage => ({
      role: 'user',
      content: [{ type: 'text', text: value, ...(cached ? { cache_control: { type: 'ephemeral' as const } } : {}) }],
    });
    expect(key([text('yes', true)])).toBe(key([text('yes')]));
    expect(key([text('yes')])).toBe(key([{ role: 'user', content: 'yes' }]));
    expect(key([text('yes')])).not.toBe(key([text('yes.')]));
    expect(key([{ role: 'assistant', content: 'yes' }])).not.toBe(key([{ role: 'user', content: 'yes' }]));
    const call = (city: string): AnthropicMessage => ({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 't1', name: 'weather', input: { city } }],
    });
    expect(key([call('Lisbon')])).not.toBe(key([call('Porto')]));
    const result = (content: string): AnthropicMessage => ({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 't1', content }],
    });
    expect(key([result('21°C')])).not.toBe(key([result('22°C')]));
  });

  it('tells images and files apart by the size of their data', () => {
    const image = (data: string): AnthropicMessage => ({
      role: 'user',
      content: [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data } },
        { type: 'text', text: 'what is this?' },
      ],
    });
    expect(key([image('aaaa')])).toBe(key([image('bbbb')]));
    expect(key([image('aaaa')])).not.toBe(key([image('aaaaaa')]));
    const openai = (url: string): OpenaiMessage => ({
      role: 'user',
      content: [
        { type: 'text', text: 'what is this?' },
        { type: 'image_url', image_url: { url } },
      ],
    });
    const openaiKey = (message: OpenaiMessage) => requestKey(requestKeyParts.openai(message));
    expect(openaiKey(openai('https://example.com/a.png'))).not.toBe(openaiKey(openai('https://example.com/ab.png')));
    expect(openaiKey(openai('https://example.com/a.png'))).not.toBe(
      openaiKey({ role: 'user', content: 'what is this?' }),
    );
  });
});
