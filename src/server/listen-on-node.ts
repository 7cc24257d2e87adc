import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface RunningServer {
  /** E.g. `http://127.0.0.1:8787`. */
  url: string;
  close(): Promise<void>;
}

/** A Hono app on Node's HTTP server; `close` ends open connections too, so that it never hangs on a keep-alive. */
export async function listenOnNode(app: Hono, options: { port: number; host: string }): Promise<RunningServer> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  const { host } = options;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
