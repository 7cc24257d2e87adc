import Database from 'better-sqlite3';
import { createMemoryStack, sqliteStore } from '../src/index.js';
import { cjkRecall } from './cjk-retrieval.js';
import { LOCOMO_PATH, type LocomoConversation, loadLocomo, partialRecall } from './locomo.js';
import { printTable } from './print-table.js';

const KS = [1, 3, 5, 10] as const;
const CATEGORIES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

type Recall = { r1: number; r3: number; r5: number; r10: number };
interface Item {
  /** What memstack indexes. */
  text: string;
  /** What the baseline indexes: the plain text. */
  plain: string;
  diaIds: string[];
}
interface Granularity {
  name: 'turns' | 'facts';
  items: (conversation: LocomoConversation) => Item[];
}

const granularities: Granularity[] = [
  {
    name: 'turns',
    // memstack indexes the speaker with the turn (questions name people); the baseline, the text alone.
    items: (conversation) =>
      conversation.sessions.flatMap((session) =>
        session.turns.map((turn) => ({
          text: `${turn.speaker}: ${turn.text}`,
          plain: turn.text,
          diaIds: [turn.diaId],
        })),
      ),
  },
  {
    name: 'facts',
    items: (conversation) =>
      conversation.facts.map((fact) => ({ text: fact.text, plain: fact.text, diaIds: fact.diaIds })),
  },
];

interface Sums {
  questions: number;
  memstack: number[];
  baseline: number[];
  byCategory: Map<number, { count: number; memstack: number; baseline: number }>;
}

async function evaluate(granularity: Granularity, conversations: LocomoConversation[]): Promise<Sums> {
  const sums: Sums = { questions: 0, memstack: KS.map(() => 0), baseline: KS.map(() => 0), byCategory: new Map() };
  for (const conversation of conversations) {
    const store = sqliteStore({ path: ':memory:' });
    const stack = createMemoryStack({ store });
    const scope = { agentId: 'locomo', userId: conversation.id };
    const baseline = new Database(':memory:');
    baseline.exec("CREATE VIRTUAL TABLE f USING fts5(text, tokenize = 'porter unicode61')");
    const insertBaseline = baseline.prepare('INSERT INTO f (rowid, text) VALUES (?, ?)');
    const ours = new Map<number, string[]>();
    const theirs = new Map<number, string[]>();
    for (const [index, item] of granularity.items(conversation).entries()) {
      const at = new Date(Date.UTC(2023, 0, 1));
      const { id } = await store.facts.insert(scope, {
        text: item.text,
        hash: `${index}`,
        sourceSessionKey: null,
        sourceTurnId: null,
        at,
      });
      ours.set(id, item.diaIds);
      insertBaseline.run(index + 1, item.plain);
      theirs.set(index + 1, item.diaIds);
    }
    const searchBaseline = baseline.prepare('SELECT rowid FROM f WHERE f MATCH ? ORDER BY bm25(f) LIMIT ?');
    for (const qa of conversation.questions) {
      sums.questions += 1;
      const ranked = (await stack.facts.search(scope, qa.question, { limit: 10 })).map(
        (fact) => ours.get(fact.id) ?? [],
      );
      const words = (qa.question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => `"${word}"`);
      const plain =
        words.length === 0
          ? []
          : (searchBaseline.all(words.join(' OR '), 10) as Array<{ rowid: number }>).map(
              (row) => theirs.get(row.rowid) ?? [],
            );
      KS.forEach((k, index) => {
        sums.memstack[index] = (sums.memstack[index] ?? 0) + partialRecall(qa.evidence, ranked.slice(0, k));
        sums.baseline[index] = (sums.baseline[index] ?? 0) + partialRecall(qa.evidence, plain.slice(0, k));
      });
      const category = sums.byCategory.get(qa.category) ?? { count: 0, memstack: 0, baseline: 0 };
      category.count += 1;
      category.memstack += partialRecall(qa.evidence, ranked.slice(0, 5));
      category.baseline += partialRecall(qa.evidence, plain.slice(0, 5));
      sums.byCategory.set(qa.category, category);
    }
    await stack.close();
    baseline.close();
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
 * plain FTS5 bm25 OR-query over the same items, in the same run.
 */
export async function retrievalBench(options: { data?: string } = {}): Promise<Record<string, unknown>> {
  const conversations = loadLocomo(options.data ?? LOCOMO_PATH);
  const result: Record<string, { baseline: Recall; memstack: Recall }> = {};
  for (const granularity of granularities) {
    const sums = await evaluate(granularity, conversations);
    const memstack = toRecall(sums.memstack, sums.questions);
    const baseline = toRecall(sums.baseline, sums.questions);
    result[granularity.name] = { baseline, memstack };
    printTable(
      `${granularity.name} retrieval (${conversations.length} conversations, ${sums.questions} questions with evidence; LoCoMo: Maharana et al. 2024, CC BY-NC 4.0)`,
      ['ranking', 'R@1', 'R@3', 'R@5', 'R@10'],
      [
        ['memstack (facts.search = prepare ranking)', memstack.r1, memstack.r3, memstack.r5, memstack.r10],
        ['FTS5 bm25 baseline (porter, words OR-ed)', baseline.r1, baseline.r3, baseline.r5, baseline.r10],
      ],
    );
    printTable(
      `${granularity.name}: R@5 by question category`,
      ['category', 'questions', 'memstack', 'baseline'],
      [...sums.byCategory.entries()]
        .sort(([a], [b]) => a - b)
        .map(([category, value]) => [
          CATEGORIES[category] ?? String(category),
          value.count,
          value.memstack / value.count,
          value.baseline / value.count,
        ]),
    );
  }
  const cjk = await cjkRecall();
  printTable(
    `CJK and mixed-language set (test/fixtures/cjk-retrieval.json, ${cjk.queries} queries; baseline: FTS5 unicode61)`,
    ['ranking', 'R@1', 'R@3'],
    [
      ['memstack', cjk.memstack.r1, cjk.memstack.r3],
      ['FTS5 unicode61 baseline', cjk.baseline.r1, cjk.baseline.r3],
    ],
  );
  return { ...result, cjk };
}
