import { connect } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStack, type MemoryStack } from '../../src/index.js';
import { createMemoryProxy, type MemoryProxy, type RunningMemoryProxy, startMemoryProxy } from '../../src/server.js';
import { type SqliteMemoryStore, sqliteStore } from '../../src/sqlite.js';
import { type RawUpstream, startRawUpstream } from '../support/raw-upstream.js';

const TOKEN = 'a-token-of-sixteen-chars';
const ALLOWED = 'https://app.example';

/** What a request is, for the property: every field one a client, a web page or an attacker can choose. */
interface Attempt {
  route: (typeof ROUTES)[number];
  host: string;
  origin: 'none' | 'own' | 'allowed' | 'evil' | 'null' | 'evil-subdomain' | 'allowed-upper';
  site: 'none' | 'absent' | 'same-origin' | 'same-site' | 'cross-site';
  contentType: string | null;
  token: 'configured-sent' | 'configured-missing' | 'configured-wrong' | 'none';
}

const ROUTES = [
  { method: 'POST', path: '/v1/messages', memory: true, body: 'anthropic' },
  { method: 'POST', path: '/v1/chat/completions', memory: true, body: 'openai' },
  { method: 'POST', path: '/v1/responses', memory: true, body: 'responses' },
  { method: 'POST', path: '/v1/messages/count_tokens', memory: false, body: 'anthropic' },
  { method: 'GET', path: '/v1/models', memory: false, body: null },
  { method: 'OPTIONS', path: '/v1/messages', memory: false, body: null },
  { method: 'GET', path: '/inspect/api/sessions', memory: false, body: null },
] as const;
const LOOPBACK_HOSTS = ['127.0.0.1:8787', 'localhost:8787', '[::1]:8787', 'localhost', 'LOCALHOST:1'];
const OTHER_HOSTS = ['evil.example:8787', 'localhost.evil.example', '127.0.0.1.nip.io:8787', '10.0.0.2:8787', ''];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  null,
];

/** The rules of decision 24, written apart from the code: what the proxy must do with an attempt. */
function expected(attempt: Attempt): 'refused' | 'preflight' | 'through' {
  const loopback = LOOPBACK_HOSTS.includes(attempt.host);
  const tokenConfigured = attempt.token !== 'none';
  if (!tokenConfigured && !loopback) return 'refused';
  const allowed =
    (attempt.origin === 'allowed' || attempt.origin === 'allowed-upper') && attempt.route.path.startsWith('/v1/');
  const own = attempt.origin === 'own' && attempt.host !== '';
  if (!allowed) {
    if (attempt.origin !== 'none' && !own) return 'refused';
    if (attempt.site === 'cross-site' || attempt.site === 'same-site') return 'refused';
  }
  if (attempt.route.method === 'OPTIONS') return allowed ? 'preflight' : 'refused';
  // The inspector's API checks the token itself (its page loads without one); the rest, the proxy's guard.
  if (tokenConfigured && attempt.token !== 'configured-sent') return 'refused';
  if (attempt.route.memory && !/^application\/json/.test(attempt.contentType ?? '')) return 'refused';
  return 'through';
}

function body(route: Attempt['route']): string | undefined {
  if (route.body === 'anthropic') {
    return JSON.stringify({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'I live in Lisbon.' }] });
  }
  if (route.body === 'openai') {
    return JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'I live in Lisbon.' }] });
  }
  if (route.body === 'responses') return JSON.stringify({ model: 'm', input: 'I live in Lisbon.' });
  return undefined;
}

