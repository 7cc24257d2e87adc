import type { ReplayResult, ReplayTurn } from './run-replay.js';

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

function excerpt(text: string, max = 100): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(flat);
  return characters.length <= max ? flat : `${characters.slice(0, max - 1).join('')}…`;
}

/** One turn of `memstack replay`, for a terminal. */
export function formatReplayTurn(turn: ReplayTurn): string {
  const { tokens } = turn;
  const lines = [
    `── turn ${turn.turn}${turn.userId ? ` · ${turn.userId}` : ''} ──`,
    `  user:   ${excerpt(turn.text)}`,
    `  pinned: ${turn.pinned ? excerpt(turn.pinned, 160) : '(none yet)'}`,
    `  facts (${turn.factsSource}): ${turn.facts.length === 0 ? 'none' : ''}`,
    ...turn.facts.map((fact) => `    #${fact.id} ${excerpt(fact.text)}`),
    `  tokens: system ${tokens.system} · pin ${tokens.pin} · recap ${tokens.recap} · facts ${tokens.facts}${tokens.recalled > 0 ? ` · recalled ${tokens.recalled}` : ''} · history ${tokens.history} · message ${tokens.message} · total ${tokens.total} · memory ${percent(tokens.memoryShare)}${turn.recap ? ' · recap sent' : ''}`,
  ];
  if (turn.usage) {
    const usage = turn.usage;
    lines.push(
      `  usage (estimate): input ${usage.inputTokens ?? 0} · cache read ${usage.cacheReadInputTokens ?? 0} · cache write ${usage.cacheCreationInputTokens ?? 0} · output ${usage.outputTokens ?? 0}${turn.cacheMiss ? ` · cache missed: ${turn.cacheMiss}` : ''}`,
    );
  }
  for (const event of turn.events) for (const line of event.split('\n')) lines.push(`  + ${excerpt(line, 140)}`);
  return lines.join('\n');
}

export function formatReplaySummary(result: ReplayResult): string {
  const { summary } = result;
  return [
    '── summary ──',
    `  turns: ${summary.turns}`,
    `  facts stored: ${summary.factsStored}`,
    `  pinned: ${summary.pinned ? excerpt(summary.pinned, 200) : '(none)'}`,
    `  input tokens: ${summary.inputTokens} (memory ${summary.memoryTokens}, ${percent(summary.memoryShare)}; read from the simulated cache ${percent(summary.cachedShare)})`,
  ].join('\n');
}
