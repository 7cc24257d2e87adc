import { cacheAwareLayout } from './cache-aware-layout.js';
import type { AssembledPrompt, LayoutInput } from './prompt-parts.js';
import { seedLayout } from './seed-layout.js';

/** Builds the request in the chosen layout. */
export function assemblePrompt(input: LayoutInput): AssembledPrompt {
  return input.layout === 'seed' ? seedLayout(input) : cacheAwareLayout(input);
}