describe('the proxy refuses, on every route and before anything else, what a web page or another host sends', () => {
  let upstream: RawUpstream;
  let store: SqliteMemoryStore;
  let stack: MemoryStack;
  const proxies = new Map<string, MemoryProxy>();
  beforeAll(async () => {
    upstream = await startRawUpstream();
    store = sqliteStore({ path: ':memory:' });
    stack = createMemoryStack({ store });
    for (const token of [undefined, TOKEN]) {
      proxies.set(
        token ?? 'none',
        createMemoryProxy({
          stack,
          token,
          allowOrigins: [ALLOWED],
          anthropicBaseUrl: upstream.url,
          openaiBaseUrl: upstream.url,
        }),
      );
    }
  });
  afterAll(async () => {
    await upstream.close();
    await stack.close();
  });
  const turns = (): number => (store.database.prepare('SELECT count(*) AS n FROM turns').get() as { n: number }).n;

  it('Host, Origin, Sec-Fetch-Site, content type and token, in every combination', async () => {
    const attempt = fc.record<Attempt>({
      route: fc.constantFrom(...ROUTES),
      host: fc.constantFrom(...LOOPBACK_HOSTS, ...OTHER_HOSTS),
      origin: fc.constantFrom('none', 'own', 'allowed', 'evil', 'null', 'evil-subdomain', 'allowed-upper'),
      site: fc.constantFrom('none', 'absent', 'same-origin', 'same-site', 'cross-site'),
      contentType: fc.constantFrom(...CONTENT_TYPES),
      token: fc.constantFrom('configured-sent', 'configured-missing', 'configured-wrong', 'none'),
    });
    await fc.assert(
      fc.asyncProperty(attempt, async (attempt) => {
        const origins = {
          none: undefined,
          own: `http://${attempt.host}`,
          allowed: ALLOWED,
          'allowed-upper': ALLOWED.toUpperCase(),
          evil: 'http://evil.example',
          null: 'null',
          'evil-subdomain': 'https://app.example.evil.example',
        };
        const headers: Record<string, string> = { host: attempt.host, 'x-memstack-user': 'alice', 'x-api-key': 'k' };
        const origin = origins[attempt.origin];
        if (origin !== undefined) headers.origin = origin;
        if (attempt.site !== 'absent') headers['sec-fetch-site'] = attempt.site;
        if (attempt.contentType !== null) headers['content-type'] = attempt.contentType;
        if (attempt.token === 'configured-sent') headers['x-memstack-token'] = TOKEN;
        if (attempt.token === 'configured-wrong') headers['x-memstack-token'] = `${TOKEN}x`;
        if (attempt.route.method === 'OPTIONS') headers['access-control-request-method'] = 'POST';
        const text = body(attempt.route);
        const proxy = proxies.get(attempt.token === 'none' ? 'none' : TOKEN) as MemoryProxy;
        const before = { upstream: upstream.requests.length, turns: turns() };
        // Bytes, not a string: a string body would get a text/plain content type the attempt did not choose.
        const response = await proxy.request(attempt.route.path, {
          method: attempt.route.method,
          headers,
          ...(text === undefined ? {} : { body: new TextEncoder().encode(text) }),
        });
        await proxy.idle();
        const outcome = expected(attempt);
        const memstack = response.headers.get('x-memstack') ?? '';
        if (outcome === 'refused') {
          expect([401, 403, 415]).toContain(response.status);
          if (attempt.route.path.startsWith('/v1/')) expect(memstack).toMatch(/^refused; /);
          // Nothing reached the upstream, and memory was neither read nor written.
          expect(upstream.requests.length).toBe(before.upstream);
          expect(turns()).toBe(before.turns);
        } else if (outcome === 'preflight') {
          expect(response.status).toBe(204);
          expect(response.headers.get('access-control-allow-origin')).toBe(origin);
          expect(upstream.requests.length).toBe(before.upstream);
        } else {
          expect(memstack).not.toMatch(/^refused/);
          expect(response.status).toBe(200);
          const granted = attempt.origin === 'allowed' || attempt.origin === 'allowed-upper';
          expect(response.headers.get('access-control-allow-origin')).toBe(granted ? (origin ?? null) : null);
        }
        // The upstream never sees a preflight.
        expect(upstream.requests.some((request) => request.method === 'OPTIONS')).toBe(false);
      }),
      { numRuns: 300 },
    );
  }, 120_000);
});

