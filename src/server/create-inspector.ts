import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { InvalidInputError, type MemoryStack } from '../index.js';
import { guardApi } from './guard-api.js';
import { guardHost } from './guard-host.js';
import { INSPECTOR_HTML } from './inspector-page/inspector-html.js';
import { inspectorScript } from './inspector-page/inspector-script.js';
import { INSPECTOR_STYLE } from './inspector-page/inspector-style.js';
import { readQuery } from './read-query.js';
import { toErrorResponse } from './to-error-response.js';

export interface InspectorOptions {
  stack: MemoryStack;
  /** When set, every API request must carry it in `x-memstack-token` (the page itself loads without it). */
  token?: string | undefined;
  /** Told of a request that failed with an unexpected error (answered as a bare 500). */
  onError?: ((error: unknown) => void) | undefined;
}

/** Ids as the stack takes them (it checks the rest: blank, length in characters). */
const id = z
  .string()
  .min(1)
  .max(16_384)
  .refine((value) => value.isWellFormed(), 'not well-formed Unicode');
const whole = (most: number) =>
  z
    .string()
    .regex(/^\d{1,15}$/, 'a whole number')
    .transform(Number)
    .refine((value) => value <= most, `at most ${most}`);
const turnId = whole(Number.MAX_SAFE_INTEGER);

const sessionsQuery = z
  .strictObject({
    agent: id.optional(),
    user: id.optional(),
    afterAt: z.iso.datetime().optional(),
    afterKey: id.optional(),
    limit: whole(500).optional(),
  })
  .refine((query) => (query.afterAt === undefined) === (query.afterKey === undefined), {
    message: 'afterAt and afterKey go together (the last session of a page)',
    path: ['afterAt'],
  });
const sessionQuery = z.strictObject({ key: id });
const exchangesQuery = z.strictObject({ key: id, after: turnId.optional(), limit: whole(500).optional() });
const scopesQuery = z.strictObject({ agent: id.optional(), limit: whole(5000).optional() });
const factsQuery = z.strictObject({
  agent: id,
  user: id.optional(),
  q: z
    .string()
    .max(2000)
    .refine((value) => value.isWellFormed(), 'not well-formed Unicode')
    .optional(),
  limit: whole(100).optional(),
});
const factQuery = z.strictObject({ agent: id, user: id.optional() });
const factParameter = z.strictObject({ id: turnId });
const jobsQuery = z.strictObject({
  state: z.enum(['queued', 'running', 'done', 'failed']),
  limit: whole(1000).optional(),
});
const editBody = z.strictObject({
  text: z
    .string()
    .min(1)
    .max(20_000)
    .refine((value) => value.isWellFormed(), 'not well-formed Unicode'),
});
const forgetBody = z
  .strictObject({ agentId: id, userId: id.optional(), channelId: id.optional(), threadId: id.optional() })
  .refine((scope) => (scope.userId ?? scope.channelId ?? scope.threadId) !== undefined, {
    // A whole agent is forgotten in code or from the CLI, not with one request from a page.
    message: 'forget names a user, a channel or a thread',
    path: ['userId'],
  });

/** Content Security Policy of the page: its own script and style only, nothing inline, no frame, no other host. */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The inspector: a page at `/inspect/` (one document, its script and style, all served from here: no CDN; the
 * script bundled at build time) and its JSON API under `/inspect/api/`, on `stack.inspect`, `stack.facts` and
 * `stack.forget`. Mounted by `createMemoryProxy`; `startInspector` serves it alone. See `guardHost` and `guardApi`
 * for who may call it.
 */
