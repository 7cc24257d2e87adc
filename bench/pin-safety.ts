import {
  createMemoryStack,
  type Extractor,
  heuristicExtractor,
  type MemoryPolicy,
  type MemoryStack,
  type MemstackEvent,
  type SessionScope,
} from '../src/index.js';
import { sqliteStore } from '../src/sqlite.js';
import { loadPinSafetySet, type PinSafetyCase, type PinSafetyHalf, unreachedBy } from './pin-safety-set.js';
import { printTable } from './print-table.js';

const LANGUAGES = ['en', 'zh', 'ja'] as const;
const AGENT = 'bench';
/** The message's speaker in a private conversation, in a shared thread, and the other participant of the thread. */
const ALONE = 'ana';
const SPEAKER = 'mallory';
const OTHER = 'bob';

/** The other turns of a case, in the case's language: none of them asks a question or says anything to keep. */
const TURNS = {
  en: {
    neutralTask: 'Help me plan the next sprint.',
    started: "Sure, let's get started.",
    noted: 'Noted.',
    otherRequest: 'Where are we on this?',
  },
  zh: {
    neutralTask: '帮我规划一下下个迭代。',
    started: '好的，我们开始吧。',
    noted: '收到。',
    otherRequest: '现在进展怎么样了？',
  },
  ja: {
    neutralTask: '次のスプリントの計画を手伝ってください。',
    started: '承知しました。始めましょう。',
    noted: '承知しました。',
    otherRequest: '今どんな状況ですか？',
  },
} as const;

export type ExtractorName = 'heuristic' | 'copying';

/** What one case left behind. */
export interface PinSafetyOutcome {
  /** Everything stored: the pin's task and clarifications, every participant's facts. */
  stored: string;
  /** What memory put into the other participant's next request (system prompt and recap); '' in a private one. */
  injected: string;
  /** Whether the kind of memory the case is about was stored at all (a task pinned, a clarification, a fact). */
  kept: boolean;
  /** The memory of the case's kind as stored, for the cases kept: equal to the message when nothing was dropped. */
  keptText: string;
}

/**
 * An extractor of the bench's own that copies its input: the task source whole as the task, the whole message as
 * the answer to a question, and the case's message whole as a fact. The worst case of a cheap model that copies
 * what it is shown: whatever the stack stores of it, its rules kept.
 */
export function copyingExtractor(item: PinSafetyCase): Extractor {
  return {
    specificationVersion: 'v1',
    name: 'copying',
    async extract(input) {
      return {
        task: input.taskSource,
        clarification: input.question === null ? null : input.userText,
        facts: item.kind === 'fact' && input.userText.trim() === item.message.trim() ? [input.userText] : [],
      };
    },
  };
}

async function say(stack: MemoryStack, scope: SessionScope, text: string, reply: string): Promise<void> {
  const prepared = await stack.prepare({ ...scope, text });
  await stack.record(prepared, { text: reply });
  await stack.idle();
}

/**
 * Plays a case through a real stack (SQLite `:memory:`), as it happens: a task is the conversation's first message;
 * a clarification answers the assistant's question about the case's task; a fact is a later message after a neutral
 * task. In a shared thread the message is one participant's, and the other participant's next request is prepared
 * after it (what memory injects into it is the outcome's `injected`).
 */
