import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the server answers the next requests. */
export type EmbeddingsMode = 'ok' | 'status-500' | 'garbage' | 'wrong-dimensions' | 'missing-vector' | 'hang';

export interface EmbeddingsServer {
  /** E.g. `http://127.0.0.1:PORT/v1`. */
  readonly baseURL: string;
  /** The JSON body of each request received, in order. */
  readonly requests: Array<{ model: string; input: string[]; encoding_format?: string; dimensions?: number }>;
  /** The authorization header of each request received, in order ('' when it had none). */
  readonly authorizations: string[];
  mode: EmbeddingsMode;
  close(): Promise<void>;
}

/**
 * A local server speaking OpenAI's `/v1/embeddings` wire format, with deterministic vectors: each word of a text
 * (lower-cased, or each Chinese/Japanese character) adds 1 to a dimension chosen by a hash of the word, or of its
 * concept when `concepts` maps it to one. Two texts sharing words, or words of one concept, point the same way:
 * enough to test a ranking on meaning without a model.
 */
export async function startEmbeddingsServer(
  options: { dimensions?: number; concepts?: Record<string, string> } = {},
): Promise<EmbeddingsServer> {
  const dimensions = options.dimensions ?? 64;
  const concepts = options.concepts ?? {};
  const requests: EmbeddingsServer['requests'] = [];
  const authorizations: string[] = [];
  const hanging = new Set<ServerResponse>();
  const state = { mode: 'ok' as EmbeddingsMode };

  const embed = (text: string, size: number): number[] => {
    const vector = new Array<number>(size).fill(0);
    for (const word of text
      .toLowerCase()
      .match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu) ?? []) {
      const key = concepts[word] ?? word;
      const digest = createHash('sha256').update(key).digest();
      vector[digest.readUInt32LE(0) % size] = (vector[digest.readUInt32LE(0) % size] ?? 0) + 1;
    }
    return vector;
  };

  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      raw += chunk;
    });
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `no route ${request.url}` } }));
        return;
      }
      const body = JSON.parse(raw) as EmbeddingsServer['requests'][number];
      requests.push(body);
      authorizations.push(request.headers.authorization ?? '');
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
      };
      switch (state.mode) {
        case 'hang':
          hanging.add(response);
          return;
        case 'status-500':
          send(500, { error: { message: 'the model crashed', type: 'server_error' } });
          return;
        case 'garbage':
          send(200, '{"data": [{"index": 0, "embedding": [0.1, ');
          return;
        default:
          break;
      }
      const size = state.mode === 'wrong-dimensions' ? dimensions + 1 : dimensions;
      const inputs = state.mode === 'missing-vector' ? body.input.slice(1) : body.input;
      // Listed in reverse: a client must place each vector by its index, not by its position.
      const data = inputs
        .map((text, index) => {
          const vector = embed(text, size);
          const embedding =
            body.encoding_format === 'base64'
              ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
              : vector;
          return { object: 'embedding', index, embedding };
        })
        .reverse();
      send(200, {
        object: 'list',
        data,
        model: body.model,
        usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    get mode() {
      return state.mode;
    },
    set mode(mode: EmbeddingsMode) {
      state.mode = mode;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
