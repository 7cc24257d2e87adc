const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/** Whether a host name or address (an IPv6 one bracketed or not) names this machine only. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase());
}

/** The name in a `Host` header, without its port: `[::1]:8787` is `[::1]`, `localhost:8787` is `localhost`. */
export function hostName(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.indexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}