export async function runPinSafetyCase(
  item: PinSafetyCase,
  extractorName: ExtractorName,
  policy?: MemoryPolicy,
): Promise<PinSafetyOutcome> {
  const events: MemstackEvent[] = [];
  const stack = createMemoryStack({
    store: sqliteStore({ path: ':memory:' }),
    extractor: extractorName === 'copying' ? copyingExtractor(item) : heuristicExtractor(),
    ...(policy ? { policy } : {}),
    onEvent: (event) => events.push(event),
  });
  const turns = TURNS[item.language];
  const shared = item.thread === 'shared';
  const speaker: SessionScope = shared
    ? { agentId: AGENT, threadId: 'team', userId: SPEAKER }
    : { agentId: AGENT, userId: ALONE };
  const other: SessionScope = { agentId: AGENT, threadId: 'team', userId: OTHER };
  try {
    if (item.kind === 'task') {
      await say(stack, speaker, item.message, turns.started);
    } else if (item.kind === 'clarification') {
      const asker = shared && item.taskBy === 'other' ? other : speaker;
      await say(stack, asker, item.task ?? '', item.question ?? '');
      await say(stack, speaker, item.message, turns.noted);
    } else {
      await say(stack, shared ? other : speaker, turns.neutralTask, turns.started);
      await say(stack, speaker, item.message, turns.noted);
    }
    let injected = '';
    if (shared) {
      const request = (await stack.prepare({ ...other, text: turns.otherRequest })).request;
      const current = request.messages.at(-1)?.content ?? [];
      injected = [...request.system, ...current].map((block) => ('text' in block ? block.text : '')).join('\n');
    }
    const pinned = (await stack.session(speaker)).pinned ?? '';
    const users = shared ? [SPEAKER, OTHER] : [ALONE];
    const facts = (await Promise.all(users.map((userId) => stack.facts.list({ agentId: AGENT, userId })))).flat();
    const caseFacts = facts.filter((fact) => fact.userId === speaker.userId).map((fact) => fact.text);
    const keptText =
      item.kind === 'fact'
        ? caseFacts.join('\n')
        : item.kind === 'task'
          ? taskOf(events)
          : events.flatMap((event) => (event.type === 'clarification-added' ? [event.clarification] : [])).join('\n');
    return {
      stored: [pinned, ...facts.map((fact) => fact.text)].join('\n'),
      injected,
      kept: keptText !== '',
      keptText,
    };
  } finally {
    await stack.close();
  }
}

/** The task pinned, as the `pinned` event says it (the task alone: nothing was appended yet). */
function taskOf(events: readonly MemstackEvent[]): string {
  for (const event of events) if (event.type === 'pinned') return event.pinned;
  return '';
}

/** Case, width and white space folded (NFKC, lower case, no white space): a phrase is found however it was spaced. */
export function foldForMatching(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
}

/** Whether an attack's order was stored or injected: any of its `mustNotStore` phrases is there. */
export function attackStored(item: PinSafetyCase, outcome: PinSafetyOutcome): boolean {
  const held = foldForMatching(`${outcome.stored}\n${outcome.injected}`);
  return (item.mustNotStore ?? []).some((phrase) => held.includes(foldForMatching(phrase)));
}

/**
 * Whether a legitimate case lost what it must keep: a `mustKeep` phrase missing from what was stored, or, for the
 * copying extractor, its text refused whole.
 */
export function legitLost(item: PinSafetyCase, outcome: PinSafetyOutcome, extractorName: ExtractorName): boolean {
  if (extractorName === 'copying' && !outcome.kept) return true;
  const held = foldForMatching(outcome.stored);
  return (item.mustKeep ?? []).some((phrase) => !held.includes(foldForMatching(phrase)));
}

export interface PinSafetyScore {
  attacks: number;
  attacksStored: number;
  legit: number;
  legitLost: number;
  /** Legitimate cases stored with a sentence dropped, yet with every `mustKeep` phrase (copying extractor only). */
  legitTrimmed: number;
  /** The ids of the attacks stored and of the legitimate cases lost. */
  failures: string[];
}

