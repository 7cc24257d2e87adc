import { checkBinding } from './check-binding.js';
import { createMemoryProxy, type MemoryProxyOptions } from './create-memory-proxy.js';
import { listenOnNode, type RunningServer } from './listen-on-node.js';

export interface StartMemoryProxyOptions extends MemoryProxyOptions {
  /** Default 8787; 0 for any free port. */
  port?: number | undefined;
  /** Default `127.0.0.1`. Any other address needs `token`. */
  host?: string | undefined;
}

export interface RunningMemoryProxy extends RunningServer {
  /** E.g. `http://127.0.0.1:8787`: the base URL to give a client. The inspector page is at `${url}/inspect/`. */
  url: string;
  /**
   * Resolves when the records in flight are done (a response ends once its exchange is stored) and the extraction
   * they scheduled is done: read memory after it.
   */
  idle(): Promise<void>;
  /**
   * Stops serving (MCP sessions closed, open connections dropped), then waits for the records in flight and their
   * extraction.
   */
  close(): Promise<void>;
}

/** The memory proxy on Node's HTTP server. Bound to loopback unless a token guards it. */
export async function startMemoryProxy(options: StartMemoryProxyOptions): Promise<RunningMemoryProxy> {
  const host = options.host ?? '127.0.0.1';
  checkBinding(host, options.token, 'proxy');
  const app = createMemoryProxy(options);
  const server = await listenOnNode(app, { port: options.port ?? 8787, host });
  return {
    url: server.url,
    idle: () => app.idle(),
    close: async () => {
      // The MCP sessions first: their open streams end before the server drops its connections.
      await options.mcp?.close();
      await server.close();
      await app.idle();
    },
  };
}
