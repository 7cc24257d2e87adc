import { basename } from 'node:path';
import Database from 'better-sqlite3';
import type { Embedder, MemoryStore } from '../src/index.js';
import { createMemoryStack, deriveSessionHandle } from '../src/index.js';
import { localePack } from '../src/locales/locale-table.js';
import { type BenchStore, type BenchStoreName, benchStore } from './bench-store.js';
import { cjkRecall, KOREAN_FIXTURE } from './cjk-retrieval.js';
import { LOCOMO_PATH, type LocomoConversation, loadLocomo, partialRecall } from './locomo.js';
import { loadMemoryBank, type MemoryBankLanguage, type MemoryBankQuestionSet } from './memorybank.js';
import { printTable } from './print-table.js';

const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(localePack('en').search.stopWords);

const KS = [1, 3, 5, 10] as const;
const CATEGORIES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

type Recall = { r1: number; r3: number; r5: number; r10: number };
type Turn = LocomoConversation['sessions'][number]['turns'][number];

/** A turn as memstack stores it: the speaker's name with the text (questions name people), and the shared photo. */
const turnText = (turn: Turn): string =>
  `${turn.speaker}: ${turn.text}${turn.caption ? ` [shared ${turn.caption}]` : ''}`;

interface Indexed {
  /** memstack's ranking: the dia_ids of the top 10 items for a question. */
  search(question: string): Promise<string[][]>;
  /** The items for the baselines: the plain text, and the text memstack indexes. */
  items: Array<{ plain: string; text: string; diaIds: string[] }>;
  close(): Promise<void>;
}

/** How long the bench waits for a question's vector: it measures what the vectors find, not how fast they come. */
const BENCH_EMBED_QUERY_TIMEOUT_MS = 30_000;

/**
 * The stack an index searches with: lexical only, or with the embedder, whose failure (which `prepare` would survive
 * by ranking lexically) stops the bench instead of silently measuring the lexical ranking under the vectors' name.
 */
function benchStack(store: MemoryStore, embedder: Embedder | undefined) {
  if (embedder === undefined) return { stack: createMemoryStack({ store }), check: () => {} };
  const failures: string[] = [];
  const stack = createMemoryStack({
    store,
    embedder,
    embedQueryTimeoutMs: BENCH_EMBED_QUERY_TIMEOUT_MS,
    onEvent: (event) => {
      if (event.type === 'embedding-failed') failures.push(`${event.phase}: ${String(event.error)}`);
    },
  });
  const check = (): void => {
    if (failures.length > 0) throw new Error(`the embedder failed (${embedder.model}): ${failures[0]}`);
  };
  return { stack, check };
}

/** Every item's vector, before the questions. */
async function embedAll(stack: ReturnType<typeof createMemoryStack>, check: () => void): Promise<void> {
  const report = await stack.embedMissing();
  check();
  if (!report.complete) throw new Error(`the embedder left ${report.failed} items without a vector`);
}

/**
 * Turns: the conversation is one session, its turns appended as exchanges of two, each at its own date; memstack
 * ranks them with the turn index behind turn recall (`stack.searchTurns`).
 */
async function indexTurns(
  conversation: LocomoConversation,
  store: MemoryStore,
  embedder: Embedder | undefined,
): Promise<Indexed> {
  const { stack, check } = benchStack(store, embedder);
  const { scope, diaIds } = await storeTurns(conversation, store);
  if (embedder) await embedAll(stack, check);
  const turns = conversation.sessions.flatMap((session) => session.turns);
  return {
    search: async (question) => {
      const found = await stack.searchTurns(scope, question, { limit: 10 });
      check();
      return found.map((turn) => {
        const id = diaIds.get(turn.id);
        return id ? [id] : [];
      });
    },
    items: turns.map((turn) => ({ plain: turn.text, text: turnText(turn), diaIds: [turn.diaId] })),
    close: () => stack.close(),
  };
}

