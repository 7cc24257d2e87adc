import type { CacheRequest } from '../src/cache/cache-request.js';
import { flattenRequest } from '../src/cache/flatten-request.js';
import { type IdealRequest, type IdealResult, idealPromptCache } from '../src/cache/ideal-prompt-cache.js';
import { simulatePromptCache } from '../src/cache/simulate-prompt-cache.js';
import { MISS_COUNTER_OF } from '../src/core/prompt/explain-cache-miss.js';
import { escapeTags } from '../src/core/text/escape-tags.js';
import { createMemoryStack, type MemoryStats, o200kTokenizer, type PromptLayout } from '../src/index.js';
import type { MessageParam, PreparedRequest } from '../src/spec/prepared-turn.js';
import { sqliteStore } from '../src/sqlite.js';
import { cacheMissTracker } from '../src/stack/track-cache-miss.js';
import { baseSystemPrompt } from './base-system-prompt.js';
import { loadLocomo } from './locomo.js';
import { type ChatExchange, locomoAsChat } from './locomo-chat.js';
import { loadMemoryBankChats } from './memorybank.js';
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

type CacheCounts = MemoryStats['cache'];

const emptyTotals = (): Totals => ({ inputTokens: 0, readFromTurn3: 0, inputFromTurn3: 0, memoryTokens: 0, cost: 0 });
const emptyCounts = (): CacheCounts => ({
  hits: 0,
  cold: 0,
  missReasons: { pinChanged: 0, summaryChanged: 0, factsChanged: 0, historyChanged: 0, layoutChanged: 0 },
});
const MISS_KEYS = ['pinChanged', 'summaryChanged', 'factsChanged', 'historyChanged', 'layoutChanged'] as const;
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

interface Replay {
  totals: Totals;
  /** The limit on the same requests (the cache-aware layout's content), see `idealPromptCache` and `pieces`. */
  ideal: Totals | null;
  /** The same with any line of text sent before read, wherever it was sent (see `lines`): not reachable by a layout. */
  idealText: Totals | null;
  misses: CacheCounts;
}

