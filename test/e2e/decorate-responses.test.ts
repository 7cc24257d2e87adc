import fc from 'fast-check';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStack, InvalidInputError, llmExtractor, type MemoryStack } from '../../src/index.js';
import { fromOpenaiCompatibleUsage } from '../../src/openai-compatible.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';
import { extractionReply as extraction } from '../support/extraction-reply.js';
import { type OpenaiServer, startOpenaiServer } from '../support/openai-server.js';
import { functionCallItem, responsesReply, responsesStreamReply } from '../support/responses-replies.js';

const alice = { agentId: 'planner', userId: 'alice' };
type SentBody = {
  instructions?: string;
  input: string | Array<{ type?: string; role?: string; content?: unknown }>;
  previous_response_id?: string;
};

/** The OpenAI Responses API through `stack.decorate`, with the official client against a local server. */
describe('decorate over the Responses API (openai SDK, client.responses.create)', () => {
  let stack: MemoryStack;
  let server: OpenaiServer | undefined;
  afterEach(async () => {
    await stack.close();
    await server?.close();
    server = undefined;
  });
  const open = (replies: string[]): void => {
    stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: llmExtractor({ model: scriptedCompletionModel(replies) }),
    });
  };

  it('string input, then previous_response_id turns (JSON and stream): memory on the new input, each exchange stored', async () => {
    open([extraction('Plan a weekend in Lisbon', ['User travels with a dog']), extraction(null), extraction(null)]);
    server = await startOpenaiServer();
    const usage = { input_tokens: 120, output_tokens: 12, cached_tokens: 100 };
    server.reply(
      responsesReply({ model: 'gpt-test', id: 'resp_1', text: 'Alfama and a dog-friendly park.', usage }),
      responsesStreamReply({ model: 'gpt-test', id: 'resp_2', deltas: ['Parque ', 'Eduardo VII.'], usage }),
    );
    const client = new OpenAI({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 });

    const first = await stack.decorate({
      ...alice,
      format: 'openai-responses',
      instructions: 'Answer briefly.',
      input: 'Plan my weekend in Lisbon. I travel with my dog.',
    });
    const response = await client.responses.create({ model: 'gpt-test', ...first.request });
    const recorded = await stack.record(first, {
      text: response.output_text,
      usage: fromOpenaiCompatibleUsage(response.usage),
    });
    expect(recorded.toolStep).toBe(false);
    await stack.idle();

    // The next turn: only the new input; the history is on OpenAI's side, and memstack adds the memory to it.
    const input: OpenAI.Responses.ResponseInput = [
      { role: 'user', content: [{ type: 'input_text', text: 'Which park can the dog run in?' }] },
    ];
    const second = await stack.decorate({
      ...alice,
      format: 'openai-responses',
      instructions: 'Answer briefly.',
      input,
      previous_response_id: response.id,
    });
    expect(second.currentTurn).toBe(0);
    const stream = await client.responses.create({
      model: 'gpt-test',
      ...second.request,
      previous_response_id: response.id,
      stream: true,
    });
    let text = '';
    let completed: OpenAI.Responses.Response | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') completed = event.response;
    }
    expect(text).toBe('Parque Eduardo VII.');
    await stack.record(second, { text, usage: fromOpenaiCompatibleUsage(completed?.usage) });
    await stack.idle();

    const sent = server.requests.map((request) => request.body as SentBody);
    expect(sent[0]?.instructions).toBe('Answer briefly.');
    expect(sent[0]?.input).toMatch(/Plan my weekend in Lisbon\. I travel with my dog\.$/);
    expect(sent[1]?.previous_response_id).toBe('resp_1');
    expect(sent[1]?.instructions).toMatch(/^Answer briefly\.\n\n[\s\S]*Plan a weekend in Lisbon/);
    const items = sent[1]?.input as Array<{ content: Array<{ type: string; text: string }> }>;
    const item = items[0];
    expect(item?.content[0]?.text).toMatch(
      /^<task_recap>[\s\S]*User travels with a dog[\s\S]*Which park can the dog run in\?$/,
    );
    // The caller's input is its own, unchanged.
    expect(input[0]).toEqual({
      role: 'user',
      content: [{ type: 'input_text', text: 'Which park can the dog run in?' }],
    });

    const session = await stack.session(alice);
    const turns = session.turns.map((turn) => `${turn.role}: ${turn.text}`);
    expect(turns).toEqual([
      'user: Plan my weekend in Lisbon. I travel with my dog.',
      'assistant: Alfama and a dog-friendly park.',
      'user: Which park can the dog run in?',
      'assistant: Parque Eduardo VII.',
    ]);
    expect(server.pending).toBe(0);
    // The request as sent is kept for the inspector, with its format: the instructions, then the current turn.
    const exchanges = await stack.inspect.exchanges(second.session.key);
    expect(exchanges[1]?.sent).toEqual({
      format: 'openai-responses',
      system: second.request.instructions,
      earlierMessages: 0,
      current: second.request.input,
    });
  });

  it('items: the recap goes on the user message, not on function call outputs; a tool loop is one exchange', async () => {
    open([extraction(null)]);
    server = await startOpenaiServer();
    server.reply(
      responsesReply({
        model: 'gpt-test',
        text: '',
        calls: [functionCallItem('call_1', 'weather', '{"city":"Lisbon"}')],
      }),
      responsesReply({ model: 'gpt-test', text: 'Sunny, 21°C.' }),
    );
    const client = new OpenAI({ apiKey: 'k', baseURL: server.baseURL, maxRetries: 0 });
    const input: OpenAI.Responses.ResponseInput = [
      { role: 'developer', content: 'Use the tools.' },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What is the weather in Lisbon?' }] },
    ];
    const step = await stack.decorate({ ...alice, format: 'openai-responses', input });
    const first = await client.responses.create({ model: 'gpt-test', ...step.request });
    const call = first.output.find((entry) => entry.type === 'function_call');
    expect(call?.type).toBe('function_call');
    const recordedStep = await stack.record(step, {
      text: '',
      content: [{ type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Lisbon' } }],
    });
    expect(recordedStep.toolStep).toBe(true);

    const output = { type: 'function_call_output' as const, call_id: 'call_1', output: '21°C, sunny' };
    input.push(...(first.output as OpenAI.Responses.ResponseInputItem[]), output);
    const final = await stack.decorate({ ...alice, format: 'openai-responses', input });
    expect(final.currentTurn).toBe(1);
    const request = final.request.input as OpenAI.Responses.ResponseInputItem[];
    expect(request.at(-1)).toBe(output);
    expect(request[0]).toBe(input[0]);
    const answer = await client.responses.create({ model: 'gpt-test', ...final.request });
    const recorded = await stack.record(final, { text: answer.output_text });
    expect(recorded.toolStep).toBe(false);
    const session = await stack.session(alice);
    expect(session.turns.map((turn) => turn.text)).toEqual(['What is the weather in Lisbon?', 'Sunny, 21°C.']);
  });

  it('a repeated request is one turn; a bad input is an InvalidInputError', async () => {
    open([extraction(null)]);
    const request = { ...alice, format: 'openai-responses' as const, input: 'yes', previous_response_id: 'resp_9' };
    const turn = await stack.decorate(request);
    await stack.record(turn, { text: 'Done.' });
    expect((await stack.decorate(request)).alreadyRecorded).toBe(true);
    // Another conversation before the same words is another turn.
    expect((await stack.decorate({ ...request, previous_response_id: 'resp_10' })).alreadyRecorded).toBe(false);
    for (const bad of [
      { input: 42 },
      { input: [{ role: 'user', content: [{ type: 'input_text' }] }] },
      { input: [{ content: 'no role' }] },
      { input: 'hi', instructions: 7 },
      { input: [{ type: 'function_call_output', call_id: 'c', output: 'x' }] },
    ]) {
      await expect(
        stack.decorate({ ...alice, format: 'openai-responses', ...(bad as { input: string }) }),
      ).rejects.toBeInstanceOf(InvalidInputError);
    }
  });

  it('any request of any format is decorated or refused with an InvalidInputError, never a crash (property)', async () => {
    open([]);
    const value = fc.oneof(
      fc.anything(),
      fc.string(),
      fc.array(
        fc.record(
          {
            type: fc.constantFrom('message', 'function_call', 'function_call_output', 'input_text', 'text', 'x'),
            role: fc.constantFrom('user', 'assistant', 'system', 'developer', 'tool', ''),
            content: fc.oneof(
              fc.string(),
              fc.array(fc.record({ type: fc.constantFrom('input_text', 'text', 'input_image'), text: fc.anything() })),
              fc.anything(),
            ),
            output: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 4 },
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('anthropic', 'openai', 'openai-responses'),
        value,
        value,
        async (format, main, side) => {
          const fields = { messages: main, input: main, system: side, instructions: side };
          try {
            const turn = await stack.decorate({ ...alice, format, ...fields } as never);
            expect(turn.currentTurn).toBeGreaterThanOrEqual(0);
          } catch (error) {
            expect(error).toBeInstanceOf(InvalidInputError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
