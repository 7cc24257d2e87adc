import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { ConfigError } from '../index.js';

export interface RunningServer {
  /** E.g. `http://127.0.0.1:8787`. */
  url: string;
  close(): Promise<void>;
}

/** What a failed `listen` means to the person who asked for it, by the system's code. */
const LISTEN_FAILURES: Record<string, string> = {
  EADDRINUSE: 'the port is in use (choose another with --port, or 0 for any free one)',
  EACCES: 'not allowed (a port below 1024 needs privileges)',
  EADDRNOTAVAIL: 'no network interface of this machine has that address',
  ENOTFOUND: 'the host name is unknown',
  EAI_AGAIN: 'the host name could not be resolved',
};

/**
 * A Hono app on Node's HTTP server; `close` ends open connections too, so that it never hangs on a keep-alive. An
 * IPv6 address may be given bracketed, as in a URL (`[::1]`). A failure to listen (a port in use, an unknown address)
 * rejects with a `ConfigError` that says which, in one line.
 */
export async function listenOnNode(app: Hono, options: { port: number; host: string }): Promise<RunningServer> {
  const host = options.host.startsWith('[') && options.host.endsWith(']') ? options.host.slice(1, -1) : options.host;
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port: options.port, hostname: host }, () => {
      started.off('error', failed);
      resolve(started);
    });
    // `listen` reports its failure as an event, after `serve` has returned.
    const failed = (error: NodeJS.ErrnoException): void => {
      started.close();
      const reason = LISTEN_FAILURES[error.code ?? ''] ?? error.message;
      reject(new ConfigError('INVALID_CONFIG', `cannot listen on ${hostPort(host, options.port)}: ${reason}`));
    };
    started.once('error', failed);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${hostPort(host, port)}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}
