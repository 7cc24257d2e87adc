import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { DecoratedTurn, MemoryStack } from '../index.js';
import { anthropicCollector, openaiCollector, type ReplyCollector } from './collect-reply.js';
import { createInspector } from './create-inspector.js';
import { forwardHeaders, responseHeaders } from './forward-headers.js';
import { readIdentity } from './read-identity.js';
import { sameSecret } from './same-secret.js';
import { tapSse } from './tap-sse.js';

export interface MemoryProxyOptions {
  stack: MemoryStack;
  /** Default `https://api.anthropic.com`. */
  anthropicBaseUrl?: string | undefined;
  /** Default `https://api.openai.com` (the `/v1` is the client's path). */
  openaiBaseUrl?: string | undefined;
  /** Used when a client sends no key of its own. Never logged, never stored. */
  anthropicApiKey?: string | undefined;
  openaiApiKey?: string | undefined;
  /**
   * When set, every request must carry it in `x-memstack-token`; the inspector page at `/inspect/` loads without it
   * (it holds no data) and asks for it before calling its API.
   */
  token?: string | undefined;
  /** The agent of requests whose identity names none. Default `'proxy'`. */
  agentId?: string | undefined;
  /** Largest request body, bytes. Default 32 MiB. */
  maxBodyBytes?: number | undefined;
  /** For tests, and for an HTTP client of your own. */
  fetch?: typeof fetch | undefined;
  /**
   * Told of a memory failure (the request itself goes on without memory), and of an inspector request that failed
   * unexpectedly (answered as a bare 500).
   */
  onError?: ((error: unknown) => void) | undefined;
}

const anthropicBody = z.looseObject({
  messages: z.array(z.unknown()),
  system: z.unknown().optional(),
  tools: z.array(z.unknown()).optional(),
  metadata: z.looseObject({ user_id: z.unknown().optional() }).optional(),
});
const openaiBody = z.looseObject({ messages: z.array(z.unknown()), user: z.unknown().optional() });

/**
 * The memory proxy: `POST /v1/messages` (Anthropic) and `POST /v1/chat/completions` (OpenAI), streaming or not.
 * A request with an identity is decorated (`stack.decorate`), forwarded to the upstream, and its response streamed
 * back as it arrives, byte for byte; the exchange is recorded when the response has ended. A request without an
 * identity, or whose memory failed, is forwarded as it came (`x-memstack` says which). Upstream errors pass through
 * with their status. `count_tokens` and any other path under `/v1/` are passed through. The inspector page and its API
 * are at `/inspect/` (`createInspector`).
 */
