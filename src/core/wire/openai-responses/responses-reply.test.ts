import { describe, expect, it } from 'vitest';
import { responsesReply } from './responses-reply.js';

const response = (status: string) => ({
  id: 'resp_1',
  status,
  output: [
    { type: 'reasoning', id: 'rs_1', summary: [] },
    { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Checking.', annotations: [] }] },
    { type: 'function_call', call_id: 'call_1', name: 'weather', arguments: '{"city":"Lisbon"}' },
  ],
  usage: { input_tokens: 120, input_tokens_details: { cached_tokens: 100 }, output_tokens: 12, total_tokens: 132 },
});

describe('responsesReply', () => {
  it('reads the text, the function calls as tool_use blocks, and the usage with its cached tokens', () => {
    const collector = responsesReply();
    collector.body(response('completed'));
    expect(collector.reply()).toEqual({
      text: 'Checking.',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Lisbon' } },
      ],
      usage: { inputTokens: 20, outputTokens: 12, cacheReadInputTokens: 100 },
    });
  });

  it('takes a stream from response.completed, the last event; a failed or cut stream is no reply', () => {
    const completed = responsesReply();
    completed.event('response.output_text.delta', { type: 'response.output_text.delta', delta: 'Check' });
    expect(completed.isFinal('response.output_text.delta', {})).toBe(false);
    const last = { type: 'response.completed', response: response('completed') };
    expect(completed.isFinal('response.completed', last)).toBe(true);
    completed.event('response.completed', last);
    expect(completed.reply()?.text).toBe('Checking.');

    const failed = responsesReply();
    failed.event('response.failed', { type: 'response.failed', response: response('failed') });
    expect(failed.reply()).toBeUndefined();
    const cut = responsesReply();
    cut.event('response.output_text.delta', { type: 'response.output_text.delta', delta: 'Check' });
    cut.event(undefined, { error: { message: 'memstack: cut', type: 'api_error' } });
    expect(cut.reply()).toBeUndefined();
  });
});