/** A conversation's turns in a store as `indexTurns` stores them: its scope, and the dia_id of each stored turn. */
export async function storeTurns(
  conversation: LocomoConversation,
  store: MemoryStore,
): Promise<{ scope: { agentId: string; channelId: string }; diaIds: Map<number, string> }> {
  const scope = { agentId: 'locomo', channelId: conversation.id };
  const handle = deriveSessionHandle(scope);
  const turns = conversation.sessions.flatMap((session) => session.turns);
  const diaIds = new Map<number, string>();
  for (let index = 0; index < turns.length; index += 2) {
    const user = turns[index] as Turn;
    const assistant = turns[index + 1];
    const ids = await store.sessions.appendExchange({
      session: {
        key: handle.key,
        uuid: handle.uuid,
        agentId: scope.agentId,
        channelId: scope.channelId,
        threadId: null,
      },
      userId: null,
      user: { text: turnText(user), tokens: 0 },
      assistant: { text: assistant ? turnText(assistant) : '', tokens: 0 },
      taskSource: false,
      injectedFactIds: [],
      at: user.at ?? new Date(0),
    });
    diaIds.set(ids.userTurnId, user.diaId);
    if (assistant) diaIds.set(ids.assistantTurnId, assistant.diaId);
  }
  return { scope, diaIds };
}

/**
 * Facts: the `observation` facts, each stored as extraction stores one: with the exchange it was drawn from and the
 * message before it as context (the exchange of two turns holding each cited turn), dated by its first cited turn.
 */
async function indexFacts(
  conversation: LocomoConversation,
  store: MemoryStore,
  embedder: Embedder | undefined,
): Promise<Indexed> {
  const { stack, check } = benchStack(store, embedder);
  const { scope, cited } = await storeFacts(conversation, store);
  if (embedder) await embedAll(stack, check);
  return {
    search: async (question) => {
      const found = await stack.facts.search(scope, question, { limit: 10 });
      check();
      return found.map((fact) => cited.get(fact.id) ?? []);
    },
    items: conversation.facts.map((fact) => ({ plain: fact.text, text: fact.text, diaIds: fact.diaIds })),
    close: () => stack.close(),
  };
}

/** A conversation's facts in a store as `indexFacts` stores them: their scope, and the dia_ids each stored fact cites. */
export async function storeFacts(
  conversation: LocomoConversation,
  store: MemoryStore,
): Promise<{ scope: { agentId: string; userId: string }; cited: Map<number, string[]> }> {
  const scope = { agentId: 'locomo', userId: conversation.id };
  const turns = conversation.sessions.flatMap((session) => session.turns);
  const position = new Map(turns.map((turn, index) => [turn.diaId, index]));
  const cited = new Map<number, string[]>();
  for (const [index, fact] of conversation.facts.entries()) {
    const exchange = new Set<number>();
    for (const id of fact.diaIds) {
      const at = position.get(id);
      if (at === undefined) continue;
      const first = at - (at % 2);
      if (first > 0) exchange.add(first - 1);
      exchange.add(first);
      if (first + 1 < turns.length) exchange.add(first + 1);
    }
    const context = [...exchange]
      .sort((a, b) => a - b)
      .map((at) => turnText(turns[at] as Turn))
      .join('\n');
    const firstCited = turns[position.get(fact.diaIds[0] ?? '') ?? -1];
    const inserted = await store.facts.insert(scope, {
      text: fact.text,
      hash: `${index}`,
      sourceSessionKey: null,
      sourceTurnId: null,
      source: 'api',
      context,
      at: firstCited?.at ?? new Date(0),
    });
    if (inserted) cited.set(inserted.id, fact.diaIds);
  }
  return { scope, cited };
}

const granularities = [
  { name: 'turns', index: indexTurns },
  { name: 'facts', index: indexFacts },
] as const;

const RANKINGS = ['memstack', 'baseline', 'baselineSameText', 'baselineBigrams', 'postgres', 'vectors'] as const;
type Ranking = (typeof RANKINGS)[number];

/**
 * Where each conversation is indexed: a fresh SQLite store (memstack's ranking), a fresh Postgres store beside it
 * (`--store postgres`), and, with an embedder (`--embed-base-url`, `--embed-model`), a third fresh SQLite store
 * whose items get their vectors (`stack.embedMissing`) before the questions, ranked with them.
 */
export interface BenchStores {
  sqlite: BenchStore;
  postgres: BenchStore | undefined;
  embedder?: Embedder | undefined;
}

/**
 * LoCoMo's conversations in two halves (issue 24): rules, weights and signals are chosen on the tuning half and
 * reported on the untouched one, which nothing is ever chosen on. Other files (`--data`) have no halves.
 */