export function createInspector(options: InspectorOptions): Hono {
  const { stack } = options;
  const app = new Hono();
  app.use('/inspect', guardHost(options.token));
  app.use('/inspect/*', guardHost(options.token));
  app.use('/inspect/api/*', guardApi(options.token));
  app.use(
    '/inspect/api/*',
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (context) => context.json({ error: { code: 'TOO_LARGE', message: 'request body too large' } }, 413),
    }),
  );
  app.onError((error, context) => {
    const { status, body } = toErrorResponse(error);
    if (status === 500) options.onError?.(error);
    return context.json(body, status);
  });

  const asset = (context: Context, body: string, type: string) =>
    context.body(body, 200, {
      'content-type': `${type}; charset=utf-8`,
      'content-security-policy': PAGE_POLICY,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    });
  // Relative, so that the page works behind a proxy that serves it under a prefix of its own.
  app.get('/inspect', (context) => context.redirect('inspect/', 308));
  app.get('/inspect/', (context) => asset(context, INSPECTOR_HTML, 'text/html'));
  app.get('/inspect/app.js', (context) => asset(context, inspectorScript(), 'text/javascript'));
  app.get('/inspect/app.css', (context) => asset(context, INSPECTOR_STYLE, 'text/css'));

  app.get('/inspect/api/sessions', async (context) => {
    const query = parse(sessionsQuery, readQuery(context.req.url));
    const limit = query.limit ?? 50;
    const sessions = await stack.inspect.sessions({
      agentId: query.agent,
      userId: query.user,
      limit,
      after:
        query.afterAt === undefined || query.afterKey === undefined
          ? undefined
          : { updatedAt: new Date(query.afterAt), key: query.afterKey },
    });
    const last = sessions.at(-1);
    const next = sessions.length === limit && last ? { afterAt: last.updatedAt, afterKey: last.key } : null;
    return context.json({ sessions, next });
  });
  app.get('/inspect/api/session', async (context) => {
    const { key } = parse(sessionQuery, readQuery(context.req.url));
    const session = await stack.inspect.session(key);
    if (session === null) throw new InvalidInputError('NOT_FOUND', 'key', 'no session with this key');
    return context.json(session);
  });
  app.get('/inspect/api/exchanges', async (context) => {
    const query = parse(exchangesQuery, readQuery(context.req.url));
    const limit = query.limit ?? 50;
    const exchanges = await stack.inspect.exchanges(query.key, { afterId: query.after, limit });
    const last = exchanges.at(-1);
    return context.json({ exchanges, next: exchanges.length === limit && last ? last.reply.id : null });
  });
  app.get('/inspect/api/figures', async (context) => {
    const { key } = parse(sessionQuery, readQuery(context.req.url));
    return context.json({ figures: await stack.inspect.figures(key) });
  });
  app.get('/inspect/api/scopes', async (context) => {
    const query = parse(scopesQuery, readQuery(context.req.url));
    return context.json({ scopes: await stack.inspect.scopes({ agentId: query.agent, limit: query.limit }) });
  });
  app.get('/inspect/api/facts', async (context) => {
    const query = parse(factsQuery, readQuery(context.req.url));
    const scope = { agentId: query.agent, userId: query.user };
    const facts = await stack.inspect.facts(scope);
    if (query.q === undefined || query.q.trim() === '') return context.json({ facts, searched: false });
    // A search ranks live facts; their history (provenance, superseded-by) comes from the scope's list.
    const found = await stack.facts.search(scope, query.q, { limit: query.limit ?? 50 });
    const byId = new Map(facts.map((fact) => [fact.id, fact]));
    return context.json({
      facts: found.flatMap((fact) => {
        const stored = byId.get(fact.id);
        return stored ? [{ ...stored, score: fact.score }] : [];
      }),
      searched: true,
    });
  });
  app.patch('/inspect/api/facts/:id', async (context) => {
    const { id: factId } = parse(factParameter, { id: context.req.param('id') });
    const query = parse(factQuery, readQuery(context.req.url));
    const { text } = parse(editBody, await readJson(context));
    const edited = await stack.facts.edit({ agentId: query.agent, userId: query.user }, factId, text);
    if (edited === null) throw new InvalidInputError('NOT_FOUND', 'id', 'no live fact with this id in this scope');
    return context.json(edited);
  });
  app.delete('/inspect/api/facts/:id', async (context) => {
    const { id: factId } = parse(factParameter, { id: context.req.param('id') });
    const query = parse(factQuery, readQuery(context.req.url));
    const removed = await stack.facts.remove({ agentId: query.agent, userId: query.user }, factId);
    if (!removed) throw new InvalidInputError('NOT_FOUND', 'id', 'no fact with this id in this scope');
    return context.json({ removed: true });
  });
  app.post('/inspect/api/forget', async (context) => {
    const scope = parse(forgetBody, await readJson(context));
    return context.json(await stack.forget(scope));
  });
  app.get('/inspect/api/jobs', async (context) => {
    const query = parse(jobsQuery, readQuery(context.req.url));
    const jobs = await stack.inspect.jobs(query.state, { limit: query.limit });
    if (jobs === null) {
      return context.json({ error: { code: 'NOT_SUPPORTED', message: 'this store keeps no jobs' } }, 501);
    }
    return context.json({ jobs });
  });
  app.all('/inspect/api/*', (context) =>
    context.json({ error: { code: 'NOT_FOUND', message: 'no such inspector API route' } }, 404),
  );
  return app;
}

/** Untrusted input through its schema; the first problem becomes an `InvalidInputError` naming the field. */
function parse<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'input';
  throw new InvalidInputError('INVALID_ARGUMENT', field, `${field}: ${issue?.message ?? 'invalid'}`);
}

async function readJson(context: Context): Promise<unknown> {
  const text = await context.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new InvalidInputError('INVALID_ARGUMENT', 'body', 'the body is not JSON');
  }
}
