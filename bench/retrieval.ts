import Database from 'better-sqlite3';
import { createMemoryStack, sqliteStore } from '../src/index.js';
import { loadLocomo, partialRecall } from './locomo.js';
import { printTable } from './print-table.js';

const KS = [1, 3, 5, 10] as const;

/**
 * Facts retrieval on LoCoMo: each conversation's `observation` facts indexed in one scope, each question with
 * evidence used as the query, recall@k of the evidence dia_ids. memstack's ranking (the one `prepare` uses) is
 * compared, in the same run, with a plain FTS5 bm25 baseline (porter unicode61, question words OR-ed).
 */
export async function retrievalBench(): Promise<Record<string, unknown>> {
  const conversations = loadLocomo();
  const sums = { memstack: KS.map(() => 0), baseline: KS.map(() => 0) };
  const byCategory = new Map<number, { count: number; memstack: number; baseline: number }>();
  let questions = 0;
  let facts = 0;

  for (const conversation of conversations) {
    const store = sqliteStore({ path: ':memory:' });
    const stack = createMemoryStack({ store });
    const scope = { agentId: 'locomo', userId: conversation.id };
    const baseline = new Database(':memory:');
    baseline.exec("CREATE VIRTUAL TABLE f USING fts5(text, tokenize = 'porter unicode61')");
    const insertBaseline = baseline.prepare('INSERT INTO f (rowid, text) VALUES (?, ?)');
    const diaIdsOf = new Map<number, string[]>();
    const baselineDiaIds = new Map<number, string[]>();

    for (const [index, fact] of conversation.facts.entries()) {
      const { id } = await store.facts.insert(scope, {
        text: fact.text,
        hash: `${index}`,
        sourceSessionKey: null,
        sourceTurnId: null,
        at: new Date(Date.UTC(2023, 0, 1)),
      });
      diaIdsOf.set(id, fact.diaIds);
      insertBaseline.run(index + 1, fact.text);
      baselineDiaIds.set(index + 1, fact.diaIds);
      facts += 1;
    }
    const searchBaseline = baseline.prepare('SELECT rowid FROM f WHERE f MATCH ? ORDER BY bm25(f) LIMIT ?');

    for (const qa of conversation.questions) {
      questions += 1;
      const ranked = await stack.facts.search(scope, qa.question, { limit: 10 });
      const ours = ranked.map((fact) => diaIdsOf.get(fact.id) ?? []);
      const words = (qa.question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => `"${word}"`);
      const theirs =
        words.length === 0
          ? []
          : (searchBaseline.all(words.join(' OR '), 10) as Array<{ rowid: number }>).map(
              (row) => baselineDiaIds.get(row.rowid) ?? [],
            );
      KS.forEach((k, index) => {
        sums.memstack[index] = (sums.memstack[index] ?? 0) + partialRecall(qa.evidence, ours.slice(0, k));
        sums.baseline[index] = (sums.baseline[index] ?? 0) + partialRecall(qa.evidence, theirs.slice(0, k));
      });
      const category = byCategory.get(qa.category) ?? { count: 0, memstack: 0, baseline: 0 };
      category.count += 1;
      category.memstack += partialRecall(qa.evidence, ours.slice(0, 5));
      category.baseline += partialRecall(qa.evidence, theirs.slice(0, 5));
      byCategory.set(qa.category, category);
    }
    await stack.close();
    baseline.close();
  }

  const recall = (values: number[]) => values.map((value) => value / questions);
  const memstack = recall(sums.memstack);
  const baseline = recall(sums.baseline);
  printTable(
    `facts retrieval on LoCoMo (${conversations.length} conversations, ${facts} observation facts, ${questions} questions with evidence; LoCoMo: Maharana et al. 2024, CC BY-NC 4.0)`,
    ['ranking', ...KS.map((k) => `R@${k}`)],
    [
      ['memstack (facts.search = prepare ranking)', ...memstack],
      ['FTS5 bm25 baseline (porter, words OR-ed)', ...baseline],
    ],
  );
  const names: Record<number, string> = {
    1: 'multi-hop',
    2: 'temporal',
    3: 'open-domain',
    4: 'single-hop',
    5: 'adversarial',
  };
  printTable(
    'R@5 by question category',
    ['category', 'questions', 'memstack', 'baseline'],
    [...byCategory.entries()]
      .sort(([a], [b]) => a - b)
      .map(([category, value]) => [
        names[category] ?? String(category),
        value.count,
        value.memstack / value.count,
        value.baseline / value.count,
      ]),
  );
  return {
    questions,
    memstack: Object.fromEntries(KS.map((k, index) => [`R@${k}`, memstack[index]])),
    baseline: Object.fromEntries(KS.map((k, index) => [`R@${k}`, baseline[index]])),
  };
}
