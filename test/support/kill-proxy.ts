import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import Database from 'better-sqlite3';
import OpenAI from 'openai';
import { spawnServe } from './spawn-serve.js';

export interface ProxyKillReport {
  /** Responses the clients had received whole when the proxy was killed. */
  answered: number;
  /** Of those, the exchanges missing from the file (the user's turn or the reply). */
  lost: number;
  /** Exchanges stored without their extraction job. */
  withoutJob: number;
}

/** What each client says, and what the upstream answers it. */
export const clientTurn = (client: string): string => `We always deploy ${client} with Terraform Cloud.`;
const replyTo = (client: string): string => `Noted for ${client}.`;

/**
 * Runs `memstack serve` (the built `bin`) on the SQLite file `path` in front of a local upstream, has `clients`
 * clients (the official SDKs: Anthropic Messages, OpenAI Chat Completions and Responses, JSON and streamed, one user
 * each) send one turn at once, and kills the proxy with SIGKILL `delayMs` after the last of them has received its
 * whole response (0: at that moment).
 * Then counts, in the file, the exchanges the clients were answered and their extraction jobs.
 */
export async function killProxyAfterAnswers(options: {
  bin: string;
  path: string;
  clients: number;
  delayMs: number;
}): Promise<ProxyKillReport> {
  const upstream = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(parts).toString('utf8')) as {
        stream?: boolean;
        messages?: unknown[];
        input?: unknown;
      };
      const client = /We always deploy (client-\d+)/.exec(JSON.stringify(body.messages ?? body.input))?.[1] ?? 'nobody';
      const path = request.url ?? '';
      const format = path.startsWith('/v1/messages')
        ? 'anthropic'
        : path.startsWith('/v1/responses')
          ? 'responses'
          : 'openai';
      answer(response, format, body.stream === true, replyTo(client));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const serving = spawnServe(options.bin, [
    '--port',
    '0',
    '--db',
    options.path,
    '--anthropic-base-url',
    upstreamUrl,
    '--openai-base-url',
    upstreamUrl,
  ]);
  try {
    const { child, url } = await serving;
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      const names = Array.from({ length: options.clients }, (_, index) => `client-${index}`);
      await Promise.all(names.map((name, index) => converse(url, name, index % 6)));
      if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      child.kill('SIGKILL');
      await exited;
      return count(options.path, names);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  } finally {
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  }
}

/** One client's turn, to the end of its response; throws unless the whole reply came. */
async function converse(url: string, client: string, kind: number): Promise<void> {
  const messages = [{ role: 'user' as const, content: clientTurn(client) }];
  let text = '';
  if (kind < 2) {
    const anthropic = new Anthropic({
      apiKey: 'k',
      baseURL: url,
      maxRetries: 0,
      defaultHeaders: { 'x-memstack-user': client },
    });
    const request = { model: 'm', max_tokens: 50, messages };
    const message =
      kind === 0 ? await anthropic.messages.create(request) : await anthropic.messages.stream(request).finalMessage();
    text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
  } else if (kind >= 4) {
    // The Responses API, JSON and streamed.
    const openai = new OpenAI({ apiKey: 'k', baseURL: `${url}/v1`, maxRetries: 0 });
    const request = { model: 'm', input: clientTurn(client), safety_identifier: client };
    if (kind === 4) text = (await openai.responses.create(request)).output_text;
    else {
      for await (const event of await openai.responses.create({ ...request, stream: true })) {
        if (event.type === 'response.output_text.delta') text += event.delta;
      }
    }
  } else {
    const openai = new OpenAI({ apiKey: 'k', baseURL: `${url}/v1`, maxRetries: 0 });
    if (kind === 2) {
      const completion = await openai.chat.completions.create({ model: 'm', messages, user: client });
      text = completion.choices[0]?.message.content ?? '';
    } else {
      const stream = await openai.chat.completions.create({ model: 'm', messages, user: client, stream: true });
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    }
  }
  if (text !== replyTo(client)) throw new Error(`${client} got ${JSON.stringify(text)}`);
}

