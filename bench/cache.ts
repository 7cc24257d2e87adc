import { flattenRequest } from '../src/cache/flatten-request.js';
import { simulatePromptCache } from '../src/cache/simulate-prompt-cache.js';
import {
  createMemoryStack,
  type MessageParam,
  o200kTokenizer,
  type PreparedRequest,
  type PromptLayout,
} from '../src/index.js';
import { sqliteStore } from '../src/sqlite.js';
import { baseSystemPrompt } from './base-system-prompt.js';
import { loadLocomo } from './locomo.js';
import { type ChatExchange, locomoAsChat } from './locomo-chat.js';
import { printTable } from './print-table.js';

const STRATEGIES = ['none', 'memgpt', 'seed', 'cache-aware'] as const;
type Strategy = (typeof STRATEGIES)[number];
/** Sonnet-class minimum cacheable prefix (see src/cache for the table of families and the source). */
const MINIMUM_CACHEABLE_TOKENS = 1024;
const MEMGPT_MEMORY_TOKENS = 6500;
/** Price multipliers of a 5-minute cache: write 1.25x, read 0.1x the base input price. */
const WRITE_PRICE = 1.25;
const READ_PRICE = 0.1;

interface Totals {
  inputTokens: number;
  readFromTurn3: number;
  inputFromTurn3: number;
  memoryTokens: number;
  cost: number;
}

const tokenizer = o200kTokenizer();
const counts = new Map<string, number>();
const count = (text: string): number => {
  let known = counts.get(text);
  if (known === undefined) {
    known = tokenizer.count(text);
    if (counts.size > 200_000) counts.clear();
    counts.set(text, known);
  }
  return known;
};

const text = (value: string) => [{ type: 'text' as const, text: value }];
const EPHEMERAL = { type: 'ephemeral' } as const;

/** The strategies without memstack: full history, and a MemGPT-style memory block that changes every turn. */
function plainRequest(
  strategy: 'none' | 'memgpt',
  system: string,
  memory: string,
  history: ChatExchange[],
  message: string,
): PreparedRequest {
  const messages: MessageParam[] = history.flatMap((exchange) => [
    { role: 'user' as const, content: text(exchange.user) },
    { role: 'assistant' as const, content: text(exchange.assistant) },
  ]);
  if (strategy === 'none')
    return { system: text(system), messages: [...messages, { role: 'user', content: text(message) }] };
  const last = messages.at(-1)?.content.at(-1);
  if (last) last.cache_control = EPHEMERAL;
  return {
    system: [
      { type: 'text', text: system, cache_control: EPHEMERAL },
      { type: 'text', text: memory, cache_control: EPHEMERAL },
    ],
    messages: [...messages, { role: 'user', content: text(message) }],
  };
}

function memgptBlock(filler: string, turn: number, exchange: ChatExchange | undefined): string {
  // The block is rewritten every turn (core memory edits, recall of the last exchange), as in MemGPT.
  return `<memory updated="turn ${turn}">\nRecent: ${exchange?.user ?? ''}\n${filler}\n</memory>`;
}

