import { describe, expect, it } from 'vitest';
import type { PreparedRequest } from '../../spec/prepared-turn.js';
import { convertToOpenaiCompatibleMessages } from './convert-to-openai-compatible-messages.js';

const ephemeral = { type: 'ephemeral' } as const;

describe('convertToOpenaiCompatibleMessages', () => {
  it('joins the system blocks into one system message and drops cache_control everywhere', () => {
    const request: PreparedRequest = {
      system: [
        { type: 'text', text: 'You are terse.', cache_control: ephemeral },
        {
          type: 'text',
          text: '<pinned_task>\nShip it\n</pinned_task>',
          cache_control: { type: 'ephemeral', ttl: '1h' },
        },
      ],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'Hello.', cache_control: ephemeral }] },
        { role: 'user', content: [{ type: 'text', text: '<task_recap>\nPinned task: Ship it\n</task_recap>\n\nGo' }] },
      ],
    };
    const messages = convertToOpenaiCompatibleMessages(request);
    expect(messages).toEqual([
      { role: 'system', content: 'You are terse.\n\n<pinned_task>\nShip it\n</pinned_task>' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: '<task_recap>\nPinned task: Ship it\n</task_recap>\n\nGo' },
    ]);
    expect(JSON.stringify(messages)).not.toContain('cache_control');
  });

  it('joins the blocks of one message end to end, as the layouts separate them themselves', () => {
    const messages = convertToOpenaiCompatibleMessages({
      system: [],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '<task_recap>\nPinned task: X\n</task_recap>\n\n' },
            { type: 'text', text: 'the message' },
          ],
        },
      ],
    });
    expect(messages).toEqual([{ role: 'user', content: '<task_recap>\nPinned task: X\n</task_recap>\n\nthe message' }]);
  });

  it('sends no system message when there is no system text', () => {
    expect(
      convertToOpenaiCompatibleMessages({
        system: [],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      }),
    ).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(
      convertToOpenaiCompatibleMessages({
        system: [{ type: 'text', text: '' }],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      }),
    ).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('leaves the prepared request untouched', () => {
    const request: PreparedRequest = {
      system: [{ type: 'text', text: 'S', cache_control: ephemeral }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'U', cache_control: ephemeral }] }],
    };
    const before = structuredClone(request);
    convertToOpenaiCompatibleMessages(request);
    expect(request).toEqual(before);
  });
});