async function replay(strategy: Strategy, exchanges: ChatExchange[], system: string, filler: string): Promise<Replay> {
  const start = Date.UTC(2026, 0, 1);
  const requests: PreparedRequest[] = [];
  const memory: number[] = [];
  let misses = emptyCounts();
  if (strategy === 'none' || strategy === 'memgpt') {
    // The same reasons as the stack's, from the same comparison: MemGPT's memory block stands in the summary's place.
    const explain = cacheMissTracker();
    exchanges.forEach((exchange, index) => {
      const block = memgptBlock(filler, index, exchanges[index - 1]);
      const request = plainRequest(strategy, system, block, exchanges.slice(0, index), exchange.user);
      requests.push(request);
      memory.push(strategy === 'memgpt' ? count(block) : 0);
      const parts = { layout: strategy, system, summary: strategy === 'memgpt' ? block : null, pin: null, facts: null };
      const reason = explain('session', request, parts, new Date(start + exchange.at));
      if (reason === null) misses.hits += 1;
      else if (reason === 'cold') misses.cold += 1;
      else misses.missReasons[MISS_COUNTER_OF[reason]] += 1;
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
    misses = stack.stats().cache;
    await stack.close();
  }
  const flat = requests.map((request, index) => flattenRequest(request, count, start + (exchanges[index]?.at ?? 0)));
  const results = simulatePromptCache(flat, { minimumCacheableTokens: MINIMUM_CACHEABLE_TOKENS });
  const totals = sumResults(results, memory);
  if (strategy !== 'cache-aware') return { totals, ideal: null, idealText: null, misses };
  const messages = exchanges.map((exchange) => escapeTags(exchange.user));
  const ideal = sumResults(idealPromptCache(flat.map((request, index) => pieces(request, messages[index]))), memory);
  const idealText = sumResults(idealPromptCache(flat.map(lines)), memory);
  return { totals, ideal, idealText, misses };
}

function sumResults(
  results: ReadonlyArray<
    Pick<IdealResult, 'cacheReadTokens' | 'cacheWriteTokens' | 'totalTokens'> & { uncachedTokens?: number }
  >,
  memory: readonly number[],
): Totals {
  const totals = emptyTotals();
  results.forEach((result, index) => {
    totals.inputTokens += result.totalTokens;
    totals.memoryTokens += memory[index] ?? 0;
    totals.cost +=
      (result.uncachedTokens ?? 0) + WRITE_PRICE * result.cacheWriteTokens + READ_PRICE * result.cacheReadTokens;
    if (index >= 2) {
      totals.readFromTurn3 += result.cacheReadTokens;
      totals.inputFromTurn3 += result.totalTokens;
    }
  });
  return totals;
}

/**
 * A request as the ideal cache sees it: its pieces of content, each known by what it is wherever it sits. Each block
 * is one (the system prompt, the memory block, each message of the history); the current turn's block is two, the
 * recap and the message, since the message comes back as history next turn while the recap is the turn's own. So a
 * message sent once after its recap is read when it comes back as history; the reply, the new recap and the new
 * message are new and written once.
 */
function pieces(request: CacheRequest, message: string | undefined): IdealRequest {
  const segments = request.blocks.map((block) => ({
    text: `${block.opensRole ?? ''}\u0000${block.text}`,
    tokens: block.tokens,
  }));
  const current = request.blocks.at(-1);
  if (current && message !== undefined && message !== '' && current.text.endsWith(message)) {
    const messageTokens = Math.min(current.tokens, count(message));
    segments.pop();
    segments.push(
      { text: `recap\u0000${current.text.slice(0, -message.length)}`, tokens: current.tokens - messageTokens },
      { text: `${current.opensRole ?? ''}\u0000${message}`, tokens: messageTokens },
    );
  }
  return { at: request.at, segments };
}

/**
 * The stricter bound: every line of every block a segment, so that any line of text sent before is read wherever it
 * sits, a fact repeated in a new recap included. No prefix cache can read a line the layout sends again in a new
 * place; printed to show what is left beyond the pieces.
 */
function lines(request: CacheRequest): IdealRequest {
  const segments: Array<{ text: string; tokens: number }> = [];
  for (const block of request.blocks) {
    const split = block.text.split('\n').filter((line) => line !== '');
    const texts = split.length > 0 ? split : [block.text];
    const counts = texts.map(count);
    const counted = counts.reduce((sum, tokens) => sum + tokens, 0);
    // The block's own count shared out among its lines, so that the bound is priced on the same input tokens.
    let left = block.tokens;
    texts.forEach((line, index) => {
      const share =
        index === texts.length - 1 ? left : Math.floor(((counts[index] ?? 0) * block.tokens) / Math.max(1, counted));
      left -= share;
      segments.push({ text: line, tokens: share });
    });
  }
  return { at: request.at, segments };
}

/** The limit's distance the cache-aware layout's cached share must stay within. */
const LIMIT_TOLERANCE = 0.01;

function addTotals(sum: Totals, totals: Totals): void {
  sum.inputTokens += totals.inputTokens;
  sum.readFromTurn3 += totals.readFromTurn3;
  sum.inputFromTurn3 += totals.inputFromTurn3;
  sum.memoryTokens += totals.memoryTokens;
  sum.cost += totals.cost;
}

function addCounts(sum: CacheCounts, counts: CacheCounts): void {
  sum.hits += counts.hits;
  sum.cold += counts.cold;
  for (const key of MISS_KEYS) sum.missReasons[key] += counts.missReasons[key];
}

interface ConversationSet {
  name: string;
  /** The table's title after the set's name: where it comes from. */
  source: string;
  chats: ChatExchange[][];
}

/** The sets the cost is measured on: LoCoMo's long chats, MemoryBank's short daily ones in English and Chinese. */
function conversationSets(): ConversationSet[] {
  return [
    { name: 'LoCoMo', source: 'LoCoMo: Maharana et al. 2024, CC BY-NC 4.0', chats: loadLocomo().map(locomoAsChat) },
    { name: 'MemoryBank en', source: 'MemoryBank: Zhong et al. 2024', chats: loadMemoryBankChats('en') },
    { name: 'MemoryBank zh', source: 'MemoryBank: Zhong et al. 2024', chats: loadMemoryBankChats('zh') },
  ];
}

/**
 * The cost of memory on real conversations: each conversation of each set replayed as a chat through four
 * strategies, every request run through the prompt-cache simulator. Relative cost is input cost against `none`. The
 * `ideal` row is the limit on the cache-aware layout's own requests (`idealPromptCache`: every line sent before and
 * still alive is read, every new one written once, a cold session starts cold); the cache-aware layout's cached share
 * must be within 0.01 of it. A second table per set counts, per strategy, why each request could not read what the
 * one before it cached (`stack.stats().cache`).
 */
export async function cacheBench(): Promise<Record<string, unknown>> {
  const system = baseSystemPrompt(2000, count);
  const filler = baseSystemPrompt(MEMGPT_MEMORY_TOKENS - 60, count).replaceAll('Rule', 'Memory');
  const results: Record<string, unknown> = {};
  for (const set of conversationSets()) results[set.name] = await measureSet(set, system, filler);
  return results;
}

async function measureSet(set: ConversationSet, system: string, filler: string): Promise<Record<string, unknown>> {
  const sums = Object.fromEntries(STRATEGIES.map((strategy) => [strategy, emptyTotals()])) as Record<Strategy, Totals>;
  const counts = Object.fromEntries(STRATEGIES.map((strategy) => [strategy, emptyCounts()])) as Record<
    Strategy,
    CacheCounts
  >;
  const ideal = emptyTotals();
  const idealText = emptyTotals();
  let turns = 0;
  for (const exchanges of set.chats) {
    turns += exchanges.length;
    for (const strategy of STRATEGIES) {
      const result = await replay(strategy, exchanges, system, filler);
      addTotals(sums[strategy], result.totals);
      addCounts(counts[strategy], result.misses);
      if (result.ideal) addTotals(ideal, result.ideal);
      if (result.idealText) addTotals(idealText, result.idealText);
    }
  }
  const baseline = sums.none.cost;
  const row = (sum: Totals) => ({
    inputTokens: sum.inputTokens,
    cachedShare: sum.inputFromTurn3 === 0 ? 0 : sum.readFromTurn3 / sum.inputFromTurn3,
    memoryShare: sum.inputTokens === 0 ? 0 : sum.memoryTokens / sum.inputTokens,
    relativeCost: baseline === 0 ? 0 : sum.cost / baseline,
  });
  const strategies = Object.fromEntries(STRATEGIES.map((strategy) => [strategy, row(sums[strategy])]));
  const limit = row(ideal);
  const distance = limit.cachedShare - (strategies['cache-aware']?.cachedShare ?? 0);
  const textLimit = row(idealText);
  const rows = [
    ...STRATEGIES.map((strategy) => [strategy, row(sums[strategy])] as const),
    ['ideal', limit] as const,
    ['ideal, any text', textLimit] as const,
  ];
  printTable(
    `prompt cost on ${set.name} (${set.chats.length} conversations, ${turns} user turns, 2,000-token system prompt, 5-minute cache, minimum ${MINIMUM_CACHEABLE_TOKENS} tokens; ${set.source})`,
    ['strategy', 'input tokens', 'cached share (turn 3+)', 'memory share', 'relative cost'],
    rows.map(([name, figures]) => [
      name,
      figures.inputTokens,
      figures.cachedShare,
      figures.memoryShare,
      figures.relativeCost,
    ]),
  );
  const within = distance <= LIMIT_TOLERANCE;
  console.log(
    `${set.name}: cache-aware's cached share is ${distance.toFixed(4)} below the ideal limit (goal <= ${LIMIT_TOLERANCE}): ${within ? 'ok' : 'NOT MET'}`,
  );
  printTable(
    `${set.name}: why requests could not read what the previous one cached, per strategy (stack.stats().cache; none and memgpt: the same comparison in the bench)`,
    [
      'strategy',
      'hits',
      'cold',
      'pin changed',
      'summary changed',
      'facts changed',
      'history changed',
      'layout changed',
    ],
    STRATEGIES.map((strategy) => {
      const { hits, cold, missReasons } = counts[strategy];
      return [strategy, hits, cold, ...MISS_KEYS.map((key) => missReasons[key])];
    }),
  );
  return {
    strategies,
    ideal: limit,
    idealAnyText: textLimit,
    distanceToLimit: distance,
    withinLimit: within,
    cacheMisses: counts,
  };
}
