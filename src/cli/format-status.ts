import type { ChatTurn } from '../index.js';

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** The one-line status after each reply of `memstack chat`. */
export function formatStatus(turn: ChatTurn): string {
  const { prepared, usage, path } = turn;
  const parts = [
    `pinned: ${prepared.pinned ? 'yes' : 'no'}`,
    `facts: ${prepared.facts.length} (${prepared.factsSource})`,
    `tokens: ${usage?.inputTokens ?? prepared.tokens.total} in, memory ${percent(prepared.tokens.memoryShare)}`,
    `cache read ${usage?.cacheReadInputTokens ?? 0} / write ${usage?.cacheCreationInputTokens ?? 0}`,
    `path: ${path}`,
  ];
  return `[${parts.join(' · ')}]`;
}