export function createMemoryProxy(options: MemoryProxyOptions): Hono {
  const { stack } = options;
  const send = options.fetch ?? fetch;
  const anthropicBase = (options.anthropicBaseUrl ?? 'https://api.anthropic.com').replace(/\/+$/, '');
  const openaiBase = (options.openaiBaseUrl ?? 'https://api.openai.com').replace(/\/+$/, '');
  const agent = options.agentId ?? 'proxy';
  const report = (error: unknown): void => {
    try {
      options.onError?.(error);
    } catch {
      // An observer's bug must not fail a request.
    }
  };
  const app = new Hono();

  app.use('*', async (context, next) => {
    // The inspector checks the token itself, on its API: its page must load without one, to ask for it.
    const inspector = context.req.path === '/inspect' || context.req.path.startsWith('/inspect/');
    if (
      !inspector &&
      options.token !== undefined &&
      !sameSecret(context.req.header('x-memstack-token'), options.token)
    ) {
      return context.json(
        {
          type: 'error',
          error: { type: 'authentication_error', message: 'memstack: a valid x-memstack-token is required' },
        },
        401,
      );
    }
    return next();
  });
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: options.maxBodyBytes ?? 32 * 1024 * 1024,
      onError: (context) =>
        context.json(
          { type: 'error', error: { type: 'request_too_large', message: 'memstack: request body too large' } },
          413,
        ),
    }),
  );

  const proxy = async (
    request: Request,
    upstream: string,
    shape: 'anthropic' | 'openai',
    key: { header: 'x-api-key' | 'authorization'; value: string } | undefined,
  ): Promise<Response> => {
    const raw = await request.text();
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = undefined;
    }
    let decorated: DecoratedTurn<unknown> | undefined;
    let status = 'no-identity';
    let outgoing = raw;
    const parsed = shape === 'anthropic' ? anthropicBody.safeParse(body) : openaiBody.safeParse(body);
    if (parsed.success) {
      const data = parsed.data as Record<string, unknown>;
      const bodyUser =
        shape === 'anthropic' ? (data.metadata as { user_id?: unknown } | undefined)?.user_id : data.user;
      const identity = readIdentity(request.headers, bodyUser, agent);
      if (identity) {
        try {
          if (shape === 'anthropic') {
            const turn = await stack.decorate({
              ...identity.scope,
              system: data.system as never,
              messages: data.messages as never,
              tools: data.tools as unknown[] | undefined,
            });
            outgoing = JSON.stringify({ ...data, system: turn.request.system, messages: turn.request.messages });
            decorated = turn;
          } else {
            const turn = await stack.decorate({
              ...identity.scope,
              format: 'openai',
              messages: data.messages as never,
            });
            outgoing = JSON.stringify({ ...data, messages: turn.request.messages });
            decorated = turn;
          }
          status = `decorated; identity=${identity.source}`;
        } catch (error) {
          status = 'memory-error';
          report(error);
        }
      }
    }
    const response = await send(upstream, {
      method: 'POST',
      headers: forwardHeaders(request.headers, key),
      body: outgoing,
      signal: request.signal,
    });
    const headers = responseHeaders(response.headers, status);
    if (decorated === undefined || !response.ok || response.body === null) {
      return new Response(response.body, { status: response.status, headers });
    }
    const turn = decorated;
    const collector: ReplyCollector = shape === 'anthropic' ? anthropicCollector() : openaiCollector();
    const record = async (): Promise<void> => {
      const reply = collector.reply();
      if (reply === undefined) return;
      try {
        await stack.record(turn, reply);
      } catch (error) {
        report(error);
      }
    };
    if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      const body = tapSse(response.body, { onEvent: (name, data) => collector.event(name, data), onEnd: record });
      return new Response(body, { status: response.status, headers });
    }
    const text = await response.text();
    try {
      collector.body(JSON.parse(text));
      await record();
    } catch (error) {
      report(error);
    }
    return new Response(text, { status: response.status, headers });
  };

  app.route('/', createInspector({ stack, token: options.token, onError: report }));

  app.post('/v1/messages', (context) =>
    proxy(context.req.raw, `${anthropicBase}/v1/messages`, 'anthropic', apiKey('x-api-key', options.anthropicApiKey)),
  );
  app.post('/v1/chat/completions', (context) =>
    proxy(
      context.req.raw,
      `${openaiBase}/v1/chat/completions`,
      'openai',
      apiKey('authorization', options.openaiApiKey),
    ),
  );
  // Everything else (count_tokens, models, ...) passes through untouched, to the upstream its path belongs to.
  app.all('/v1/*', async (context) => {
    const request = context.req.raw;
    const url = new URL(request.url);
    const anthropic =
      request.headers.has('x-api-key') ||
      request.headers.has('anthropic-version') ||
      url.pathname.startsWith('/v1/messages');
    const base = anthropic ? anthropicBase : openaiBase;
    const key = anthropic
      ? apiKey('x-api-key', options.anthropicApiKey)
      : apiKey('authorization', options.openaiApiKey);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const response = await send(`${base}${url.pathname}${url.search}`, {
      method: request.method,
      headers: forwardHeaders(request.headers, key),
      ...(hasBody ? { body: await request.arrayBuffer() } : {}),
      signal: request.signal,
    });
    return new Response(response.body, {
      status: response.status,
      headers: responseHeaders(response.headers, 'passed-through'),
    });
  });
  return app;
}

function apiKey(header: 'x-api-key' | 'authorization', value: string | undefined) {
  if (value === undefined) return undefined;
  return { header, value: header === 'authorization' ? `Bearer ${value}` : value };
}