describe('a blank id is no identity, and two clients without one share nothing', () => {
  let upstream: RawUpstream;
  afterAll(() => upstream.close());
  beforeAll(async () => {
    upstream = await startRawUpstream();
  });

  const BLANKS = ['', ' ', '\t', '  \u3000 ', '\u200b', '\u3164\ufeff'];
  /** A header's value as it comes off the wire: its UTF-8 bytes, one character a byte. */
  const wire = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');
  /** Every identity field a client can send, each blank in turn; the others absent. */
  const shapes: Array<{
    name: string;
    format: 'anthropic' | 'openai';
    headers: Record<string, string>;
    user?: string;
  }> = [
    ...BLANKS.flatMap((blank) => [
      {
        name: `x-memstack-user ${JSON.stringify(blank)}`,
        format: 'anthropic' as const,
        headers: { 'x-memstack-user': wire(blank) },
      },
      {
        name: `x-memstack-thread ${JSON.stringify(blank)}`,
        format: 'openai' as const,
        headers: { 'x-memstack-thread': wire(blank) },
      },
      {
        name: `x-memstack-agent ${JSON.stringify(blank)} beside a user`,
        format: 'anthropic' as const,
        headers: { 'x-memstack-agent': wire(blank), 'x-memstack-user': 'carol' },
      },
      { name: `metadata.user_id ${JSON.stringify(blank)}`, format: 'anthropic' as const, headers: {}, user: blank },
      { name: `user ${JSON.stringify(blank)}`, format: 'openai' as const, headers: {}, user: blank },
      {
        name: `Claude Code's user_id with a blank device and account ${JSON.stringify(blank)}`,
        format: 'anthropic' as const,
        headers: {},
        user: JSON.stringify({ device_id: blank, account_uuid: blank, session_id: 's-1' }),
      },
    ]),
  ];

  it.each(shapes)('$name', async (shape) => {
    const store = sqliteStore({ path: ':memory:' });
    const stack = createMemoryStack({ store });
    const proxy = createMemoryProxy({ stack, anthropicBaseUrl: upstream.url, openaiBaseUrl: upstream.url });
    const send = async (text: string) => {
      const path = shape.format === 'anthropic' ? '/v1/messages' : '/v1/chat/completions';
      const messages = [{ role: 'user', content: text }];
      const body =
        shape.format === 'anthropic'
          ? {
              model: 'm',
              max_tokens: 10,
              messages,
              ...(shape.user === undefined ? {} : { metadata: { user_id: shape.user } }),
            }
          : { model: 'm', messages, ...(shape.user === undefined ? {} : { user: shape.user }) };
      const response = await proxy.request(path, {
        method: 'POST',
        headers: { host: '127.0.0.1:8787', 'content-type': 'application/json', ...shape.headers },
        body: JSON.stringify(body),
      });
      await proxy.idle();
      return response;
    };
    const first = await send('Draft the confidential memo about the Q3 layoffs. I live in Lisbon.');
    expect(first.headers.get('x-memstack')).toBe('no-identity');
    const second = await send('What was I working on, and where do I live?');
    expect(second.headers.get('x-memstack')).toBe('no-identity');
    // The second client's request went out as it came: nothing of the first one's words.
    const forwarded = upstream.requests.at(-1)?.bytes.toString('utf8') ?? '';
    expect(forwarded).not.toMatch(/memo|Lisbon|task_recap|pinned/);
    for (const table of ['turns', 'facts', 'sessions']) {
      expect(store.database.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 });
    }
    await stack.close();
  });
});