export const LOCOMO_HALVES: Readonly<Record<string, Half>> = {
  'conv-26': 'tuning',
  'conv-41': 'tuning',
  'conv-43': 'tuning',
  'conv-47': 'tuning',
  'conv-49': 'tuning',
  'conv-30': 'untouched',
  'conv-42': 'untouched',
  'conv-44': 'untouched',
  'conv-48': 'untouched',
  'conv-50': 'untouched',
};
export type Half = 'tuning' | 'untouched';

interface Sums {
  questions: number;
  recall: Record<Ranking, number[]>;
  /** Per half of LoCoMo: the question count, and the recall@k sums of memstack and the baseline. */
  byHalf: Map<Half, { count: number; memstack: number[]; baseline: number[]; vectors: number[] }>;
  /** Per category: the question count, and the recall@k sums of memstack and the baseline. */
  byCategory: Map<number, { count: number; memstack: number[]; baseline: number[] }>;
}

/**
 * A plain FTS5 bm25 OR-query of the question's words, stop words dropped, over the given texts: the reference
 * baseline of ../shared/data/README.md (turns R@5 0.530; ORing every word, stop words included, gives 0.481).
 */
function plainBm25(texts: readonly string[], options: { bigrams?: boolean } = {}): (question: string) => number[] {
  const split = options.bigrams ? spaceBigrams : (text: string) => text;
  const database = new Database(':memory:');
  database.exec("CREATE VIRTUAL TABLE f USING fts5(text, tokenize = 'porter unicode61')");
  const insert = database.prepare('INSERT INTO f (rowid, text) VALUES (?, ?)');
  for (const [index, text] of texts.entries()) insert.run(index + 1, split(text));
  const search = database.prepare('SELECT rowid FROM f WHERE f MATCH ? ORDER BY bm25(f) LIMIT 10');
  return (question) => {
    const words = (
      split(question)
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? []
    )
      .filter((word) => !ENGLISH_STOP_WORDS.has(word))
      .map((word) => `"${word}"`);
    if (words.length === 0) return [];
    return (search.all(words.join(' OR ')) as Array<{ rowid: number }>).map((row) => row.rowid - 1);
  };
}

const HAN_KANA_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+/gu;

/** Chinese and Japanese runs as their overlapping character bigrams, space-separated: the classic CJK baseline. */
function spaceBigrams(text: string): string {
  return text.replace(HAN_KANA_RUN, (run) => {
    const chars = Array.from(run);
    if (chars.length < 2) return ` ${run} `;
    return ` ${chars
      .slice(0, -1)
      .map((char, at) => char + chars[at + 1])
      .join(' ')} `;
  });
}

async function evaluate(
  index: (conversation: LocomoConversation, store: MemoryStore, embedder: Embedder | undefined) => Promise<Indexed>,
  conversations: LocomoConversation[],
  stores: BenchStores,
): Promise<Sums> {
  const sums: Sums = {
    questions: 0,
    recall: {
      memstack: KS.map(() => 0),
      baseline: KS.map(() => 0),
      baselineSameText: KS.map(() => 0),
      baselineBigrams: KS.map(() => 0),
      postgres: KS.map(() => 0),
      vectors: KS.map(() => 0),
    },
    byCategory: new Map(),
    byHalf: new Map(),
  };
  for (const conversation of conversations) {
    const half = LOCOMO_HALVES[conversation.id];
    const indexed = await index(conversation, await stores.sqlite.open(), undefined);
    // The same conversation indexed in a Postgres store of its own (one fresh schema, as SQLite has one database).
    const onPostgres = stores.postgres ? await index(conversation, await stores.postgres.open(), undefined) : undefined;
    // And in a SQLite store of its own with the embedder: every item's vector computed before the questions.
    const withVectors = stores.embedder
      ? await index(conversation, await stores.sqlite.open(), stores.embedder)
      : undefined;
    const baseline = plainBm25(indexed.items.map((item) => item.plain));
    const sameText = plainBm25(indexed.items.map((item) => item.text));
    const bigrams = plainBm25(
      indexed.items.map((item) => item.plain),
      { bigrams: true },
    );
    const diaIdsOf = (positions: number[]) => positions.map((at) => indexed.items[at]?.diaIds ?? []);
    for (const qa of conversation.questions) {
      sums.questions += 1;
      const ranked: Record<Ranking, string[][]> = {
        memstack: await indexed.search(qa.question),
        baseline: diaIdsOf(baseline(qa.question)),
        baselineSameText: diaIdsOf(sameText(qa.question)),
        baselineBigrams: diaIdsOf(bigrams(qa.question)),
        postgres: onPostgres ? await onPostgres.search(qa.question) : [],
        vectors: withVectors ? await withVectors.search(qa.question) : [],
      };
      const category = sums.byCategory.get(qa.category) ?? {
        count: 0,
        memstack: KS.map(() => 0),
        baseline: KS.map(() => 0),
      };
      category.count += 1;
      const halfSums =
        half === undefined
          ? undefined
          : (sums.byHalf.get(half) ?? {
              count: 0,
              memstack: KS.map(() => 0),
              baseline: KS.map(() => 0),
              vectors: KS.map(() => 0),
            });
      if (halfSums) halfSums.count += 1;
      for (const ranking of RANKINGS) {
        KS.forEach((k, at) => {
          const recall = partialRecall(qa.evidence, ranked[ranking].slice(0, k));
          sums.recall[ranking][at] = (sums.recall[ranking][at] ?? 0) + recall;
          if (ranking === 'memstack' || ranking === 'baseline') {
            category[ranking][at] = (category[ranking][at] ?? 0) + recall;
          }
          if (halfSums && (ranking === 'memstack' || ranking === 'baseline' || ranking === 'vectors')) {
            halfSums[ranking][at] = (halfSums[ranking][at] ?? 0) + recall;
          }
        });
      }
      sums.byCategory.set(qa.category, category);
      if (half !== undefined && halfSums) sums.byHalf.set(half, halfSums);
    }
    await indexed.close();
    await onPostgres?.close();
    await withVectors?.close();
  }
  return sums;
}

