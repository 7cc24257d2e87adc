import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import {
  createMemoryStack,
  type Extraction,
  type Extractor,
  llmExtractor,
  type MemoryStack,
  ModelCallError,
} from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../fixtures');

/** Outputs of failing models and APIs (the fixture), plus generated ones: oversized, repetitive, stringified. */
export function garbageTexts(): string[] {
  const { samples } = JSON.parse(readFileSync(join(fixtures, 'garbage-outputs.json'), 'utf8')) as {
    samples: Array<{ text: string }>;
  };
  const error = new TypeError('fetch failed');
  return [
    ...samples.map((sample) => sample.text),
    `${'Lorem ipsum dolor sit amet '.repeat(40_000)}`,
    `${'x7$Q'.repeat(250_000)}`,
    'ha '.repeat(200),
    '我'.repeat(500),
    String({}),
    String(error),
    error.stack ?? String(error),
    JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }),
  ];
}

/** What a failing extractor can do on one call. */
type Fault =
  | { kind: 'throw'; error: unknown }
  | { kind: 'hang' }
  | { kind: 'shape'; value: unknown }
  | { kind: 'garbage'; extraction: Extraction }
  | { kind: 'llm'; reply: string }
  | { kind: 'valid' };

function faultArbitrary(garbage: readonly string[]): fc.Arbitrary<Fault> {
  const text = fc.constantFrom(...garbage);
  return fc.oneof(
    fc.record({
      kind: fc.constant('throw' as const),
      error: fc.constantFrom<unknown>(
        new Error('boom'),
        new TypeError('fetch failed'),
        new ModelCallError('MODEL_CALL_FAILED', '429 Too Many Requests', { status: 429, isRetryable: true }),
        'a thrown string',
        { message: 'a thrown object' },
        null,
      ),
    }),
    fc.constant({ kind: 'hang' as const }),
    fc.record({
      kind: fc.constant('shape' as const),
      value: fc.oneof(
        fc.constantFrom<unknown>(null, 42, 'text', [], { task: 5 }, { facts: 'x' }, { facts: [1, null] }),
        fc.constantFrom<unknown>({ supersedes: ['a'] }, { facts: Array.from({ length: 100 }, () => 'fact') }),
        fc.anything({ maxDepth: 2 }),
      ),
    }),
    fc.record({
      kind: fc.constant('garbage' as const),
      extraction: fc.record(
        {
          task: fc.option(text, { nil: undefined }),
          clarification: fc.option(text, { nil: undefined }),
          facts: fc.array(text, { maxLength: 4 }),
        },
        { requiredKeys: [] },
      ),
    }),
    fc.record({
      kind: fc.constant('llm' as const),
      reply: fc.oneof(
        text,
        text.map((value) => JSON.stringify({ task: value, clarification: value, facts: [value], supersedes: [] })),
      ),
    }),
    fc.constant({ kind: 'valid' as const }),
  );
}

const VALID: Extraction = {
  task: 'Migrate the billing service to Postgres 16',
  facts: ['User deploys with Terraform'],
};

/** An extractor whose calls fail as the plan says, in turn. */
function failingExtractor(plan: Fault[]): Extractor {
  let call = 0;
  const next = (): Fault => plan[call++ % plan.length] ?? { kind: 'valid' };
  const act = async (fault: Fault, signal: AbortSignal, run: (model: Extractor) => Promise<unknown>) => {
    switch (fault.kind) {
      case 'throw':
        throw fault.error;
      case 'hang':
        return new Promise<never>(() => {});
      case 'shape':
        return fault.value;
      case 'garbage':
        return fault.extraction;
      case 'llm':
        return run(llmExtractor({ model: scriptedCompletionModel([fault.reply]) }));
      default:
        signal.throwIfAborted();
        return VALID;
    }
  };
  return {
    specificationVersion: 'v1',
    name: 'failing',
    extract: async (input, { signal }) =>
      (await act(next(), signal, (model) => model.extract(input, { signal }))) as Extraction,
    summarize: async (input, { signal }) => {
      const fault = next();
      if (fault.kind === 'garbage') {
        const fact = fault.extraction.facts?.[0];
        return fault.extraction.task ?? (typeof fact === 'object' ? fact.text : fact) ?? 'x';
      }
      const value = await act(fault, signal, async (model) => model.summarize?.(input, { signal }));
      return value as string;
    },
  };
}

const MESSAGES = [
  'Help me migrate our billing service to Postgres 16 with zero downtime.',
  'We always deploy with Terraform and keep staging in eu-west-1.',
  'Nightly backups at 2am, please.',
  '我们用 pnpm 管理依赖，部署在上海区域。',
  'What about the connection pool size?',
];
const REPLIES = [
  'Which region should we use?',
  'Noted. Which backup schedule do you want?',
  'Done.',
  '好的。',
  'Sure.',
];

export interface FaultReport {
  turns: number;
  faults: number;
  /** Turns whose prepare or record threw. */
  failedTurns: number;
  /** Stored tasks, clarifications, facts and summaries that are (or hold, or are held by) a garbage text. */
  stored: string[];
}

/**
 * Conversations whose every extraction and summary call fails in one of the ways real APIs fail, drawn at random:
 * what was stored, and which turns failed (none may).
 */
export async function runFaultInjection(options: {
  seed: number;
  sessions: number;
  turns: number;
}): Promise<FaultReport> {
  const garbage = garbageTexts();
  const report: FaultReport = { turns: 0, faults: 0, failedTurns: 0, stored: [] };
  const plans = fc.sample(fc.array(faultArbitrary(garbage), { minLength: 1, maxLength: options.turns * 2 }), {
    numRuns: options.sessions,
    seed: options.seed,
  });
  for (const [index, plan] of plans.entries()) {
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: failingExtractor(plan),
      limits: { extractionTimeoutMs: 30, compressionThresholdTokens: 80, compressionKeepTokens: 20 },
    });
    const scope = { agentId: 'bot', userId: `u${index}`, threadId: 't' };
    report.faults += plan.length;
    for (let turn = 0; turn < options.turns; turn += 1) {
      report.turns += 1;
      try {
        const prepared = await stack.prepare({ ...scope, text: MESSAGES[turn % MESSAGES.length] as string });
        await stack.record(prepared, { text: REPLIES[turn % REPLIES.length] as string });
        await stack.idle();
      } catch {
        report.failedTurns += 1;
      }
    }
    report.stored.push(...offending(await storedMemory(stack, scope), garbage));
    await stack.close();
  }
  return report;
}

async function storedMemory(stack: MemoryStack, scope: { agentId: string; userId: string; threadId: string }) {
  const session = await stack.session(scope);
  const facts = await stack.facts.list(scope);
  return [
    ...(session.pinned ? session.pinned.split('\n').map((line) => line.replace(/^\[\+\] /, '')) : []),
    ...(session.summary ? [session.summary] : []),
    ...facts.map((fact) => fact.text),
  ];
}

function offending(stored: readonly string[], garbage: readonly string[]): string[] {
  const normal = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  const samples = garbage.map(normal).filter((sample) => sample.length >= 6);
  return stored.filter((text) => {
    const mine = normal(text);
    return samples.some((sample) => mine.includes(sample) || (mine.length >= 12 && sample.includes(mine)));
  });
}