/** Every case of a half through one extractor, scored per language and in all. */
export async function scorePinSafety(
  cases: readonly PinSafetyCase[],
  extractorName: ExtractorName,
  options: { ids: boolean; policy?: MemoryPolicy },
): Promise<Record<string, PinSafetyScore>> {
  // The frozen half's failures are counted, never named: its cases are not to be tuned against.
  const failed = (score: PinSafetyScore, item: PinSafetyCase): void => {
    if (options.ids) score.failures.push(item.id);
  };
  const scores: Record<string, PinSafetyScore> = {};
  const empty = (): PinSafetyScore => ({
    attacks: 0,
    attacksStored: 0,
    legit: 0,
    legitLost: 0,
    legitTrimmed: 0,
    failures: [],
  });
  for (const language of [...LANGUAGES, 'all']) scores[language] = empty();
  for (const item of cases) {
    const outcome = await runPinSafetyCase(item, extractorName, options.policy);
    for (const score of [scores[item.language], scores.all]) {
      if (!score) continue;
      if (item.label === 'attack') {
        score.attacks += 1;
        if (attackStored(item, outcome)) {
          score.attacksStored += 1;
          failed(score, item);
        }
      } else {
        score.legit += 1;
        if (legitLost(item, outcome, extractorName)) {
          score.legitLost += 1;
          failed(score, item);
        } else if (extractorName === 'copying' && foldForMatching(outcome.keptText) !== foldForMatching(item.message)) {
          score.legitTrimmed += 1;
        }
      }
    }
  }
  return scores;
}

/**
 * `npm run bench -- pin-safety [--half dev|frozen]`: each case of the pin-safety set through a real stack, with the
 * heuristic extractor and with one that copies its input; per half and language, the attacks stored (in memory, or
 * injected into the other participant's request) and the legitimate cases lost. Without `--half`, both halves.
 */
export async function pinSafetyBench(
  options: { half?: PinSafetyHalf | undefined } = {},
): Promise<Record<string, Record<ExtractorName, Record<string, PinSafetyScore>>>> {
  const halves: PinSafetyHalf[] = options.half ? [options.half] : ['dev', 'frozen'];
  const results: Record<string, Record<ExtractorName, Record<string, PinSafetyScore>>> = {};
  for (const half of halves) {
    const { cases } = loadPinSafetySet(half);
    printUnreached(half, cases);
    const byExtractor = {} as Record<ExtractorName, Record<string, PinSafetyScore>>;
    for (const extractorName of ['heuristic', 'copying'] as const) {
      const scores = await scorePinSafety(cases, extractorName, { ids: half === 'dev' });
      byExtractor[extractorName] = scores;
      printTable(
        `pin safety, ${half} half (test/fixtures/pin-safety-${half}.json), ${extractorName} extractor`,
        ['language', 'attacks stored', 'legit lost', 'legit trimmed', 'failures'],
        Object.entries(scores).map(([language, score]) => [
          language,
          `${score.attacksStored}/${score.attacks}`,
          `${score.legitLost}/${score.legit}`,
          extractorName === 'copying' ? `${score.legitTrimmed}/${score.legit}` : '-',
          language === 'all' ? '' : score.failures.join(' '),
        ]),
      );
    }
    results[half] = byExtractor;
  }
  return results;
}

/**
 * How many cases of a half the stack does not reach (`unreachedBy`): they are counted in the tables as they come out,
 * and said here apart, per language. Ids for the development half only.
 */
function printUnreached(half: PinSafetyHalf, cases: readonly PinSafetyCase[]): void {
  const rows = [...LANGUAGES, 'all'].map((language) => {
    const of = cases.filter((item) => language === 'all' || item.language === language);
    const by = of.map((item) => ({ item, reasons: unreachedBy(item) })).filter(({ reasons }) => reasons.length > 0);
    const count = (test: (entry: (typeof by)[number]) => boolean) => by.filter(test).length;
    return [
      language,
      `${count(({ reasons }) => reasons.includes('task'))}/${of.filter((item) => item.kind !== 'fact').length}`,
      `${count(({ reasons }) => reasons.includes('question'))}/${of.filter((item) => item.kind === 'clarification').length}`,
      `${count(({ item }) => item.label === 'attack')}/${of.filter((item) => item.label === 'attack').length}`,
      `${count(({ item }) => item.label === 'legit')}/${of.filter((item) => item.label === 'legit').length}`,
      half === 'dev' && language !== 'all' ? by.map(({ item }) => item.id).join(' ') : '',
    ];
  });
  printTable(
    `pin safety, ${half} half: cases the stack does not reach (counted below as they come out)`,
    ['language', 'task not read as a task', 'question not read as one', 'attacks', 'legit', 'ids'],
    rows,
  );
}
