import type { ReadableStreamReadResult } from 'node:stream/web';
import { ModelCallError } from '../index.js';
import type { UpstreamFetch } from './request-upstream.js';

/** The proxy's default bound on each wait for the upstream: 10 minutes, the official SDKs' own timeout. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 600_000;

/** An upstream response being read, each wait on the upstream bounded by the proxy's timeout. */
export interface UpstreamCall {
  readonly response: Response;
  /**
   * The next chunk of the body. Rejects with a `ModelCallError` when the upstream sends nothing for the timeout
   * (`MODEL_TIMEOUT`), when the body breaks off (`MODEL_CALL_FAILED`) or when the client went away
   * (`MODEL_ABORTED`); the upstream call is aborted then.
   */
  read(): Promise<ReadableStreamReadResult<Uint8Array>>;
  /** Aborts the upstream call (the client went away, or the rest of the body is not wanted). */
  cancel(): void;
}

/**
 * Calls the upstream with the proxy's own bounds: `timeoutMs` for the response headers, then for each wait on the
 * body (the idle time of a stream, and of a JSON body being read). A client that goes away (`signal`) aborts the
 * call. Rejects with a `ModelCallError`: `MODEL_TIMEOUT` (status 504), `MODEL_CALL_FAILED` (502: refused, reset,
 * an unknown name, a certificate that fails), `MODEL_ABORTED` (the client went away). A `fetch` that does not honour
 * its signal is raced, so that the bounds hold for any client given.
 */
export async function callUpstream(
  send: UpstreamFetch,
  url: string,
  init: { method: string; headers: Headers; body?: string | ArrayBuffer | Uint8Array },
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<UpstreamCall> {
  const controller = new AbortController();
  let failure: ModelCallError | undefined;
  let reject: (error: ModelCallError) => void = () => undefined;
  const failed = new Promise<never>((_, fail) => {
    reject = fail;
  });
  failed.catch(() => undefined);
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const stop = (error: ModelCallError): ModelCallError => {
    if (failure) return failure;
    failure = error;
    reject(error);
    options.signal.removeEventListener('abort', clientGone);
    controller.abort(error);
    reader?.cancel(error).catch(() => undefined);
    return error;
  };
  const clientGone = (): void => {
    stop(new ModelCallError('MODEL_ABORTED', 'the client went away'));
  };
  if (options.signal.aborted) clientGone();
  else options.signal.addEventListener('abort', clientGone, { once: true });
  const seconds = `${options.timeoutMs / 1000} s`;
  const bounded = async <T>(work: Promise<T>, waitingFor: string, broke: string): Promise<T> => {
    if (failure) throw failure;
    const timer = setTimeout(() => stop(timedOut(`the upstream sent ${waitingFor} for ${seconds}`)), options.timeoutMs);
    try {
      const result = await Promise.race([work, failed]);
      // A read cut short by the abort ends as `done`: it is the failure, not the end of the body.
      if (failure) throw failure;
      return result;
    } catch (error) {
      throw stop(failure ?? unreachable(broke, error));
    } finally {
      clearTimeout(timer);
    }
  };
  const sending = send(url, { ...init, signal: controller.signal });
  // Given up on (timeout, client gone): a response that comes later is let go.
  sending.then((late) => failure && late.body?.cancel().catch(() => undefined)).catch(() => undefined);
  const response = await bounded(sending, 'no response headers', 'the upstream could not be reached');
  reader = response.body?.getReader();
  return {
    response,
    async read() {
      if (reader === undefined) return { done: true, value: undefined };
      const next = await bounded(reader.read(), 'nothing', 'the upstream connection broke off mid-response');
      if (next.done) options.signal.removeEventListener('abort', clientGone);
      return next;
    },
    cancel() {
      stop(new ModelCallError('MODEL_ABORTED', 'the rest of the upstream response is not wanted'));
    },
  };
}

function timedOut(message: string): ModelCallError {
  return new ModelCallError('MODEL_TIMEOUT', message, { status: 504, isRetryable: true });
}

/** `fetch failed` says nothing: the system's code (ECONNREFUSED, ENOTFOUND, a TLS code) is on the error or its cause. */
function unreachable(what: string, error: unknown): ModelCallError {
  const code = codeOf(error) ?? codeOf((error as { cause?: unknown } | undefined)?.cause);
  return new ModelCallError('MODEL_CALL_FAILED', code ? `${what} (${code})` : what, {
    status: 502,
    isRetryable: true,
    cause: error,
  });
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,64}$/.test(code) ? code : undefined;
}
