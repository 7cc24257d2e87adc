import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { z } from 'zod';
import { listenLocally } from './listen-locally.js';

/** The usage counts a scripted reply reports, in the API's snake_case. */
export interface AnthropicUsageReport {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/**
 * One scripted answer of the fake Messages API.
 * - `message`: a non-streaming JSON message.
 * - `stream`: an SSE stream of text deltas, then `toolUse` if given (a `tool_use` block, its input streamed as JSON,
 *   and `stop_reason: 'tool_use'`; without deltas, the text block is left out); `end` says how it finishes:
 *   `complete` (through `message_stop`), `cut` (the socket is destroyed after the deltas, as when a connection drops),
 *   `overloaded` (an `error` event, as the API sends when it is overloaded mid-stream) or `stall` (the connection
 *   stays open after the deltas until the client goes away, so that the client can abort mid-stream).
 * - `error`: an API error body `{"type":"error","error":{...}}` with its status and extra headers (`retry-after`).
 */
export type AnthropicReply =
  | {
      type: 'message';
      text: string;
      /** The content blocks, when more than the text (tool_use blocks); `text` is then ignored. */
      content?: unknown[];
      stopReason?: 'end_turn' | 'tool_use';
      usage?: AnthropicUsageReport;
    }
  | {
      type: 'stream';
      deltas: string[];
      toolUse?: { id: string; name: string; input: unknown };
      usage?: AnthropicUsageReport;
      end?: 'complete' | 'cut' | 'overloaded' | 'stall';
    }
  | { type: 'error'; status: number; errorType: string; message: string; headers?: Record<string, string> };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The request body parsed as JSON, or null when it was not JSON. */
  body: unknown;
}

export interface AnthropicServer {
  /** The base URL to give the SDK, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

const DEFAULT_USAGE: AnthropicUsageReport = {
  input_tokens: 10,
  output_tokens: 5,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
};

// The body is whatever the client under test sent: kept as parsed JSON, checked by the tests that read it.
const jsonBody = z.json();

/**
 * A local stand-in for the Anthropic Messages API (node:http on 127.0.0.1, a free port): it records each request
 * and answers with the scripted replies in order, in the real wire format. Running out of script answers a 400
 * `invalid_request_error` (not retried by the SDK), so an unexpected request fails its test at once.
 */
export async function startAnthropicServer(replies: readonly AnthropicReply[]): Promise<AnthropicServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: parseJson(text),
      });
      const reply = replies[requests.length - 1];
      const model = modelOf(requests.at(-1)?.body);
      if (reply === undefined) {
        sendError(response, {
          type: 'error',
          status: 400,
          errorType: 'invalid_request_error',
          message: `the fake server has no reply for request ${requests.length}`,
        });
      } else if (reply.type === 'error') {
        sendError(response, reply);
      } else if (reply.type === 'message') {
        sendMessage(response, model, reply);
      } else {
        sendStream(response, model, reply);
      }
    });
  });
  const { url, close } = await listenLocally(server);
  return { url, requests, close };
}

function parseJson(text: string): unknown {
  try {
    const parsed = jsonBody.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function modelOf(body: unknown): string {
  const parsed = z.object({ model: z.string() }).safeParse(body);
  return parsed.success ? parsed.data.model : 'unknown-model';
}

const REQUEST_ID = 'req_fake_0001';

function sendError(response: ServerResponse, reply: Extract<AnthropicReply, { type: 'error' }>): void {
  response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': REQUEST_ID, ...reply.headers });
  response.end(JSON.stringify({ type: 'error', error: { type: reply.errorType, message: reply.message } }));
}

function sendMessage(response: ServerResponse, model: string, reply: Extract<AnthropicReply, { type: 'message' }>) {
  response.writeHead(200, { 'content-type': 'application/json', 'request-id': REQUEST_ID });
  response.end(
    JSON.stringify({
      id: 'msg_fake_json',
      type: 'message',
      role: 'assistant',
      model,
      content: reply.content ?? [{ type: 'text', text: reply.text }],
      stop_reason: reply.stopReason ?? 'end_turn',
      stop_sequence: null,
      usage: reply.usage ?? DEFAULT_USAGE,
    }),
  );
}

function sendStream(response: ServerResponse, model: string, reply: Extract<AnthropicReply, { type: 'stream' }>) {
  const usage = reply.usage ?? DEFAULT_USAGE;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'request-id': REQUEST_ID,
  });
  const send = (event: string, data: unknown): void => {
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  // As the API does: message_start carries the input side of usage (and output_tokens so far), message_delta the
  // cumulative output_tokens.
  send('message_start', {
    type: 'message_start',
    message: {
      id: 'msg_fake_stream',
      type: 'message',
      role: 'assistant',
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...usage, output_tokens: 1 },
    },
  });
  const { toolUse } = reply;
  const withText = reply.deltas.length > 0 || toolUse === undefined;
  if (withText) {
    send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
  }
  send('ping', { type: 'ping' });
  for (const text of reply.deltas) {
    send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });
  }
  const end = reply.end ?? 'complete';
  if (end === 'cut') {
    // Let the deltas reach the client, then drop the connection the way a network failure does.
    setTimeout(() => response.socket?.destroy(), 20);
    return;
  }
  if (end === 'stall') return;
  if (end === 'overloaded') {
    send('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    response.end();
    return;
  }
  if (withText) send('content_block_stop', { type: 'content_block_stop', index: 0 });
  if (toolUse !== undefined) {
    const index = withText ? 1 : 0;
    send('content_block_start', {
      type: 'content_block_start',
      index,
      content_block: { type: 'tool_use', id: toolUse.id, name: toolUse.name, input: {} },
    });
    send('content_block_delta', {
      type: 'content_block_delta',
      index,
      delta: { type: 'input_json_delta', partial_json: JSON.stringify(toolUse.input) },
    });
    send('content_block_stop', { type: 'content_block_stop', index });
  }
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: toolUse === undefined ? 'end_turn' : 'tool_use', stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  send('message_stop', { type: 'message_stop' });
  response.end();
}
