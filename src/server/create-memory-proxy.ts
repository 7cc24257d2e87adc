import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type DecoratedTurn, type DecorateScope, type MemoryStack, ModelCallError } from '../index.js';
import { type ReplyCollector, type WireFormat, wireFormats } from '../wire.js';
import { apiErrorResponse } from './api-error.js';
import { callUpstream, DEFAULT_UPSTREAM_TIMEOUT_MS, type UpstreamCall } from './call-upstream.js';
import { createInspector } from './create-inspector.js';
import { forwardHeaders, responseHeaders } from './forward-headers.js';
import { guardRequest } from './guard-request.js';
import { parseOrigin } from './parse-origin.js';
import { readBody } from './read-body.js';
import { readIdentity } from './read-identity.js';
import { relayBody } from './relay-body.js';
import { requestUpstream, type UpstreamFetch } from './request-upstream.js';
import { routeFormat } from './route-format.js';
import { tapSse } from './tap-sse.js';
import { trackRecords } from './track-records.js';
import { upstreamErrorEvent, upstreamErrorResponse } from './upstream-error.js';

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
   * (it holds no data) and asks for it before calling its API. Without it, only requests addressed to a loopback
   * name are answered.
   */
  token?: string | undefined;
  /**
   * Origins of web pages allowed to call the `/v1/` routes from a browser (`https://app.example`): the proxy answers
   * their CORS preflights itself. Any other page's request is refused (`guardRequest`).
   */
  allowOrigins?: readonly string[] | undefined;
  /** The agent of requests whose identity names none. Default `'proxy'`. */
  agentId?: string | undefined;
  /** Largest request body, bytes. Default 32 MiB. */
  maxBodyBytes?: number | undefined;
  /** For tests, and for an HTTP client of your own. */
  fetch?: typeof fetch | undefined;
  /**
   * The longest wait on the upstream, ms: for the response headers, then for each next bytes of the body (the idle
   * time of a stream; a JSON body is read within it too). Past it the call is aborted and the client gets a 504 in the
   * API's own shape, or a stream ends with the API's error event. Default 600,000 (10 minutes, as the official SDKs).
   */
  upstreamTimeoutMs?: number | undefined;
  /**
   * Told of a memory failure (the request itself goes on without memory), and of an inspector request that failed
   * unexpectedly (answered as a bare 500).
   */
  onError?: ((error: unknown) => void) | undefined;
  /**
   * MCP at `/mcp` (Streamable HTTP), behind the same guards: `memstack/mcp`'s `createMcpHttpHandler`, given each
   * request with the identity its headers name (`x-memstack-agent`, `-user`, `-thread`). Closed with the proxy.
   */
  mcp?: McpRoute | undefined;
}

/** What the proxy needs of an MCP endpoint (this entry loads no MCP SDK: the handler brings it). */
export interface McpRoute {
  handle(request: Request, scope: DecorateScope | undefined): Promise<Response>;
  close(): Promise<void>;
}

/** Largest MCP request body: a tool call's arguments are bounded far below it. */
const MCP_MAX_BODY_BYTES = 1024 * 1024;

/** A JSON body's content type: the memory routes take no other (a text, form or multipart body is a browser's). */
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The proxy's Hono app, and a way to wait for the work that runs after the responses. */
export type MemoryProxy = Hono & {
  /**
   * Resolves when the records in flight are done (a response ends once its exchange is stored) and the stack's
   * background work they scheduled (extraction) is done.
   */
  idle(): Promise<void>;
};

/**
 * The memory proxy: a route per wire format (`wireFormats`: `POST /v1/messages`, `/v1/chat/completions`,
 * `/v1/responses`), streaming or not.
 * A request with an identity is decorated (`stack.decorate`), forwarded to the upstream with its query string, and
 * its response streamed back as it arrives, byte for byte, except its end (the last bytes of a JSON body, a stream's
 * final event), held back until the exchange is stored: a client that has the end of its reply knows it is. Each wait
 * on the upstream is bounded (`upstreamTimeoutMs`); what the proxy answers itself when the upstream fails is in the
 * API's own error shape (502, 504, or an error event ending a stream). A request without an identity, one that asks for
 * structured output (data such as Claude Code's session titles, not a turn of the conversation), or one whose memory
 * failed, is forwarded as it came (`x-memstack` says which). Upstream errors pass through with their status.
 * `count_tokens` and any other path under `/v1/` are passed through. The inspector page and its API are at
 * `/inspect/` (`createInspector`).
 */
