import { Hono } from 'hono';
import { checkBinding } from './check-binding.js';
import { createInspector, type InspectorOptions } from './create-inspector.js';
import { listenOnNode, type RunningServer } from './listen-on-node.js';

export interface StartInspectorOptions extends InspectorOptions {
  /** Default 8787; 0 for any free port. */
  port?: number | undefined;
  /** Default `127.0.0.1`. Any other address needs `token`. */
  host?: string | undefined;
}

export interface RunningInspector extends RunningServer {
  /** The page, e.g. `http://127.0.0.1:8787/inspect/`. */
  pageUrl: string;
}

/**
 * The inspector alone, without the proxy (`memstack inspect`): for a file whose application runs elsewhere, on a
 * stack that should not run that application's jobs (`createMemoryStack({ runJobs: false })`). Bound to loopback
 * unless a token guards it, as the proxy is.
 */
export async function startInspector(options: StartInspectorOptions): Promise<RunningInspector> {
  const host = options.host ?? '127.0.0.1';
  checkBinding(host, options.token, 'inspector');
  const app = new Hono();
  app.get('/', (context) => context.redirect('/inspect/', 302));
  app.route('/', createInspector(options));
  const running = await listenOnNode(app, { port: options.port ?? 8787, host });
  return { ...running, pageUrl: `${running.url}/inspect/` };
}