const toRecall = (values: number[], questions: number): Recall => {
  const [r1, r3, r5, r10] = values.map((value) => value / Math.max(1, questions));
  return { r1: r1 ?? 0, r3: r3 ?? 0, r5: r5 ?? 0, r10: r10 ?? 0 };
};

/**
 * Retrieval on LoCoMo (or any file of its format, `--data <file>`): per conversation, the turns and the
 * `observation` facts are indexed in one scope each and queried with every question that has evidence; recall@k of
 * the evidence dia_ids (LoCoMo's partial recall), memstack's ranking (`facts.search`, as `prepare` ranks) against a
 * plain FTS5 bm25 OR-query over the same items, in the same run. Then the same for turns on the MemoryBank chats with
 * our two question sets, tuned and untouched (English, Chinese), and the small CJK and Korean sets. With an
 * `embedder`, LoCoMo and MemoryBank get one more row: the same ranking fused with that model's vectors (see
 * `BenchStores`).
 */
export async function retrievalBench(
  options: { data?: string; store?: BenchStoreName; embedder?: Embedder | undefined } = {},
): Promise<Record<string, unknown>> {
  const path = options.data ?? LOCOMO_PATH;
  const conversations = loadLocomo(path);
  const stores: BenchStores = {
    sqlite: benchStore('sqlite'),
    postgres: options.store === 'postgres' ? benchStore('postgres') : undefined,
    embedder: options.embedder,
  };
  try {
    const name = path === LOCOMO_PATH ? 'LoCoMo: Maharana et al. 2024, CC BY-NC 4.0' : basename(path);
    return await measure(conversations, stores, name);
  } finally {
    await stores.postgres?.end();
  }
}

async function measure(
  conversations: LocomoConversation[],
  stores: BenchStores,
  dataName: string,
): Promise<Record<string, unknown>> {
  const result = await locomoRecall(conversations, stores, dataName);
  const { tuned: memorybank, untouched: memorybankUntouched } = await measureMemoryBank(stores);
  const cjk = await cjkRecall(undefined, stores.sqlite);
  const cjkPostgres = stores.postgres ? await cjkRecall(undefined, stores.postgres) : undefined;
  printTable(
    `CJK and mixed-language set (test/fixtures/cjk-retrieval.json, ${cjk.queries} queries; baseline: FTS5 unicode61)`,
    ['ranking', 'R@1', 'R@3'],
    [
      ['memstack', cjk.memstack.r1, cjk.memstack.r3],
      ...(cjkPostgres ? [['  same on the Postgres store', cjkPostgres.memstack.r1, cjkPostgres.memstack.r3]] : []),
      ['FTS5 unicode61 baseline', cjk.baseline.r1, cjk.baseline.r3],
    ],
  );
  const korean = await cjkRecall(KOREAN_FIXTURE, stores.sqlite);
  const koreanPostgres = stores.postgres ? await cjkRecall(KOREAN_FIXTURE, stores.postgres) : undefined;
  printTable(
    `Korean set (test/fixtures/korean-retrieval.json, ${korean.queries} queries; baseline: FTS5 unicode61)`,
    ['ranking', 'R@1', 'R@3'],
    [
      ['memstack', korean.memstack.r1, korean.memstack.r3],
      ...(koreanPostgres
        ? [['  same on the Postgres store', koreanPostgres.memstack.r1, koreanPostgres.memstack.r3]]
        : []),
      ['FTS5 unicode61 baseline', korean.baseline.r1, korean.baseline.r3],
    ],
  );
  return {
    ...result,
    memorybank,
    memorybankUntouched,
    cjk,
    korean,
    ...(cjkPostgres ? { cjkPostgres } : {}),
    ...(koreanPostgres ? { koreanPostgres } : {}),
  };
}

