import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenLocally } from './listen-locally.js';

export interface RawRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  bytes: Buffer;
}

export interface RawUpstream {
  readonly url: string;
  readonly requests: RawRequest[];
  close(): Promise<void>;
}

/**
 * A local upstream for either API that records each request's bytes as they came, and answers any number of them:
 * `POST /v1/messages` with an Anthropic message, `POST /v1/chat/completions` with an OpenAI completion (both JSON,
 * the real wire shapes), anything else with `{}`.
 */
export async function startRawUpstream(): Promise<RawUpstream> {
  const requests: RawRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      requests.push({ method: request.method ?? '', path, headers: request.headers, bytes: Buffer.concat(chunks) });
      response.writeHead(200, { 'content-type': 'application/json' });
      if (request.method === 'POST' && path.startsWith('/v1/messages') && !path.includes('count_tokens')) {
        response.end(
          JSON.stringify({
            id: 'msg_raw',
            type: 'message',
            role: 'assistant',
            model: 'm',
            content: [{ type: 'text', text: 'Noted.' }],
            stop_reason: 'end_turn',
            stop_sequence: null,
            usage: { input_tokens: 10, output_tokens: 2 },
          }),
        );
      } else if (request.method === 'POST' && path.startsWith('/v1/chat/completions')) {
        response.end(
          JSON.stringify({
            id: 'chatcmpl-raw',
            object: 'chat.completion',
            created: 1,
            model: 'm',
            choices: [{ index: 0, message: { role: 'assistant', content: 'Noted.' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 },
          }),
        );
      } else response.end('{}');
    });
  });
  const { url, close } = await listenLocally(server);
  return { url, requests, close };
}
