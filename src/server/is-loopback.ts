const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/** Whether a host name or address (an IPv6 one bracketed or not) names this machine only. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase());
}
