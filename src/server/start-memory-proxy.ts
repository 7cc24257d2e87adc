import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ConfigError } from '../index.js';
import { createMemoryProxy, type MemoryProxyOptions } from './create-memory-proxy.js';

export interface StartMemoryProxyOptions extends MemoryProxyOptions {
  /** Default 8787; 0 for any free port. */
  port?: number | undefined;
  /** Default `127.0.0.1`. Any other address needs `token`. */
  host?: string | undefined;
}

export interface RunningMemoryProxy {
  /** E.g. `http://127.0.0.1:8787`: the base URL to give a client. */
  url: string;
  /**
   * Resolves when the responses sent so far are recorded (each record runs after its response has gone) and the
   * extraction they scheduled is done: read memory after it.
   */
  idle(): Promise<void>;
  /** Stops serving (open connections are dropped), then waits for the records in flight and their extraction. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** The memory proxy on Node's HTTP server. Bound to loopback unless a token guards it. */
export async function startMemoryProxy(options: StartMemoryProxyOptions): Promise<RunningMemoryProxy> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host) && (options.token === undefined || options.token.length < 16)) {
    throw new ConfigError(
      'INVALID_CONFIG',
      `binding ${host} exposes the proxy beyond this machine: set a token of at least 16 characters (--token or MEMSTACK_PROXY_TOKEN)`,
    );
  }
  const app = createMemoryProxy(options);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: options.port ?? 8787, hostname: host }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    idle: () => app.idle(),
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      await app.idle();
    },
  };
}
