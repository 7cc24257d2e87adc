import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server received it. */
export interface RecordedRequest {
  method: string;
  /** The path with its query, e.g. `/v1/chat/completions`. */
  path: string;
  /** Lower-cased header names, as node:http gives them. */
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed (undefined when there was none). */
  body: unknown;
}

/** The wire usage object of the chat-completions API. */
export interface WireUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: { cached_tokens?: number };
}

export type ScriptedReply =
  /** A JSON body (a completion, or an error object) with a status. */
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  /**
   * An SSE stream: each event is sent as a `data:` line in its own write. `done` adds `data: [DONE]`. `cut`
   * breaks the stream after the events: `destroy` kills the socket (a dropped connection), `end` closes the
   * response cleanly but early (a proxy or server that gave up), without [DONE]; `hang` keeps the stream open
   * without another byte until the client goes away. `named` sends each event's `type` as its `event:` line too, as
   * the Responses API does.
   */
  | { kind: 'stream'; events: unknown[]; done: boolean; cut?: 'destroy' | 'end' | 'hang'; named?: boolean }
  /** No answer at all until the client gives up (for abort and timeout tests). */
  | { kind: 'hang' };

export interface OpenaiServer {
  /** E.g. `http://127.0.0.1:PORT/v1`, the baseURL a client uses. */
  readonly baseURL: string;
  readonly requests: RecordedRequest[];
  /** Queues replies; each request takes the next one. */
  reply(...replies: ScriptedReply[]): void;
  /** Replies not yet taken (a test checks it is 0, so that no scripted reply was silently skipped). */
  readonly pending: number;
  close(): Promise<void>;
}

/**
 * A local server that speaks the chat-completions wire format, for adapter tests that must not touch the network:
 * it records each request and answers with the scripted replies in order. When the script runs out it answers
 * 418 with `x-should-retry: false`, so that the client neither retries nor succeeds and the test notices.
 */
export async function startOpenaiServer(): Promise<OpenaiServer> {
  const requests: RecordedRequest[] = [];
  const script: ScriptedReply[] = [];

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: text === '' ? undefined : JSON.parse(text),
      });
      const reply = script.shift();
      if (reply === undefined) {
        sendJson(response, {
          kind: 'json',
          status: 418,
          headers: { 'x-should-retry': 'false' },
          body: { error: { message: `no scripted reply for request ${requests.length}`, type: 'test_error' } },
        });
      } else if (reply.kind === 'json') {
        sendJson(response, reply);
      } else if (reply.kind === 'hang') {
        // Nothing: the request stays open until the client closes it (close() ends it too).
      } else {
        void sendStream(response, reply);
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => {
      script.push(...replies);
    },
    get pending() {
      return script.length;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function sendJson(response: ServerResponse, reply: Extract<ScriptedReply, { kind: 'json' }>): void {
  response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  response.end(JSON.stringify(reply.body));
}

async function sendStream(response: ServerResponse, reply: Extract<ScriptedReply, { kind: 'stream' }>): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const event of reply.events) {
    const name = reply.named ? `event: ${(event as { type: string }).type}\n` : '';
    response.write(`${name}data: ${JSON.stringify(event)}\n\n`);
    // A tick between events, so that the client reads them as separate network chunks, as from a real server.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (reply.cut === 'destroy') {
    // Half an event, then the socket dies: what a dropped connection looks like to the client.
    response.write('data: {"id":"chatcmpl-cut","choices":[{"ind');
    await new Promise((resolve) => setImmediate(resolve));
    response.socket?.destroy();
    return;
  }
  if (reply.cut === 'hang') return;
  if (reply.done && reply.cut !== 'end') response.write('data: [DONE]\n\n');
  response.end();
}

// Builders of realistic payloads, shaped like what the servers send.

const created = 1_760_000_000;

/** A non-streamed completion, as `POST /chat/completions` returns it. */
export function completionReply(options: { model: string; text: string; usage?: WireUsage }): ScriptedReply {
  return {
    kind: 'json',
    status: 200,
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created,
      model: options.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: options.text, refusal: null },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      ...(options.usage ? { usage: options.usage } : {}),
    },
  };
}

/**
 * A streamed completion: a first chunk with the role, one chunk per delta, a chunk with `finish_reason`, then the
 * usage. `usage` says where it comes: `separate` (OpenAI, vLLM, Ollama with include_usage: a last chunk with
 * empty `choices`), `with-finish` (llama.cpp: in the chunk that carries `finish_reason`), `none` (Ollama without
 * include_usage, or a server that ignores it).
 */
export function streamReply(options: {
  model: string;
  deltas: string[];
  usage?: { placement: 'separate' | 'with-finish'; value: WireUsage } | { placement: 'none' };
  finishReason?: string;
}): ScriptedReply {
  const usage = options.usage ?? { placement: 'none' };
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created,
    model: options.model,
    system_fingerprint: 'fp_test',
    choices,
    // OpenAI sends `usage: null` on every chunk but the last when include_usage is set.
    ...(usage.placement === 'separate' ? { usage: null } : {}),
    ...extra,
  });
  const events: unknown[] = [
    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]),
    ...options.deltas.map((content) => chunk([{ index: 0, delta: { content }, logprobs: null, finish_reason: null }])),
    chunk(
      [{ index: 0, delta: {}, logprobs: null, finish_reason: options.finishReason ?? 'stop' }],
      usage.placement === 'with-finish' ? { usage: usage.value } : {},
    ),
  ];
  if (usage.placement === 'separate') events.push(chunk([], { usage: usage.value }));
  return { kind: 'stream', events, done: true };
}

/**
 * A stream that breaks off after `deltas`, never reaching `finish_reason`: dropped (`destroy`), closed early (`end`),
 * or stalled (`hang`: open without another byte until the client goes away, as a reply the user stops).
 */
export function cutStreamReply(options: {
  model: string;
  deltas: string[];
  cut: 'destroy' | 'end' | 'hang';
}): ScriptedReply {
  const full = streamReply({ model: options.model, deltas: options.deltas });
  if (full.kind !== 'stream') throw new Error('streamReply returned a non-stream reply');
  return { kind: 'stream', events: full.events.slice(0, -1), done: false, cut: options.cut };
}

/** An error in the OpenAI shape `{ error: { message, type, param, code } }`. */
export function errorReply(
  status: number,
  error: { message: string; type: string; param?: string | null; code?: string | number | null },
  headers: Record<string, string> = {},
): ScriptedReply {
  return {
    kind: 'json',
    status,
    headers,
    body: { error: { param: null, code: null, ...error } },
  };
}
