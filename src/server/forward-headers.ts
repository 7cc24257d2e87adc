/** Headers that describe one hop or memstack itself, never forwarded upstream (or back). */
const HOP = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'accept-encoding',
  'content-encoding',
  'upgrade',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
]);

/**
 * The client's request headers for the upstream: its own API key and version headers pass through as they are
 * (never stored or logged); memstack's own headers and hop-by-hop ones do not. Without a client key, the configured
 * one is used, in the provider's header.
 */
export function forwardHeaders(
  headers: Headers,
  configuredKey: { header: 'x-api-key' | 'authorization'; value: string } | undefined,
): Headers {
  const forwarded = new Headers();
  headers.forEach((value, name) => {
    if (!HOP.has(name) && !name.startsWith('x-memstack-')) forwarded.set(name, value);
  });
  if (configuredKey && !headers.has('x-api-key') && !headers.has('authorization')) {
    forwarded.set(configuredKey.header, configuredKey.value);
  }
  forwarded.set('accept-encoding', 'identity');
  return forwarded;
}

/** The upstream's response headers for the client, without hop-by-hop ones (the body is re-framed here). */
export function responseHeaders(headers: Headers, memstack: string): Headers {
  const copied = new Headers();
  headers.forEach((value, name) => {
    if (!HOP.has(name)) copied.set(name, value);
  });
  copied.set('x-memstack', memstack);
  return copied;
}
