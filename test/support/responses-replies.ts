import type { ScriptedReply } from './openai-server.js';

/** The Responses API's usage object. */
export interface ResponsesUsage {
  input_tokens: number;
  output_tokens: number;
  cached_tokens?: number;
}

const createdAt = 1_760_000_000;

function usageOf(usage: ResponsesUsage | undefined) {
  if (usage === undefined) return null;
  return {
    input_tokens: usage.input_tokens,
    input_tokens_details: { cached_tokens: usage.cached_tokens ?? 0 },
    output_tokens: usage.output_tokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.input_tokens + usage.output_tokens,
  };
}

/** A response object as `POST /v1/responses` returns it (and `response.completed` carries it). */
function responseObject(options: {
  id: string;
  model: string;
  status: 'in_progress' | 'completed';
  output: unknown[];
  usage: ResponsesUsage | undefined;
}) {
  return {
    id: options.id,
    object: 'response',
    created_at: createdAt,
    status: options.status,
    error: null,
    incomplete_details: null,
    instructions: null,
    max_output_tokens: null,
    model: options.model,
    output: options.output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: true,
    temperature: 1,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1,
    truncation: 'disabled',
    usage: options.status === 'completed' ? usageOf(options.usage) : null,
    user: null,
    metadata: {},
  };
}

const message = (id: string, text: string, status: 'in_progress' | 'completed') => ({
  id,
  type: 'message',
  status,
  role: 'assistant',
  content: status === 'completed' ? [{ type: 'output_text', text, annotations: [] }] : [],
});

/** A function call output item. */
export const functionCallItem = (callId: string, name: string, args: string) => ({
  id: `fc_${callId}`,
  type: 'function_call',
  status: 'completed',
  call_id: callId,
  name,
  arguments: args,
});

/** A non-streamed response: a message with the text (and any function calls), and the usage. */
export function responsesReply(options: {
  model: string;
  text: string;
  id?: string;
  usage?: ResponsesUsage;
  calls?: unknown[];
}): ScriptedReply {
  const output = [
    ...(options.text === '' ? [] : [message('msg_1', options.text, 'completed')]),
    ...(options.calls ?? []),
  ];
  return {
    kind: 'json',
    status: 200,
    body: responseObject({
      id: options.id ?? 'resp_1',
      model: options.model,
      status: 'completed',
      output,
      usage: options.usage,
    }),
  };
}

/**
 * A streamed response, as the Responses API sends it: `response.created`, `response.in_progress`, the message item
 * and its text part added, one `response.output_text.delta` per delta, the text, part and item done, then
 * `response.completed` with the whole response and its usage. `cut` breaks it off after the deltas.
 */
export function responsesStreamReply(options: {
  model: string;
  deltas: string[];
  id?: string;
  usage?: ResponsesUsage;
  cut?: 'destroy' | 'end' | 'hang';
}): ScriptedReply {
  const id = options.id ?? 'resp_1';
  const text = options.deltas.join('');
  const item = 'msg_1';
  const base = { id, model: options.model, output: [], usage: options.usage };
  const events: Array<Record<string, unknown>> = [
    { type: 'response.created', response: responseObject({ ...base, status: 'in_progress' }) },
    { type: 'response.in_progress', response: responseObject({ ...base, status: 'in_progress' }) },
    { type: 'response.output_item.added', output_index: 0, item: message(item, '', 'in_progress') },
    {
      type: 'response.content_part.added',
      item_id: item,
      output_index: 0,
      content_index: 0,
      part: { type: 'output_text', text: '', annotations: [] },
    },
    ...options.deltas.map((delta) => ({
      type: 'response.output_text.delta',
      item_id: item,
      output_index: 0,
      content_index: 0,
      delta,
      logprobs: [],
    })),
  ];
  if (options.cut === undefined) {
    events.push(
      { type: 'response.output_text.done', item_id: item, output_index: 0, content_index: 0, text, logprobs: [] },
      {
        type: 'response.content_part.done',
        item_id: item,
        output_index: 0,
        content_index: 0,
        part: { type: 'output_text', text, annotations: [] },
      },
      { type: 'response.output_item.done', output_index: 0, item: message(item, text, 'completed') },
      {
        type: 'response.completed',
        response: responseObject({ ...base, status: 'completed', output: [message(item, text, 'completed')] }),
      },
    );
  }
  const numbered = events.map((event, index) => ({ ...event, sequence_number: index }));
  return {
    kind: 'stream',
    events: numbered,
    done: false,
    named: true,
    ...(options.cut ? { cut: options.cut } : {}),
  };
}