export interface LocomoRecall {
  baseline: Recall;
  memstack: Recall;
  postgres?: Recall;
  vectors?: Recall;
  byHalf: Record<string, unknown>;
  byCategory: Record<string, unknown>;
}

/**
 * Turns and facts of LoCoMo-shaped conversations: recall@k of memstack's ranking, of the same on Postgres and with
 * vectors when `stores` has them, and of the FTS5 baselines, printed and returned by granularity.
 */
export async function locomoRecall(
  conversations: LocomoConversation[],
  stores: BenchStores,
  dataName: string,
): Promise<Record<string, LocomoRecall>> {
  const result: Record<string, LocomoRecall> = {};
  for (const granularity of granularities) {
    if (granularity.name === 'facts' && conversations.every((conversation) => conversation.facts.length === 0)) {
      console.log(`\nfacts retrieval: skipped, ${dataName} has no observations`);
      continue;
    }
    const sums = await evaluate(granularity.index, conversations, stores);
    const memstack = toRecall(sums.recall.memstack, sums.questions);
    const postgres = stores.postgres ? toRecall(sums.recall.postgres, sums.questions) : undefined;
    const vectors = stores.embedder ? toRecall(sums.recall.vectors, sums.questions) : undefined;
    const baseline = toRecall(sums.recall.baseline, sums.questions);
    const sameText = toRecall(sums.recall.baselineSameText, sums.questions);
    const row = (name: string, recall: Recall) => [name, recall.r1, recall.r3, recall.r5, recall.r10];
    printTable(
      `${granularity.name} retrieval (${conversations.length} conversations, ${sums.questions} questions with evidence; ${dataName})`,
      ['ranking', 'R@1', 'R@3', 'R@5', 'R@10'],
      [
        row(
          granularity.name === 'turns'
            ? 'memstack (turn index, stack.searchTurns)'
            : 'memstack (facts.search = prepare ranking)',
          memstack,
        ),
        ...(postgres ? [row('  same ranking on the Postgres store (--store postgres)', postgres)] : []),
        ...(vectors ? [row(`  fused with vectors (${stores.embedder?.model})`, vectors)] : []),
        row('FTS5 bm25 baseline (porter, content words OR-ed)', baseline),
        ...(granularity.name === 'turns'
          ? [row('  same, over the text memstack stores (speaker: text [photo])', sameText)]
          : []),
      ],
    );
    const halves = (['tuning', 'untouched'] as const).flatMap((half) => {
      const value = sums.byHalf.get(half);
      return value ? [{ half, value }] : [];
    });
    if (halves.length > 0)
      printTable(
        `${granularity.name}: the tuning half (conv-26, 41, 43, 47, 49) and the untouched half (conv-30, 42, 44, 48, 50), memstack | ${stores.embedder ? 'fused with vectors | ' : ''}baseline`,
        [
          'half',
          'questions',
          'R@1',
          'R@3',
          'R@5',
          'R@10',
          ...(stores.embedder ? ['| R@1', 'R@3', 'R@5', 'R@10'] : []),
          '| R@1',
          'R@3',
          'R@5',
          'R@10',
        ],
        halves.map(({ half, value }) => [
          half,
          value.count,
          ...value.memstack.map((sum) => sum / value.count),
          ...(stores.embedder ? value.vectors.map((sum) => sum / value.count) : []),
          ...value.baseline.map((sum) => sum / value.count),
        ]),
      );
    const categories = [...sums.byCategory.entries()].sort(([a], [b]) => a - b);
    printTable(
      `${granularity.name}: recall by question category (memstack | baseline)`,
      ['category', 'questions', 'R@1', 'R@3', 'R@5', 'R@10', '| R@1', 'R@3', 'R@5', 'R@10'],
      categories.map(([category, value]) => [
        CATEGORIES[category] ?? String(category),
        value.count,
        ...value.memstack.map((sum) => sum / value.count),
        ...value.baseline.map((sum) => sum / value.count),
      ]),
    );
    result[granularity.name] = {
      baseline,
      memstack,
      ...(postgres ? { postgres } : {}),
      ...(vectors ? { vectors } : {}),
      byHalf: Object.fromEntries(
        halves.map(({ half, value }) => [
          half,
          {
            questions: value.count,
            memstack: toRecall(value.memstack, value.count),
            ...(stores.embedder ? { vectors: toRecall(value.vectors, value.count) } : {}),
            baseline: toRecall(value.baseline, value.count),
          },
        ]),
      ),
      byCategory: Object.fromEntries(
        categories.map(([category, value]) => [
          CATEGORIES[category] ?? String(category),
          {
            questions: value.count,
            memstack: toRecall(value.memstack, value.count),
            baseline: toRecall(value.baseline, value.count),
          },
        ]),
      ),
    };
  }
  return result;
}

