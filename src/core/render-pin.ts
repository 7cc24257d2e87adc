import type { PinState } from '../spec/memory-store.js';

/** The pin as the model reads it: the core task, then one `[+]` line per clarification, oldest first. */
export function renderPin(pin: PinState): string {
  return [pin.task, ...pin.clarifications.map((clarification) => `[+] ${clarification.text}`)].join('\n');
}
