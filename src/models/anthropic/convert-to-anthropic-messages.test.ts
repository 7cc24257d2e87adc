import { describe, expect, it } from 'vitest';
import type { PreparedRequest } from '../../spec/prepared-turn.js';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';

const request: PreparedRequest = {
  system: [
    { type: 'text', text: 'You are a coder.', cache_control: { type: 'ephemeral' } },
    { type: 'text', text: '<pinned_task>Ship it</pinned_task>', cache_control: { type: 'ephemeral', ttl: '1h' } },
  ],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Hello', cache_control: { type: 'ephemeral' } }] },
    { role: 'user', content: [{ type: 'text', text: '<task_recap>Ship it</task_recap>\n\nNext?' }] },
  ],
};

describe('convertToAnthropicMessages', () => {
  it('copies every block in order, with its text and its cache_control (ttl included) untouched', () => {
    expect(convertToAnthropicMessages(request)).toStrictEqual({
      system: [
        { type: 'text', text: 'You are a coder.', cache_control: { type: 'ephemeral' } },
        { type: 'text', text: '<pinned_task>Ship it</pinned_task>', cache_control: { type: 'ephemeral', ttl: '1h' } },
      ],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Hello', cache_control: { type: 'ephemeral' } }] },
        { role: 'user', content: [{ type: 'text', text: '<task_recap>Ship it</task_recap>\n\nNext?' }] },
      ],
    });
  });

  it('keeps empty and whitespace blocks: the mapping drops nothing', () => {
    const converted = convertToAnthropicMessages({
      system: [{ type: 'text', text: '' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: ' ' },
            { type: 'text', text: '' },
          ],
        },
      ],
    });
    expect(converted).toStrictEqual({
      system: [{ type: 'text', text: '' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: ' ' },
            { type: 'text', text: '' },
          ],
        },
      ],
    });
  });

  it('leaves system out when the layout made no system block', () => {
    const converted = convertToAnthropicMessages({ system: [], messages: request.messages.slice(0, 1) });
    expect(converted).toStrictEqual({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });
    expect('system' in converted).toBe(false);
  });

  it('builds new objects, so the prepared request cannot be changed through the result', () => {
    const converted = convertToAnthropicMessages(request);
    expect(converted.system?.[0]).not.toBe(request.system[0]);
    expect(converted.system?.[0]?.cache_control).not.toBe(request.system[0]?.cache_control);
    expect(converted.messages[1]?.content).not.toBe(request.messages[1]?.content);
    const block = converted.messages[0]?.content;
    if (Array.isArray(block) && block[0]?.type === 'text') block[0].text = 'changed';
    expect(request.messages[0]?.content[0]?.text).toBe('Hi');
  });

  it('sends only the fields memstack defines', () => {
    const withExtra = {
      system: [],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi', citations: [], extra: 1 }] }],
    } as unknown as PreparedRequest;
    expect(convertToAnthropicMessages(withExtra).messages).toStrictEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
    ]);
  });
});
