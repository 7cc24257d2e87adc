import { requestKey } from '../core/wire/request-key.js';
import type { ExchangeOnce, SessionSnapshot } from '../spec/memory-store.js';
import type { StackContext } from './stack-context.js';

/**
 * How `record` stores a turn once per request (`ExchangeWrite.once`, decision 26): the session's last turn as this
 * turn read it, the window of a retry, and the key of the request, made of `parts` (given that last turn).
 */
export function exchangeOnce(
  context: StackContext,
  snapshot: SessionSnapshot | null,
  parts: (afterTurnId: number) => Iterable<string>,
): ExchangeOnce {
  // Every turn up to the watermark is summarised: with none after it, the last turn read is the summary's.
  const afterTurnId = snapshot?.turns.at(-1)?.id ?? snapshot?.session.summaryThroughTurnId ?? 0;
  return {
    key: requestKey(parts(afterTurnId)),
    afterTurnId,
    since: new Date(context.now().getTime() - context.limits.retryWindowMs),
  };
}