describe('ids and bodies as the bytes a client sends', () => {
  let upstream: RawUpstream;
  let stack: MemoryStack;
  let proxy: RunningMemoryProxy;
  beforeAll(async () => {
    upstream = await startRawUpstream();
    stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
    proxy = await startMemoryProxy({ stack, port: 0, anthropicBaseUrl: upstream.url, openaiBaseUrl: upstream.url });
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
    await stack.close();
  });

  /** One HTTP request written byte for byte on a socket; resolves with the response's head. */
  const sendRaw = (path: string, headerLines: Buffer[], body: Buffer): Promise<string> =>
    new Promise((resolve, reject) => {
      const { port } = new URL(proxy.url);
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          Buffer.concat([
            Buffer.from(`POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n`),
            ...headerLines.map((line) => Buffer.concat([line, Buffer.from('\r\n')])),
            Buffer.from(`content-length: ${body.length}\r\n\r\n`),
            body,
          ]),
        );
      });
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString('latin1');
      });
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
  const turn = (text: string) =>
    Buffer.from(JSON.stringify({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: text }] }));
  const json = Buffer.from('content-type: application/json');

  it('reads a header id as UTF-8 (curl), or as Latin-1 when its bytes are not UTF-8 (a JavaScript Headers object)', async () => {
    for (const [bytes, userId] of [
      [Buffer.from('José', 'utf8'), 'José'],
      [Buffer.from('José', 'latin1'), 'José'],
      [Buffer.from('张伟', 'utf8'), '张伟'],
      [Buffer.from('Zoë 🦊', 'utf8'), 'Zoë 🦊'],
    ] as const) {
      const head = await sendRaw(
        '/v1/messages',
        [json, Buffer.concat([Buffer.from('x-memstack-user: '), bytes])],
        turn(`Hello from ${userId}.`),
      );
      expect(head).toMatch(/^HTTP\/1.1 200/);
      expect(head).toContain('x-memstack: decorated; identity=headers');
      await proxy.idle();
      const session = await stack.session({ agentId: 'proxy', userId });
      expect(session.turns.map((stored) => stored.text)).toContain(`Hello from ${userId}.`);
    }
    // As the official SDK sends it (its fetch takes a Latin-1 string).
    const client = new Anthropic({
      apiKey: 'k',
      baseURL: proxy.url,
      maxRetries: 0,
      defaultHeaders: { 'x-memstack-user': 'Renée' },
    });
    await client.messages.create({
      model: 'm',
      max_tokens: 10,
      messages: [{ role: 'user', content: 'Hi, Renée here.' }],
    });
    await proxy.idle();
    expect((await stack.session({ agentId: 'proxy', userId: 'Renée' })).turns).toHaveLength(2);
  });

  it('forwards a body it adds no memory to byte for byte, invalid UTF-8 and all', async () => {
    const invalid = Buffer.concat([
      Buffer.from('{"model":"m","max_tokens":10,"messages":[{"role":"user","content":"caf'),
      Buffer.from([0xe9, 0xff, 0xc3]),
      Buffer.from('"}]}'),
    ]);
    for (const [path, headers] of [
      ['/v1/messages', [json]],
      ['/v1/messages', [json, Buffer.from('x-memstack-user: alice')]],
      ['/v1/messages/count_tokens', [json, Buffer.from('x-memstack-user: alice')]],
      ['/v1/chat/completions', [json]],
    ] as const) {
      const head = await sendRaw(path, [...headers], invalid);
      expect(head).toMatch(/^HTTP\/1.1 200/);
      expect(upstream.requests.at(-1)?.bytes.equals(invalid)).toBe(true);
    }
    const noIdentity = turn('Résumé: naïve café, 東京 🚀');
    await sendRaw('/v1/messages', [json], noIdentity);
    expect(upstream.requests.at(-1)?.bytes.equals(noIdentity)).toBe(true);
  });
});

describe("a failure of the proxy's own", () => {
  it('is answered in the route’s API shape, with x-memstack, and reported (a body that breaks off midway)', async () => {
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
    const errors: unknown[] = [];
    const app = createMemoryProxy({ stack, anthropicBaseUrl: 'http://127.0.0.1:9', onError: (e) => errors.push(e) });
    const broken = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"model":"m","mess'));
          controller.error(new Error('the client went away'));
        },
      });
    try {
      for (const [path, shape] of [
        ['/v1/messages', { type: 'error', error: { type: 'api_error' } }],
        ['/v1/chat/completions', { error: { type: 'server_error' } }],
      ] as const) {
        const response = await app.request(`http://127.0.0.1${path}`, {
          method: 'POST',
          headers: { host: '127.0.0.1:8787', 'content-type': 'application/json', 'x-memstack-user': 'alice' },
          body: broken(),
          duplex: 'half',
        } as RequestInit);
        expect(response.status).toBe(500);
        expect(response.headers.get('x-memstack')).toBe('proxy-error');
        expect(await response.json()).toMatchObject(shape);
      }
      expect(errors).toHaveLength(2);
    } finally {
      await stack.close();
    }
  });
});
