import type { ModelSessionState } from '../spec/chat-model.js';
import type { MemstackEvent, MemstackEventHandler } from '../spec/events.js';
import type { Extractor } from '../spec/extractor.js';
import type { MemoryStore } from '../spec/memory-store.js';
import type { PreparedTurn, PromptLayout } from '../spec/prepared-turn.js';
import type { Tokenizer } from '../spec/tokenizer.js';
import type { BackgroundQueue } from './background-queue.js';
import type { MemoryLimits } from './memory-limits.js';

/** What a turn remembers between `prepare` and `record`, kept off the public object. */
export interface PreparedState {
  taskSourceNeeded: boolean;
  recorded: boolean;
  /** The session's stored model states when the turn was prepared (for `chat`). */
  modelState: Readonly<Record<string, ModelSessionState>>;
}

/** Everything the stack's functions share. Built once by `createMemoryStack`. */
export interface StackContext {
  store: MemoryStore;
  extractor: Extractor;
  tokenizer: Tokenizer;
  layout: PromptLayout;
  systemPrompt: string;
  limits: MemoryLimits;
  queue: BackgroundQueue;
  now: () => Date;
  emit: (event: MemstackEvent) => void;
  /** Token counts of repeated texts (system prompt, pin, history turns), by text. */
  countTokens: (text: string) => number;
  /** History turns formatted for the prompt, by turn id (checked against the text, in case an id is reused). */
  historyCache: Map<number, { source: string; text: string; tokens: number }>;
  prepared: WeakMap<PreparedTurn, PreparedState>;
}

/** An event handler that cannot break the stack. */
export function safeEmitter(handler: MemstackEventHandler | undefined): (event: MemstackEvent) => void {
  return (event) => {
    if (!handler) return;
    try {
      handler(event);
    } catch {
      // An observer's bug must not fail a turn.
    }
  };
}

/** A token counter that remembers its last few hundred texts. */
export function memoizedCounter(tokenizer: Tokenizer, capacity = 512): (text: string) => number {
  const cache = new Map<string, number>();
  return (text) => {
    if (text === '') return 0;
    const known = cache.get(text);
    if (known !== undefined) return known;
    const count = tokenizer.count(text);
    if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
    cache.set(text, count);
    return count;
  };
}