type MemoryBankRecall = Record<MemoryBankLanguage, Partial<Record<Ranking, Recall>>>;

/**
 * Turn retrieval on the MemoryBank chats, per language, with both question sets side by side: the tuned one
 * (test/fixtures/memorybank-questions.json, the rules of issue 13 were chosen on it) and the untouched one
 * (memorybank-questions-untouched.json, frozen before any rule saw it, only reported on). The same indexing, ranking
 * and baselines as LoCoMo's turns; an exchange counts as found when either of its turns is.
 */
async function measureMemoryBank(stores: BenchStores): Promise<Record<MemoryBankQuestionSet, MemoryBankRecall>> {
  const result: Record<MemoryBankQuestionSet, MemoryBankRecall> = {
    tuned: { en: {}, zh: {} },
    untouched: { en: {}, zh: {} },
  };
  for (const language of ['en', 'zh'] as const) {
    const rankings: Array<[string, Ranking]> = [
      ['memstack (turn index, stack.searchTurns)', 'memstack'],
      ...(stores.postgres ? [['  same ranking on the Postgres store', 'postgres'] as [string, Ranking]] : []),
      ...(stores.embedder ? [[`  fused with vectors (${stores.embedder.model})`, 'vectors'] as [string, Ranking]] : []),
      ['FTS5 bm25 baseline (porter, content words OR-ed)', 'baseline'],
      ...(language === 'zh'
        ? [['FTS5 bm25 over character bigrams (CJK baseline)', 'baselineBigrams'] as [string, Ranking]]
        : []),
    ];
    const measureSet = async (set: MemoryBankQuestionSet) => {
      const conversations = loadMemoryBank(language, { set });
      const sums = await evaluate(indexTurns, conversations, stores);
      const recall = (ranking: Ranking) => toRecall(sums.recall[ranking], sums.questions);
      result[set][language] = Object.fromEntries(rankings.map(([, ranking]) => [ranking, recall(ranking)]));
      return { chats: conversations.length, questions: sums.questions, recall };
    };
    const tuned = await measureSet('tuned');
    const untouched = await measureSet('untouched');
    const figures = (value: Recall) => [value.r1, value.r3, value.r5, value.r10];
    printTable(
      `MemoryBank ${language} turns (Zhong et al. 2024): the tuned set (${tuned.questions} questions, ${tuned.chats} ` +
        `chats; the rules of issue 13 were chosen on it) beside the untouched set (${untouched.questions} questions, ` +
        `${untouched.chats} chats; frozen before any rule saw it, only reported on)`,
      ['ranking', 'tuned R@1', 'R@3', 'R@5', 'R@10', 'untouched R@1', 'R@3', 'R@5', 'R@10'],
      rankings.map(([name, ranking]) => [
        name,
        ...figures(tuned.recall(ranking)),
        ...figures(untouched.recall(ranking)),
      ]),
    );
  }
  return result;
}
