import { describe, expect, it } from 'vitest';
import { parseClaudeStreamJson } from './parse-claude-stream-json.js';

const line = (event: unknown): string => JSON.stringify(event);

describe('parseClaudeStreamJson', () => {
  it('reads the init event without its session id', () => {
    expect(
      parseClaudeStreamJson(line({ type: 'system', subtype: 'init', session_id: 'throwaway', tools: [] })),
    ).toEqual({
      kind: 'init',
    });
  });

  it('ignores other system events', () => {
    expect(parseClaudeStreamJson(line({ type: 'system', subtype: 'api_retry', attempt: 1 }))).toEqual({
      kind: 'ignored',
    });
  });

  it('reads the text blocks of an assistant message, joined, and skips its other blocks', () => {
    const event = {
      type: 'assistant',
      message: {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'hmm' },
          { type: 'text', text: 'Let me ' },
          { type: 'tool_use', id: 't1', name: 'Read', input: {} },
          { type: 'text', text: 'check.' },
        ],
      },
      parent_tool_use_id: null,
      session_id: 's',
    };
    expect(parseClaudeStreamJson(line(event))).toEqual({ kind: 'text', text: 'Let me check.' });
  });

  it('ignores an assistant message with no text, and a subagent’s messages', () => {
    const toolOnly = {
      type: 'assistant',
      message: { content: [{ type: 'tool_use', id: 't', name: 'Bash', input: {} }] },
    };
    const subagent = {
      type: 'assistant',
      message: { content: [{ type: 'text', text: 'inner' }] },
      parent_tool_use_id: 't',
    };
    expect(parseClaudeStreamJson(line(toolOnly))).toEqual({ kind: 'ignored' });
    expect(parseClaudeStreamJson(line(subagent))).toEqual({ kind: 'ignored' });
  });

  it('reports the synthetic message of an API error as an error, never as text', () => {
    const event = {
      type: 'assistant',
      message: { model: '<synthetic>', content: [{ type: 'text', text: 'Not logged in · Please run /login' }] },
      parent_tool_use_id: null,
      error: 'authentication_failed',
    };
    expect(parseClaudeStreamJson(line(event))).toEqual({ kind: 'api-error', error: 'authentication_failed' });
    expect(parseClaudeStreamJson(line({ ...event, error: { odd: true } }))).toEqual({
      kind: 'api-error',
      error: 'unknown',
    });
  });

  it('reads a success result with its usage', () => {
    const event = {
      type: 'result',
      subtype: 'success',
      is_error: false,
      result: 'Done.',
      session_id: 's',
      usage: { input_tokens: 3, output_tokens: 9, cache_creation_input_tokens: 100, cache_read_input_tokens: 2000 },
    };
    expect(parseClaudeStreamJson(line(event))).toEqual({
      kind: 'result',
      result: {
        subtype: 'success',
        isError: false,
        text: 'Done.',
        errors: [],
        usage: { inputTokens: 3, outputTokens: 9, cacheCreationInputTokens: 100, cacheReadInputTokens: 2000 },
        apiErrorStatus: undefined,
      },
    });
  });

  it('reads an error result with its errors and API status', () => {
    const event = {
      type: 'result',
      subtype: 'error_during_execution',
      is_error: true,
      errors: ['No conversation found with session ID: x'],
      api_error_status: 404,
    };
    expect(parseClaudeStreamJson(line(event))).toEqual({
      kind: 'result',
      result: {
        subtype: 'error_during_execution',
        isError: true,
        text: null,
        errors: ['No conversation found with session ID: x'],
        usage: undefined,
        apiErrorStatus: 404,
      },
    });
  });

  it('keeps an error result whose diagnostics are malformed', () => {
    const parsed = parseClaudeStreamJson(
      line({ type: 'result', subtype: 'success', is_error: true, result: 'x', errors: 'oops', api_error_status: 'a' }),
    );
    expect(parsed).toMatchObject({ kind: 'result', result: { isError: true, errors: [], apiErrorStatus: undefined } });
  });

  it.each([
    'user',
    'stream_event',
    'rate_limit_event',
    'keep_alive',
    'tool_progress',
    'tool_use_summary',
    'auth_status',
    'prompt_suggestion',
  ])('ignores the known %s event', (type) => {
    expect(parseClaudeStreamJson(line({ type }))).toEqual({ kind: 'ignored' });
  });

  it('reports an unknown event type', () => {
    expect(parseClaudeStreamJson(line({ type: 'brand_new_event' }))).toEqual({
      kind: 'unknown',
      type: 'brand_new_event',
    });
  });

  it.each([
    ['text that is not JSON', 'Warning: low disk space'],
    ['JSON that is not an event', '[1, 2]'],
    ['an event without a string type', line({ type: 7 })],
    ['a system event without a subtype', line({ type: 'system' })],
    ['an assistant event without content', line({ type: 'assistant', message: {} })],
    ['a text block without text', line({ type: 'assistant', message: { content: [{ type: 'text' }] } })],
    ['a result without is_error', line({ type: 'result', subtype: 'success', result: 'x' })],
    ['a result with a non-string result', line({ type: 'result', subtype: 'success', is_error: false, result: 5 })],
  ])('reports %s as invalid', (_name, text) => {
    expect(parseClaudeStreamJson(text)).toMatchObject({ kind: 'invalid' });
  });

  it('quotes only the start of a long odd line', () => {
    const parsed = parseClaudeStreamJson('x'.repeat(10_000));
    expect(parsed.kind).toBe('invalid');
    expect(parsed.kind === 'invalid' && parsed.reason.length).toBeLessThan(200);
  });
});