export function createMemoryProxy(options: MemoryProxyOptions): MemoryProxy {
  const { stack } = options;
  const send: UpstreamFetch = options.fetch ?? requestUpstream;
  const timeoutMs = options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const anthropicBase = (options.anthropicBaseUrl ?? 'https://api.anthropic.com').replace(/\/+$/, '');
  const openaiBase = (options.openaiBaseUrl ?? 'https://api.openai.com').replace(/\/+$/, '');
  // Each format names its provider (`WireFormat.route`): the proxy's options are per provider, as are their key headers.
  const upstreams: Record<WireFormat['route']['provider'], { base: string; key: UpstreamKey | undefined }> = {
    anthropic: { base: anthropicBase, key: apiKey('x-api-key', options.anthropicApiKey) },
    openai: { base: openaiBase, key: apiKey('authorization', options.openaiApiKey) },
  };
  const agent = options.agentId ?? 'proxy';
  const allowOrigins = new Set((options.allowOrigins ?? []).map(parseOrigin));
  const report = (error: unknown): void => {
    try {
      options.onError?.(error);
    } catch {
      // An observer's bug must not fail a request.
    }
  };
  // A client that went away is no upstream failure.
  const reportUpstream = (error: unknown): void => {
    if (!(ModelCallError.isInstance(error) && error.code === 'MODEL_ABORTED')) report(error);
  };
  const records = trackRecords();
  const app = new Hono();

  app.use('*', guardRequest({ token: options.token, allowOrigins }));
  // A failure of the proxy's own (a client's body that breaks off midway): in the route's API shape, not a bare 500.
  app.onError((error, context) => {
    report(error);
    return apiErrorResponse(
      routeFormat(context.req.path, context.req.raw.headers),
      'internal',
      'the proxy could not handle this request',
      'proxy-error',
    );
  });
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: options.maxBodyBytes ?? 32 * 1024 * 1024,
      onError: (context) =>
        apiErrorResponse(
          routeFormat(context.req.path, context.req.raw.headers),
          'too-large',
          'request body too large',
          'refused; too-large',
        ),
    }),
  );

  const proxy = async (
    request: Request,
    upstream: string,
    format: WireFormat,
    key: UpstreamKey | undefined,
  ): Promise<Response> => {
    const shape = format.name;
    if (!JSON_TYPE.test(request.headers.get('content-type') ?? '')) {
      return apiErrorResponse(
        shape,
        'unsupported-media-type',
        'the memory routes take a JSON body (content-type: application/json)',
        'refused; content-type',
      );
    }
    // Bytes, not text: a body passed through without memory is forwarded byte for byte (invalid UTF-8 included).
    const raw = new Uint8Array(await request.arrayBuffer());
    const body = parseJson(raw);
    let decorated: DecoratedTurn<unknown> | undefined;
    let conversation = '';
    let status = body === undefined ? 'not-json' : 'no-identity';
    let outgoing: Uint8Array | string = raw;
    const read = format.readBody(body);
    if (read) {
      const identity = readIdentity(request.headers, read.user, agent);
      if (identity && read.asksForData) status = 'structured-output';
      else if (identity) {
        const { agentId, userId, threadId } = identity.scope;
        conversation = JSON.stringify([agentId, userId ?? null, threadId ?? null]);
        // The conversation's last exchange is stored before this turn is read against it.
        await records.settled(conversation);
        try {
          const turn = await stack.decorate({ ...read.input, ...identity.scope, format: shape } as never);
          const added = turn.request as unknown as Record<string, unknown>;
          outgoing = JSON.stringify({ ...(body as Record<string, unknown>), ...added });
          decorated = turn;
          status = `decorated; identity=${identity.source}`;
        } catch (error) {
          status = 'memory-error';
          outgoing = raw;
          report(error);
        }
      }
    }
    let call: UpstreamCall;
    try {
      call = await callUpstream(
        send,
        upstream,
        { method: 'POST', headers: forwardHeaders(request.headers, key), body: outgoing },
        { timeoutMs, signal: request.signal },
      );
    } catch (error) {
      reportUpstream(error);
      return upstreamErrorResponse(shape, error);
    }
    const { response } = call;
    const headers = responseHeaders(response.headers, status);
    const turn = decorated;
    const collector: ReplyCollector | undefined = turn === undefined || !response.ok ? undefined : format.collector();
    // Before the end of the response: a client that has the end of its reply knows the exchange is stored (with its
    // extraction job, in a store that keeps jobs). A failed record still delivers the reply, and is reported.
    const record = async (): Promise<boolean> => {
      const reply = collector?.reply();
      if (turn === undefined || reply === undefined) return true;
      let stored = true;
      await records.add(conversation, async () => {
        try {
          await stack.record(turn, reply);
        } catch (error) {
          stored = false;
          report(error);
        }
      });
      return stored;
    };
    if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      const body = tapSse(call, {
        onEvent: (name, data) => collector?.event(name, data),
        isFinal: (name, data) => collector?.isFinal(name, data) ?? false,
        beforeEnd: async () => {
          await record();
        },
        onFailure: (error) => {
          reportUpstream(error);
          return upstreamErrorEvent(shape, error);
        },
      });
      return new Response(body, { status: response.status, headers });
    }
    // A JSON body is read whole (each wait bounded), so that a failure is still answered in the API's shape.
    let bytes: Uint8Array;
    try {
      bytes = await readBody(call);
    } catch (error) {
      reportUpstream(error);
      return upstreamErrorResponse(shape, error);
    }
    if (collector) {
      try {
        collector.body(JSON.parse(new TextDecoder().decode(bytes)));
      } catch {
        // Not JSON: nothing to record.
      }
      if (!(await record())) headers.set('x-memstack', `${status}; record-failed`);
    }
    return new Response(response.body === null ? null : bytes, { status: response.status, headers });
  };

  app.route('/', createInspector({ stack, token: options.token, onError: report }));

  const { mcp } = options;
  if (mcp !== undefined) {
    app.use(
      '/mcp',
      bodyLimit({
        maxSize: MCP_MAX_BODY_BYTES,
        onError: () =>
          Response.json(
            { jsonrpc: '2.0', error: { code: -32600, message: 'memstack: request body too large' }, id: null },
            { status: 413 },
          ),
      }),
    );
    // Only the headers name the caller: a JSON-RPC body names no user.
    app.all('/mcp', (context) =>
      mcp.handle(context.req.raw, readIdentity(context.req.raw.headers, undefined, agent)?.scope),
    );
  }

  // A route per wire format. The query string goes along: Claude Code asks for `/v1/messages?beta=true`.
  for (const format of Object.values(wireFormats)) {
    const { base, key } = upstreams[format.route.provider];
    app.post(format.route.path, (context) =>
      proxy(context.req.raw, `${base}${format.route.path}${new URL(context.req.url).search}`, format, key),
    );
  }
  // Everything else (count_tokens, models, ...) passes through untouched, to the upstream its path belongs to.
  app.all('/v1/*', async (context) => {
    const request = context.req.raw;
    const url = new URL(request.url);
    const format = wireFormats[routeFormat(url.pathname, request.headers)];
    const { base, key } = upstreams[format.route.provider];
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    let call: UpstreamCall;
    try {
      call = await callUpstream(
        send,
        `${base}${url.pathname}${url.search}`,
        {
          method: request.method,
          headers: forwardHeaders(request.headers, key),
          ...(hasBody ? { body: await request.arrayBuffer() } : {}),
        },
        { timeoutMs, signal: request.signal },
      );
    } catch (error) {
      reportUpstream(error);
      return upstreamErrorResponse(format.name, error);
    }
    return new Response(relayBody(call), {
      status: call.response.status,
      headers: responseHeaders(call.response.headers, 'passed-through'),
    });
  });
  return Object.assign(app, {
    idle: async (): Promise<void> => {
      await records.idle();
      await stack.idle();
    },
  });
}

/** The body as JSON, or undefined when it is not UTF-8 or not JSON (then it is forwarded as it came). */
function parseJson(raw: Uint8Array): unknown {
  try {
    return JSON.parse(utf8.decode(raw));
  } catch {
    return undefined;
  }
}

/** The key the proxy sends when a client sends none, in its provider's header. */
interface UpstreamKey {
  header: 'x-api-key' | 'authorization';
  value: string;
}

function apiKey(header: UpstreamKey['header'], value: string | undefined): UpstreamKey | undefined {
  if (value === undefined) return undefined;
  return { header, value: header === 'authorization' ? `Bearer ${value}` : value };
}
