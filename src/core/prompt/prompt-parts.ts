import type { PreparedRequest, PromptLayout, RecalledTurn } from '../../spec/prepared-turn.js';

/** What a layout arranges. History texts arrive ready (trimmed and tag-escaped, see `formatHistoryTurn`). */
export interface LayoutInput {
  layout: PromptLayout;
  systemPrompt: string;
  /** The pin for the system prompt (task and the clarifications settled there), or null. */
  pin: string | null;
  /** The core task alone, for the recap. */
  task: string | null;
  /** Clarifications not yet in `pin` (the cache-aware layout keeps the newest out of the cached prefix). */
  recentClarifications?: readonly string[];
  /** In a shared conversation, the recap's pin lines, attributed (they stand for `task` and the clarifications). */
  recapPinLines?: readonly string[] | undefined;
  summary: string | null;
  history: ReadonlyArray<{ role: 'user' | 'assistant'; text: string }>;
  facts: readonly string[];
  /** Older turns recalled for this message, already cut to fit: both layouts show them in the recap. */
  recalled?: readonly RecalledTurn[] | undefined;
  /** The current user message, raw. */
  message: string;
  recapTaskMaxChars: number;
}

/** The request, and the text of each part, for token accounting. */
export interface AssembledPrompt {
  request: PreparedRequest;
  parts: {
    system: string;
    pin: string;
    summary: string;
    recap: string;
    facts: string;
    /** The recalled turns' section of the recap. */
    recalled: string;
    history: readonly string[];
    message: string;
  };
}