async function replay(strategy: Strategy, exchanges: ChatExchange[], system: string, filler: string): Promise<Totals> {
  const start = Date.UTC(2026, 0, 1);
  const requests: PreparedRequest[] = [];
  const memory: number[] = [];
  if (strategy === 'none' || strategy === 'memgpt') {
    exchanges.forEach((exchange, index) => {
      const block = memgptBlock(filler, index, exchanges[index - 1]);
      requests.push(plainRequest(strategy, system, block, exchanges.slice(0, index), exchange.user));
      memory.push(strategy === 'memgpt' ? count(block) : 0);
    });
  } else {
    let now = start;
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      layout: strategy satisfies PromptLayout,
      systemPrompt: system,
      tokenizer: { specificationVersion: 'v1', name: 'o200k_base', count },
      limits: { historyMaxTurns: 100_000 },
      now: () => new Date(now),
    });
    for (const exchange of exchanges) {
      now = start + exchange.at;
      const prepared = await stack.prepare({ agentId: 'companion', userId: 'user', text: exchange.user });
      requests.push(prepared.request);
      const { pin, summary, recap, facts, recalled } = prepared.tokens;
      memory.push(pin + summary + recap + facts + recalled);
      await stack.record(prepared, { text: exchange.assistant });
      await stack.idle();
    }
    await stack.close();
  }
  const flat = requests.map((request, index) => flattenRequest(request, count, start + (exchanges[index]?.at ?? 0)));
  const results = simulatePromptCache(flat, { minimumCacheableTokens: MINIMUM_CACHEABLE_TOKENS });
  const totals: Totals = { inputTokens: 0, readFromTurn3: 0, inputFromTurn3: 0, memoryTokens: 0, cost: 0 };
  results.forEach((result, index) => {
    totals.inputTokens += result.totalTokens;
    totals.memoryTokens += memory[index] ?? 0;
    totals.cost += result.uncachedTokens + WRITE_PRICE * result.cacheWriteTokens + READ_PRICE * result.cacheReadTokens;
    if (index >= 2) {
      totals.readFromTurn3 += result.cacheReadTokens;
      totals.inputFromTurn3 += result.totalTokens;
    }
  });
  return totals;
}

/**
 * The cost of memory on real conversations: each LoCoMo conversation replayed as a chat through four strategies,
 * every request run through the prompt-cache simulator. Relative cost is input cost against `none`.
 */
export async function cacheBench(): Promise<Record<string, unknown>> {
  const system = baseSystemPrompt(2000, count);
  const filler = baseSystemPrompt(MEMGPT_MEMORY_TOKENS - 60, count).replaceAll('Rule', 'Memory');
  const sums = Object.fromEntries(
    STRATEGIES.map((strategy) => [
      strategy,
      { inputTokens: 0, readFromTurn3: 0, inputFromTurn3: 0, memoryTokens: 0, cost: 0 },
    ]),
  ) as Record<Strategy, Totals>;
  let turns = 0;
  const conversations = loadLocomo();
  for (const conversation of conversations) {
    const exchanges = locomoAsChat(conversation);
    turns += exchanges.length;
    for (const strategy of STRATEGIES) {
      const totals = await replay(strategy, exchanges, system, filler);
      const sum = sums[strategy];
      sum.inputTokens += totals.inputTokens;
      sum.readFromTurn3 += totals.readFromTurn3;
      sum.inputFromTurn3 += totals.inputFromTurn3;
      sum.memoryTokens += totals.memoryTokens;
      sum.cost += totals.cost;
    }
  }
  const baseline = sums.none.cost;
  const strategies = Object.fromEntries(
    STRATEGIES.map((strategy) => {
      const sum = sums[strategy];
      return [
        strategy,
        {
          inputTokens: sum.inputTokens,
          cachedShare: sum.inputFromTurn3 === 0 ? 0 : sum.readFromTurn3 / sum.inputFromTurn3,
          memoryShare: sum.inputTokens === 0 ? 0 : sum.memoryTokens / sum.inputTokens,
          relativeCost: baseline === 0 ? 0 : sum.cost / baseline,
        },
      ];
    }),
  );
  printTable(
    `prompt cost on LoCoMo (${conversations.length} conversations, ${turns} user turns, 2,000-token system prompt, 5-minute cache, minimum ${MINIMUM_CACHEABLE_TOKENS} tokens; LoCoMo: Maharana et al. 2024, CC BY-NC 4.0)`,
    ['strategy', 'input tokens', 'cached share (turn 3+)', 'memory share', 'relative cost'],
    STRATEGIES.map((strategy) => {
      const row = strategies[strategy] as {
        inputTokens: number;
        cachedShare: number;
        memoryShare: number;
        relativeCost: number;
      };
      return [strategy, row.inputTokens, row.cachedShare, row.memoryShare, row.relativeCost];
    }),
  );
  return { strategies };
}
