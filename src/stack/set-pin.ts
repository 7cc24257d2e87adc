import { renderPin } from '../core/prompt/render-pin.js';
import { deriveSessionHandle } from '../core/scope/derive-session-handle.js';
import { isSharedConversation } from '../core/scope/is-shared-conversation.js';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import { StoreError } from '../spec/errors/store-error.js';
import type { PinState } from '../spec/memory-store.js';
import type { SessionScope } from '../spec/scope.js';
import { admitMemory } from './admit-memory.js';
import { checkScope } from './check-scope.js';
import type { StackContext } from './stack-context.js';

/** Attempts of a write that found the pin changed since it was read (an extraction, another process). */
const ATTEMPTS = 3;

/**
 * A correction by hand: the session's pin becomes `text` (the whole pin: the task, without clarifications, marked as
 * set by hand, with no source turn), or nothing (`null`, and extraction does not pin a task again: the user cleared
 * it on purpose). The memory gate
 * applies as to any task. The next turn shows the new pin at once, even within a burst of turns (it replaces the
 * copy in the cached system prompt). Returns the pin as the model will read it.
 */
export async function setPin(context: StackContext, scope: SessionScope, text: string | null): Promise<string | null> {
  const checked = checkScope(scope);
  let pin: PinState | null = null;
  if (text !== null) {
    if (typeof text !== 'string') throw new InvalidInputError('INVALID_ARGUMENT', 'text', 'a pin is a string, or null');
    const verdict = admitMemory(context, { text, kind: 'task', source: 'api', maxChars: context.limits.pinMaxChars });
    if (!verdict.ok) {
      throw new InvalidInputError(
        'INVALID_ARGUMENT',
        'text',
        `not a storable pin (${verdict.reason}: empty, over ${context.limits.pinMaxChars} characters, or refused by the memory policy)`,
      );
    }
    const task = verdict.text;
    pin = {
      task,
      taskUserId: checked.userId ?? null,
      taskSource: 'api',
      taskAt: context.now().getTime(),
      clarifications: [],
    };
  }
  const { key } = deriveSessionHandle(checked);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const snapshot = await context.store.sessions.read(key, { maxTurns: 0 });
    if (snapshot === null) {
      throw new InvalidInputError('NOT_FOUND', 'scope', `no session ${key} yet: a pin is set on a session with turns`);
    }
    // The correction goes into the cached system prompt at once (a new copy of the pin, placed now), so that it shows
    // from the next turn on, even within a burst of turns; a cleared pin leaves none there.
    const written = await context.store.sessions.update(key, {
      pin: { value: pin, expectedPinVersion: snapshot.session.pinVersion },
      ...(pin
        ? { placeSystemPin: { text: renderPin(pin, { attributed: isSharedConversation(checked) }), at: context.now() } }
        : { clearSystemPin: true }),
      ...(pin === null ? { pinAttempts: context.limits.pinAttempts } : {}),
      // The turn the old task was drawn from is not this pin's source: a pin by hand has none.
      clearTaskSource: true,
    });
    if (written) {
      const pinned = pin ? renderPin(pin) : null;
      if (pinned !== null) context.emit({ type: 'pinned', sessionKey: key, pinned });
      return pinned;
    }
  }
  throw new StoreError('STORE_BUSY', `the pin of ${key} kept changing under this write: try again`);
}
