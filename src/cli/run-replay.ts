import {
  type CacheMissReason,
  createMemoryStack,
  InvalidInputError,
  type MemstackEvent,
  type PreparedTurn,
  type PromptLayout,
  type Usage,
} from '../index.js';
import { sqliteStore } from '../sqlite.js';
import type { ConversationLine } from './read-conversation.js';

export interface ReplayTurn {
  turn: number;
  line: number;
  userId: string | null;
  text: string;
  pinned: string | null;
  facts: Array<{ id: number; text: string }>;
  factsSource: 'relevance' | 'recency';
  recap: boolean;
  tokens: PreparedTurn['tokens'];
  /** Usage of this turn: the prompt-cache simulator's estimate (replay has no provider). */
  usage: Usage | null;
  /** Why its request could not read all that the previous one cached (null: it could). */
  cacheMiss: CacheMissReason | null;
  /** What the background extraction did after this turn. */
  events: string[];
}

export interface ReplayResult {
  turns: ReplayTurn[];
  summary: {
    turns: number;
    factsStored: number;
    pinned: string | null;
    inputTokens: number;
    memoryTokens: number;
    memoryShare: number;
    /** Share of input tokens read from the (simulated) prompt cache. */
    cachedShare: number;
  };
}

export interface ReplayOptions {
  db: string;
  layout: PromptLayout;
  systemPrompt: string;
  onTurn?: (turn: ReplayTurn) => void;
}

/**
 * Replays a conversation through a memory stack with the heuristic extractor: each user line is prepared, the
 * assistant line after it recorded as the reply, and the background extraction awaited before the next turn.
 */
export async function runReplay(lines: readonly ConversationLine[], options: ReplayOptions): Promise<ReplayResult> {
  const events: MemstackEvent[] = [];
  const stack = createMemoryStack({
    store: sqliteStore({ path: options.db }),
    systemPrompt: options.systemPrompt,
    layout: options.layout,
    onEvent: (event) => events.push(event),
  });
  const turns: ReplayTurn[] = [];
  const scopes = new Map<string, { agentId: string; userId?: string }>();
  let lastPinned: string | null = null;
  try {
    for (let index = 0; index < lines.length; index += 1) {
      const line = lines[index];
      if (!line) continue;
      if (line.role !== 'user') {
        throw new InvalidInputError(
          'INVALID_ARGUMENT',
          'conversation',
          `line ${line.line}: a reply without a user message before it`,
        );
      }
      const agentId = line.agentId ?? 'replay';
      const scope = line.userId ? { agentId, userId: line.userId } : { agentId };
      scopes.set(JSON.stringify(scope), scope);
      const prepared = await stack.prepare({
        ...scope,
        channelId: line.channelId,
        threadId: line.threadId,
        text: line.text,
      });
      const reply = lines[index + 1];
      events.length = 0;
      if (reply?.role === 'assistant') {
        index += 1;
        await stack.record(prepared, { text: reply.text });
        await stack.idle();
      }
      const last = prepared.request.messages.at(-1)?.content.at(-1)?.text ?? '';
      const turn: ReplayTurn = {
        turn: turns.length + 1,
        line: line.line,
        userId: line.userId ?? null,
        text: line.text,
        pinned: prepared.pinned,
        facts: prepared.facts,
        factsSource: prepared.factsSource,
        recap: last.startsWith('<task_recap>'),
        tokens: prepared.tokens,
        usage: events.flatMap((event) => (event.type === 'usage' ? [event.usage] : []))[0] ?? null,
        cacheMiss: events.flatMap((event) => (event.type === 'usage' ? [event.cacheMiss] : []))[0] ?? null,
        events: events.map(describeEvent).filter((text): text is string => text !== null),
      };
      lastPinned = (await stack.session({ agentId, channelId: line.channelId, threadId: line.threadId })).pinned;
      turns.push(turn);
      options.onTurn?.(turn);
    }
    let factsStored = 0;
    for (const scope of scopes.values()) factsStored += (await stack.facts.list(scope)).length;
    const inputTokens = turns.reduce((sum, turn) => sum + turn.tokens.total, 0);
    const memoryTokens = turns.reduce((sum, turn) => sum + turn.tokens.total * turn.tokens.memoryShare, 0);
    const cached = turns.reduce((sum, turn) => sum + (turn.usage?.cacheReadInputTokens ?? 0), 0);
    return {
      turns,
      summary: {
        turns: turns.length,
        factsStored,
        pinned: lastPinned,
        inputTokens,
        memoryTokens: Math.round(memoryTokens),
        memoryShare: inputTokens === 0 ? 0 : memoryTokens / inputTokens,
        cachedShare: inputTokens === 0 ? 0 : cached / inputTokens,
      },
    };
  } finally {
    await stack.close();
  }
}

function describeEvent(event: MemstackEvent): string | null {
  switch (event.type) {
    case 'pinned':
      return `pinned: ${event.pinned}`;
    case 'clarification-added':
      return `clarification: ${event.clarification}${event.condensed ? ' (pin condensed)' : ''}`;
    case 'facts-added':
      return event.facts.map((fact) => `fact #${fact.id}: ${fact.text}`).join('\n');
    case 'fact-duplicate':
      return `duplicate of fact #${event.factId}: ${event.text}`;
    case 'fact-superseded':
      return `fact #${event.factId} superseded by #${event.byFactId}`;
    case 'extraction-failed':
      return `extraction failed (${event.reason})`;
    default:
      return null;
  }
}
