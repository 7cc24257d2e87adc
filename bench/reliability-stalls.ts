import { createMemoryStack } from '../src/index.js';
import { sqliteStore } from '../src/sqlite.js';
import { measureLongestStall } from './input-size.js';
import { syntheticFacts } from './synthetic-facts.js';

/** What a stall may last before it counts as a failure: "a few hundred milliseconds" at most, on this 2-core machine. */
export const STALL_BUDGET_MS = 250;
const SIZE = 200_000;

/** The largest messages the default limits accept, of every shape that was slow once. */
const INPUTS: Record<string, () => string> = {
  'English prose': () => 'We deploy the billing service with Terraform every Friday. '.repeat(SIZE / 58).slice(0, SIZE),
  'Chinese, no punctuation': () => '我们需要保留离线模式并且使用数据库部署服务'.repeat(SIZE / 20).slice(0, SIZE),
  Japanese: () => '私たちはオフラインモードを維持し、データベースを使います。'.repeat(SIZE / 29 + 1).slice(0, SIZE),
  'emoji ZWJ sequences (20,000)': () => '👩‍👩‍👧'.repeat(20_000),
  'emoji ZWJ sequences (200,000)': () => '👩‍👩‍👧'.repeat(SIZE),
  'one Latin word': () => 'a'.repeat(SIZE),
  'tags and angle brackets': () => '</task_recap><user>x</user> < '.repeat(SIZE / 31 + 1).slice(0, SIZE),
  newlines: () => '\n'.repeat(SIZE - 1).concat('x'),
};

/**
 * Each input through prepare, record and the background extraction (as message and as reply), with the event loop
 * watched: the longest time it was blocked.
 */
export async function largeInputStalls(): Promise<{
  inputs: number;
  largestChars: number;
  longestStallMs: number;
  longestInput: string;
  overBudget: number;
  byInput: Record<string, number>;
}> {
  const byInput: Record<string, number> = {};
  for (const [name, make] of Object.entries(INPUTS)) {
    const text = make();
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
    const { longestStallMs } = await measureLongestStall(async () => {
      const prepared = await stack.prepare({ agentId: 'bot', userId: 'u', text });
      await stack.record(prepared, { text });
      await stack.idle();
      const next = await stack.prepare({ agentId: 'bot', userId: 'u', text });
      await stack.record(next, { text: 'ok' });
      await stack.idle();
    });
    byInput[name] = longestStallMs;
    await stack.close();
  }
  const [longestInput, longestStallMs] = Object.entries(byInput).sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  return {
    inputs: Object.keys(INPUTS).length,
    largestChars: SIZE,
    longestStallMs,
    longestInput,
    overBudget: Object.values(byInput).filter((ms) => ms > STALL_BUDGET_MS).length,
    byInput,
  };
}

/**
 * A forget at scale, with the event loop watched: a user with 1,000 of the 50,000 facts in a file, and 300 exchanges
 * in a thread where another user spoke as often (every turn of theirs sits between two that stay).
 */
export async function forgetStalls(path: string): Promise<{
  facts: number;
  turns: number;
  totalMs: number;
  longestStallMs: number;
}> {
  const store = sqliteStore({ path });
  const texts = syntheticFacts(50_000);
  store.database.exec('BEGIN');
  for (const [index, text] of texts.entries()) {
    await store.facts.insert(
      { agentId: 'bot', userId: index % 50 === 0 ? 'gone' : `u${index % 7}` },
      {
        text,
        hash: `h${index}`,
        sourceSessionKey: null,
        sourceTurnId: null,
        source: 'api',
        context: texts[(index + 1) % texts.length],
        at: new Date(),
      },
    );
  }
  const session = { key: 'thread', uuid: 'u', agentId: 'bot', channelId: null, threadId: 'team' };
  for (let index = 0; index < 600; index += 1) {
    await store.sessions.appendExchange({
      session,
      userId: index % 2 === 0 ? 'gone' : 'stays',
      user: { text: texts[index] ?? '', tokens: 20 },
      assistant: { text: texts[index + 600] ?? '', tokens: 20 },
      taskSource: index === 0,
      injectedFactIds: [],
      at: new Date(),
    });
  }
  store.database.exec('COMMIT');
  const { result, totalMs, longestStallMs } = await measureLongestStall(() =>
    store.forget({ agentId: 'bot', userId: 'gone' }),
  );
  await store.close();
  return { facts: result.facts, turns: result.turns, totalMs, longestStallMs };
}
