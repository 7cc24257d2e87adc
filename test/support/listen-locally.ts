import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local test server on 127.0.0.1 and any free port: its base URL, and a `close` that drops open connections first
 * (a stalled stream keeps its socket open, and `close` would wait for the client).
 */
export async function listenLocally(server: Server): Promise<{ url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
