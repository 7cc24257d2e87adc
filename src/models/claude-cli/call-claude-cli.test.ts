import { describe, expect, it } from 'vitest';
import { type ClaudeCliCall, callClaudeCli } from './call-claude-cli.js';

const init = { type: 'system', subtype: 'init', session_id: 'throwaway' };
const assistant = (text: string, extra: object = {}) => ({
  type: 'assistant',
  message: { content: [{ type: 'text', text }] },
  parent_tool_use_id: null,
  ...extra,
});
const success = (text: string) => ({
  type: 'result',
  subtype: 'success',
  is_error: false,
  result: text,
  usage: { input_tokens: 1, output_tokens: 2 },
});

/** A call to this Node running a script that prints the given events (then does `then`). */
function scriptCall(events: unknown[], then = '', overrides: Partial<ClaudeCliCall> = {}): ClaudeCliCall {
  const print = events.map((event) => (typeof event === 'string' ? event : JSON.stringify(event)));
  return {
    command: process.execPath,
    args: ['-e', `for (const line of ${JSON.stringify(print)}) console.log(line);\n${then}`],
    input: '',
    cwd: process.cwd(),
    env: {},
    timeoutMs: 10_000,
    graceMs: 100,
    ...overrides,
  };
}

async function run(events: unknown[], then = '', overrides: Partial<ClaudeCliCall> = {}) {
  const deltas: string[] = [];
  const result = await callClaudeCli(scriptCall(events, then, { onText: (delta) => deltas.push(delta), ...overrides }));
  return { result, deltas };
}

describe('callClaudeCli', () => {
  it('streams the assistant text and returns the result’s text and usage', async () => {
    const { result, deltas } = await run([init, assistant('Hel'), assistant('lo'), success('Hello')]);
    expect(result).toEqual({ ok: true, text: 'Hello', usage: { inputTokens: 1, outputTokens: 2 } });
    expect(deltas).toEqual(['Hel', 'lo']);
  });

  it('falls back to the streamed text when the result carries none', async () => {
    const { result } = await run([init, assistant('Hel'), assistant('lo'), { ...success(''), result: undefined }]);
    expect(result).toMatchObject({ ok: true, text: 'Hello' });
  });

  it('never streams nor returns the text of an API error', async () => {
    const text = 'Not logged in · Please run /login';
    const { result, deltas } = await run(
      [init, assistant(text, { error: 'authentication_failed' }), { ...success(text), is_error: true }],
      'process.exitCode = 1',
    );
    expect(deltas).toEqual([]);
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'error-result', apiError: 'authentication_failed', exitCode: 1 },
    });
    expect(result.ok === false && result.failure.detail).toContain(text);
  });

  it('fails on an error subtype even when is_error is false', async () => {
    const { result } = await run([init, { ...success(''), subtype: 'error_max_turns' }]);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'error-result' } });
  });

  it('fails on a success result followed by a non-zero exit', async () => {
    const { result } = await run([init, success('partial')], `process.stderr.write('crash'); process.exitCode = 2;`);
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'exit-code', exitCode: 2, detail: 'exited with code 2: crash' },
    });
  });

  it('recognises a missing conversation from stderr alone', async () => {
    const { result } = await run(
      [],
      `process.stderr.write('No conversation found with session ID: abc\\n'); process.exitCode = 1;`,
    );
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'session-not-found', detail: 'No conversation found with session ID: abc' },
    });
  });

  it('recognises a refused session id from the errors of a result', async () => {
    const refused = { ...success(''), subtype: 'error_during_execution', is_error: true, result: undefined };
    const { result } = await run([
      { ...refused, errors: ['Error: --resume requires a valid session ID or session title'] },
    ]);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'invalid-session' } });
  });

  it('stops at the first unknown event, streaming nothing after it', async () => {
    const started = Date.now();
    const { result, deltas } = await run(
      [init, assistant('before'), { type: 'brand_new_event' }, assistant('after'), success('x')],
      'setInterval(() => {}, 1000)',
    );
    expect(result).toMatchObject({ ok: false, failure: { kind: 'unknown-event' } });
    expect(deltas).toEqual(['before']);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops at a line that is not JSON', async () => {
    const { result } = await run([init, 'Error: something', success('x')]);
    expect(result).toMatchObject({ ok: false, failure: { kind: 'malformed-stream' } });
  });

  it('reports a run that ends without a result, and a non-zero exit without one', async () => {
    expect((await run([init])).result).toMatchObject({ ok: false, failure: { kind: 'no-result' } });
    expect((await run([init], 'process.exitCode = 4')).result).toMatchObject({
      ok: false,
      failure: { kind: 'exit-code', exitCode: 4 },
    });
  });

  it('times out without a result, but keeps a whole result when only the exit lingers', async () => {
    const hung = await run([init, assistant('partial')], 'setInterval(() => {}, 1000)', { timeoutMs: 300 });
    expect(hung.result).toMatchObject({ ok: false, failure: { kind: 'timeout', detail: 'no result within 300 ms' } });
    const lingering = await run([init, success('whole')], 'setInterval(() => {}, 1000)', {
      timeoutMs: 300,
      graceMs: 10_000,
    });
    expect(lingering.result).toMatchObject({ ok: true, text: 'whole' });
  });

  it('reports a command that cannot start', async () => {
    const { result } = await run([], '', { command: '/nonexistent/claude' });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'spawn-failed' } });
  });

  it('reports an abort', async () => {
    const { result } = await run([init], 'setInterval(() => {}, 1000)', { signal: AbortSignal.timeout(100) });
    expect(result).toMatchObject({ ok: false, failure: { kind: 'aborted' } });
  });

  it('rethrows an error of onText after stopping the run', async () => {
    const failure = new Error('client went away');
    const call = scriptCall([init, assistant('a'), success('a')], '', {
      onText: () => {
        throw failure;
      },
    });
    await expect(callClaudeCli(call)).rejects.toBe(failure);
  });
});