function count(path: string, clients: string[]): ProxyKillReport {
  const database = new Database(path);
  try {
    const turns = database.prepare('SELECT id, role, text FROM turns').all() as Array<{
      id: number;
      role: string;
      text: string;
    }>;
    const jobs = new Set(
      (database.prepare('SELECT payload FROM jobs').all() as Array<{ payload: string }>).map(
        (job) => (JSON.parse(job.payload) as { throughTurnId?: number }).throughTurnId,
      ),
    );
    const report: ProxyKillReport = { answered: clients.length, lost: 0, withoutJob: 0 };
    for (const client of clients) {
      const asked = turns.some((turn) => turn.role === 'user' && turn.text === clientTurn(client));
      const reply = turns.find((turn) => turn.role === 'assistant' && turn.text === replyTo(client));
      if (!asked || reply === undefined) report.lost += 1;
      else if (!jobs.has(reply.id)) report.withoutJob += 1;
    }
    return report;
  } finally {
    database.close();
  }
}

/** The upstream's answer, in the wire format of its API: JSON, or SSE to the end. */
function answer(
  response: ServerResponse,
  format: 'anthropic' | 'openai' | 'responses',
  stream: boolean,
  text: string,
): void {
  const anthropic = format === 'anthropic';
  if (format === 'responses') {
    answerResponses(response, stream, text);
    return;
  }
  if (!stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        anthropic
          ? {
              id: 'msg',
              type: 'message',
              role: 'assistant',
              model: 'm',
              content: [{ type: 'text', text }],
              stop_reason: 'end_turn',
              stop_sequence: null,
              usage: { input_tokens: 20, output_tokens: 4 },
            }
          : {
              id: 'chatcmpl',
              object: 'chat.completion',
              created: 1,
              model: 'm',
              choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 20, completion_tokens: 4, total_tokens: 24 },
            },
      ),
    );
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (name: string | undefined, data: unknown): void => {
    response.write(`${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  };
  if (anthropic) {
    send('message_start', {
      type: 'message_start',
      message: { id: 'msg', type: 'message', role: 'assistant', model: 'm', content: [], usage: { input_tokens: 20 } },
    });
    send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
    send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } });
    send('content_block_stop', { type: 'content_block_stop', index: 0 });
    send('message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 4 } });
    send('message_stop', { type: 'message_stop' });
  } else {
    const chunk = (delta: unknown, finish: string | null) => ({
      id: 'chatcmpl',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    send(undefined, chunk({ role: 'assistant', content: text }, null));
    send(undefined, chunk({}, 'stop'));
    response.write('data: [DONE]\n\n');
  }
  response.end();
}

/** A Responses API answer: the response object, or its events from `response.created` to `response.completed`. */
function answerResponses(response: ServerResponse, stream: boolean, text: string): void {
  const message = { id: 'msg', type: 'message', status: 'completed', role: 'assistant', content: [] as unknown[] };
  const done = { ...message, content: [{ type: 'output_text', text, annotations: [] }] };
  const object = (status: string, output: unknown[]) => ({
    id: 'resp',
    object: 'response',
    created_at: 1,
    status,
    model: 'm',
    output,
    usage: status === 'completed' ? { input_tokens: 20, output_tokens: 4, total_tokens: 24 } : null,
  });
  if (!stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(object('completed', [done])));
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const events = [
    { type: 'response.created', response: object('in_progress', []) },
    { type: 'response.output_item.added', output_index: 0, item: message },
    { type: 'response.output_text.delta', item_id: 'msg', output_index: 0, content_index: 0, delta: text },
    { type: 'response.output_item.done', output_index: 0, item: done },
    { type: 'response.completed', response: object('completed', [done]) },
  ];
  for (const [index, event] of events.entries()) {
    response.write(`event: ${event.type}\ndata: ${JSON.stringify({ ...event, sequence_number: index })}\n\n`);
  }
  response.end();
}
