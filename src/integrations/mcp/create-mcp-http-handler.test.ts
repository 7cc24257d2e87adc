import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStack, heuristicExtractor, type MemoryStack } from '../../index.js';
import { type RunningMemoryProxy, startMemoryProxy } from '../../server.js';
import { memoryStore } from '../../testing.js';
import { createMcpHttpHandler, type McpHttpHandler } from './create-mcp-http-handler.js';

const TOKEN = 'proxy-secret';
const identity = (user: string): Record<string, string> => ({
  'x-memstack-token': TOKEN,
  'x-memstack-agent': 'planner',
  'x-memstack-user': user,
});
const text = (result: CallToolResult): string =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };

describe('MCP over Streamable HTTP at /mcp on the memory proxy', () => {
  let stack: MemoryStack;
  let proxy: RunningMemoryProxy;
  let handler: McpHttpHandler;
  let clock = 0;
  const clients: Client[] = [];

  /** The SDK's own client, over HTTP, with these headers on every request. */
  const connect = async (headers: Record<string, string>): Promise<{ client: Client; session: string }> => {
    const transport = new StreamableHTTPClientTransport(new URL(`${proxy.url}/mcp`), { requestInit: { headers } });
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(transport);
    clients.push(client);
    return { client, session: transport.sessionId ?? '' };
  };
  const post = (body: unknown, headers: Record<string, string>): Promise<Response> =>
    fetch(`${proxy.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });

  beforeEach(async () => {
    clock = 0;
    stack = createMemoryStack({ store: memoryStore(), extractor: heuristicExtractor() });
    handler = createMcpHttpHandler({ stack, maxSessions: 3, idleMs: 60_000, now: () => clock });
    proxy = await startMemoryProxy({ stack, port: 0, token: TOKEN, mcp: handler });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
    await proxy.close();
    await stack.close();
  });

  it('binds each session to the identity that opened it: two users, each sees only their own memory', async () => {
    const alice = await connect(identity('alice'));
    const bob = await connect(identity('bob'));
    const added = (await alice.client.callTool({
      name: 'add_memory',
      arguments: { text: 'User lives in Lisbon' },
    })) as CallToolResult;
    const id = Number(/memory (\d+)/.exec(text(added))?.[1]);
    expect((await stack.facts.list({ agentId: 'planner', userId: 'alice' })).map((fact) => fact.id)).toEqual([id]);

    const search = (await bob.client.callTool({
      name: 'search_memories',
      arguments: { query: 'Lisbon' },
    })) as CallToolResult;
    expect(text(search)).toMatch(/^No memory matches "Lisbon"/);
    const removed = (await bob.client.callTool({ name: 'delete_memory', arguments: { id } })) as CallToolResult;
    expect(removed.isError).toBe(true);
    expect(text(removed)).toMatch(/^Not found/);
    expect(await stack.facts.list({ agentId: 'planner', userId: 'alice' })).toHaveLength(1);

    // Bob's headers on Alice's session: refused, whatever the request.
    const switched = await post(LIST, {
      ...identity('bob'),
      'mcp-session-id': alice.session,
      'mcp-protocol-version': '2025-06-18',
    });
    expect(switched.status).toBe(403);
    expect(await switched.text()).toContain('opened under another identity');
    const dropped = await post(LIST, { 'x-memstack-token': TOKEN, 'mcp-session-id': alice.session });
    expect(dropped.status).toBe(403);
    // Alice's own session still works.
    expect((await alice.client.listTools()).tools).toHaveLength(9);
  });

  it('refuses an unknown session, a session without an identity, and more sessions than the bound', async () => {
    const unknown = await post(LIST, { ...identity('alice'), 'mcp-session-id': 'not-a-session' });
    expect(unknown.status).toBe(404);
    const anonymous = await post(INITIALIZE, { 'x-memstack-token': TOKEN });
    expect(anonymous.status).toBe(400);
    expect(await anonymous.text()).toContain('needs an identity');

    await connect(identity('a'));
    await connect(identity('b'));
    await connect(identity('c'));
    expect(handler.size).toBe(3);
    const fourth = await post(INITIALIZE, identity('d'));
    expect(fourth.status).toBe(503);
    expect(await fourth.text()).toContain('too many MCP sessions');
  });

  it('expires an idle session: its id is unknown afterwards', async () => {
    const alice = await connect(identity('alice'));
    clock = 59_999;
    expect((await alice.client.listTools()).tools).toHaveLength(9);
    clock = 59_999 + 60_000;
    const expired = await post(LIST, { ...identity('alice'), 'mcp-session-id': alice.session });
    expect(expired.status).toBe(404);
    expect(handler.size).toBe(0);
  });

  it("keeps /mcp behind the proxy's guards (the same one as every route): token and Origin", async () => {
    const { 'x-memstack-token': _token, ...withoutToken } = identity('alice');
    expect((await post(INITIALIZE, withoutToken)).status).toBe(401);
    expect((await post(INITIALIZE, { ...identity('alice'), origin: 'https://evil.example' })).status).toBe(403);
    expect(handler.size).toBe(0);
  });

  it('without a token, answers /mcp on a loopback Host only (a DNS-rebinding page sends its own)', async () => {
    const open = createMcpHttpHandler({ stack });
    const local = await startMemoryProxy({ stack, port: 0, mcp: open });
    try {
      const { port } = new URL(local.url);
      const status = (host: string): Promise<number | undefined> =>
        new Promise((resolve, reject) => {
          const sent = httpRequest(
            { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host, 'x-memstack-user': 'alice' } },
            (response) => {
              response.resume();
              resolve(response.statusCode);
            },
          );
          sent.on('error', reject);
          sent.end(JSON.stringify(INITIALIZE));
        });
      expect(await status(`evil.example:${port}`)).toBe(403);
      expect(open.size).toBe(0);
      // The same request to a loopback name reaches the endpoint (refused there only for its missing Accept header).
      expect(await status(`localhost:${port}`)).toBe(406);
    } finally {
      await local.close();
    }
  });

  it('closes a session on DELETE, and every session when the proxy closes', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${proxy.url}/mcp`), {
      requestInit: { headers: identity('carol') },
    });
    await new Client({ name: 'test', version: '1' }).connect(transport);
    const carol = transport.sessionId ?? '';
    expect(handler.size).toBe(1);
    await transport.terminateSession();
    expect(handler.size).toBe(0);
    expect((await post(LIST, { ...identity('carol'), 'mcp-session-id': carol })).status).toBe(404);
    await transport.close();

    await connect(identity('alice'));
    expect(handler.size).toBe(1);
    await proxy.close();
    expect(handler.size).toBe(0);
    proxy = await startMemoryProxy({ stack, port: 0, token: TOKEN });
  });
});
