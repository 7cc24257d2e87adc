import type { UpstreamCall } from './call-upstream.js';

/** The whole upstream body, each wait bounded by the call (rejects as `call.read` does). */
export async function readBody(call: UpstreamCall): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (let next = await call.read(); !next.done; next = await call.read()) parts.push(next.value);
  return parts.length === 1 ? (parts[0] as Uint8Array) : Buffer.concat(parts);
}
