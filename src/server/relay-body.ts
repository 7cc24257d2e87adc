import type { UpstreamCall } from './call-upstream.js';

/**
 * An upstream body passed on as it comes, each wait bounded by the call; a failure (silent past the timeout, broken
 * off) errors the client's body, since a passed-through format has no error event of its own. A client that cancels
 * aborts the upstream call.
 */
export function relayBody(call: UpstreamCall): ReadableStream<Uint8Array> | null {
  if (call.response.body === null) return null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await call.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      cancel() {
        call.cancel();
      },
    },
    { highWaterMark: 0 },
  );
}
