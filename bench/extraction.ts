import { readFileSync } from 'node:fs';
import { createMemoryStack, type Extractor, heuristicExtractor } from '../src/index.js';
import { sqliteStore } from '../src/sqlite.js';
import { printTable } from './print-table.js';
import {
  type ExtractionCase,
  type ExtractionOutcome,
  type ExtractionScore,
  extractionSetSchema,
  scoreExtraction,
} from './score-extraction.js';

const FIXTURE = new URL('../test/fixtures/extraction-set.json', import.meta.url);
const LANGUAGES = ['en', 'zh', 'ja'] as const;

export function loadExtractionSet(): ExtractionCase[] {
  return extractionSetSchema.parse(JSON.parse(readFileSync(FIXTURE, 'utf8'))).cases;
}

/**
 * Runs one case through a real stack: the stored facts are added first, then the previous exchange (if any), then
 * the message. New live facts are the prediction, stored facts no longer live the supersedes, the session's pin the
 * pin.
 */
export async function runExtractionCase(item: ExtractionCase, extractor: Extractor): Promise<ExtractionOutcome> {
  const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor });
  const scope = { agentId: 'bench', userId: 'user' };
  const session = { ...scope, threadId: item.id };
  try {
    const stored = new Map<number, string>();
    for (const text of item.stored ?? []) {
      const added = await stack.facts.add(scope, text);
      stored.set(added.id, text);
    }
    if (item.previousReply !== undefined || item.previousMessage !== undefined) {
      const prepared = await stack.prepare({ ...session, text: item.previousMessage ?? 'Can you help me?' });
      await stack.record(prepared, { text: item.previousReply ?? 'Sure.' });
      await stack.idle();
    }
    const before = new Set((await stack.facts.list(scope)).map((fact) => fact.id));
    const prepared = await stack.prepare({ ...session, text: item.message });
    await stack.record(prepared, { text: 'OK.' });
    await stack.idle();
    const live = await stack.facts.list(scope);
    const liveIds = new Set(live.map((fact) => fact.id));
    return {
      facts: live.filter((fact) => !before.has(fact.id)).map((fact) => fact.text),
      superseded: [...stored].filter(([id]) => !liveIds.has(id)).map(([, text]) => text),
      pinned: (await stack.session(session)).pinned,
    };
  } finally {
    await stack.close();
  }
}

/** Precision and recall of facts, accuracy of supersedes and pins, per language, for the heuristic extractor. */
export async function extractionBench(): Promise<Record<string, unknown>> {
  const cases = loadExtractionSet();
  const pairs: Array<{ case: ExtractionCase; outcome: ExtractionOutcome }> = [];
  for (const item of cases) pairs.push({ case: item, outcome: await runExtractionCase(item, heuristicExtractor()) });
  const scores: Record<string, ExtractionScore> = {};
  for (const language of LANGUAGES)
    scores[language] = scoreExtraction(pairs.filter((pair) => pair.case.language === language));
  scores.all = scoreExtraction(pairs);
  printTable(
    'extraction, heuristic extractor (test/fixtures/extraction-set.json)',
    [
      'language',
      'cases',
      'precision',
      'recall',
      'predicted/expected',
      'skip acc',
      'supersede acc',
      'sup cases',
      'pin acc',
      'pin cases',
    ],
    Object.entries(scores).map(([language, score]) => [
      language,
      score.cases,
      score.precision,
      score.recall,
      `${score.predicted}/${score.expected}`,
      score.skipAccuracy,
      score.supersedeAccuracy,
      score.supersedeCases,
      score.pinAccuracy,
      score.pinCases,
    ]),
  );
  console.log('LLM extractor on recorded model outputs: not measured (no recorded outputs checked in yet).');
  return { heuristic: scores };
}
