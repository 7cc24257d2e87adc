import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';

/** The part of `fetch` the proxy uses for its upstream calls; `fetch` itself is one. */
export type UpstreamFetch = (
  url: string,
  init: { method: string; headers: Headers; body?: string | ArrayBuffer | Uint8Array; signal: AbortSignal },
) => Promise<Response>;

/** Statuses whose response has no body, which `new Response` refuses one for. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The proxy's default upstream client, on node:http(s) with their keep-alive agents. Node's own `fetch` cuts a
 * response off after 300 s without headers, or 300 s without a byte (undici's limits), with a bare error: a long
 * generation may take longer, and the proxy bounds the wait itself (`upstreamTimeoutMs`).
 */
export const requestUpstream: UpstreamFetch = (url, init) =>
  new Promise<Response>((resolve, reject) => {
    const target = new URL(url);
    const headers = Object.fromEntries(init.headers);
    const body = toBuffer(init.body);
    if (body !== undefined) headers['content-length'] = String(body.byteLength);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target, { method: init.method, headers, signal: init.signal }, (incoming) => {
      try {
        resolve(toResponse(incoming, init.method));
      } catch (error) {
        incoming.destroy();
        reject(error);
      }
    });
    request.on('error', reject);
    request.end(body);
  });

function toBuffer(body: string | ArrayBuffer | Uint8Array | undefined): Buffer | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function toResponse(incoming: IncomingMessage, method: string): Response {
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index] as string, raw[index + 1] as string);
    } catch {
      // A header the Fetch API refuses (a name it does not allow): the client could not have read it either.
    }
  }
  const status = incoming.statusCode ?? 502;
  if (NO_BODY.has(status) || method === 'HEAD') {
    incoming.resume();
    return new Response(null, { status, headers });
  }
  return new Response(Readable.toWeb(incoming) as ReadableStream<Uint8Array>, { status, headers });
}
