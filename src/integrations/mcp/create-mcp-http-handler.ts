import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { MemoryStack } from '../../index.js';
import { createMemoryMcpServer } from './create-memory-mcp-server.js';
import { type McpScope, scopeKey } from './mcp-scope.js';

export interface McpHttpHandlerOptions {
  stack: MemoryStack;
  /** Open MCP sessions at most; an initialization past it is refused (503) until one closes or expires. Default 100. */
  maxSessions?: number | undefined;
  /**
   * A session with no request for this long is closed (its id is then unknown: the client opens a new one). Default
   * 30 minutes.
   */
  idleMs?: number | undefined;
  version?: string | undefined;
  /** The clock, for tests. */
  now?: (() => number) | undefined;
}

/**
 * MCP over Streamable HTTP (the SDK's transport, stateful), for a route of the proxy: `handle` takes the request
 * and the caller's identity, as the proxy read it after its guards. The identity of the request that opens a session
 * (initialize) is its scope for life; a later request of that session under another identity is refused (403), as
 * is an unknown session id (404, as the protocol says, so that the client opens a new one).
 */
export interface McpHttpHandler {
  handle(request: Request, scope: McpScope | undefined): Promise<Response>;
  /** Open sessions. */
  readonly size: number;
  /** Closes every session, and expires no more. */
  close(): Promise<void>;
}

interface OpenSession {
  key: string;
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
  lastUsed: number;
}

const jsonRpcError = (status: number, code: number, message: string): Response =>
  Response.json({ jsonrpc: '2.0', error: { code, message: `memstack: ${message}` }, id: null }, { status });

export function createMcpHttpHandler(options: McpHttpHandlerOptions): McpHttpHandler {
  const maxSessions = options.maxSessions ?? 100;
  const idleMs = options.idleMs ?? 30 * 60_000;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, OpenSession>();
  // Initializations under way count against the bound too.
  let opening = 0;
  let closed = false;

  const drop = async (id: string): Promise<void> => {
    const session = sessions.get(id);
    if (session === undefined) return;
    sessions.delete(id);
    await session.server.close().catch(() => undefined);
  };
  const expire = (): void => {
    const oldest = now() - idleMs;
    for (const [id, session] of sessions) if (session.lastUsed <= oldest) void drop(id);
  };
  const sweep = setInterval(expire, Math.max(1000, Math.min(idleMs / 2, 60_000)));
  sweep.unref();

  const open = async (request: Request, scope: McpScope): Promise<Response> => {
    if (sessions.size + opening >= maxSessions) {
      return jsonRpcError(503, -32000, `too many MCP sessions open (${maxSessions}): close one, or retry later`);
    }
    opening += 1;
    const server = createMemoryMcpServer({ stack: options.stack, scope, version: options.version });
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, { key: scopeKey(scope), server, transport, lastUsed: now() });
      },
      onsessionclosed: (id) => {
        void drop(id);
      },
    });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(request);
      // Not an initialization (or a failed one): nothing stays open.
      if (transport.sessionId === undefined || !sessions.has(transport.sessionId)) await server.close();
      return response;
    } catch (error) {
      await server.close().catch(() => undefined);
      throw error;
    } finally {
      opening -= 1;
    }
  };

  return {
    handle: async (request, scope) => {
      if (closed) return jsonRpcError(503, -32000, 'the MCP endpoint is closing');
      const id = request.headers.get('mcp-session-id');
      if (id === null) {
        if (scope === undefined) {
          return jsonRpcError(
            400,
            -32600,
            'an MCP session needs an identity: send x-memstack-user or x-memstack-thread (and x-memstack-agent)',
          );
        }
        return open(request, scope);
      }
      const session = sessions.get(id);
      if (session === undefined || session.lastUsed <= now() - idleMs) {
        if (session !== undefined) await drop(id);
        return jsonRpcError(404, -32001, 'unknown or expired MCP session: open a new one');
      }
      if (scope === undefined || scopeKey(scope) !== session.key) {
        return jsonRpcError(403, -32600, 'this MCP session was opened under another identity');
      }
      session.lastUsed = now();
      return session.transport.handleRequest(request);
    },
    get size() {
      return sessions.size;
    },
    close: async () => {
      closed = true;
      clearInterval(sweep);
      await Promise.all([...sessions.keys()].map(drop));
    },
  };
}
