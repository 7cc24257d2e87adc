import { createMemoryStack, sqliteStore } from '../src/index.js';
import { measureLongestStall } from './input-size.js';

/** What a stall may last before it counts as a failure: "a few hundred milliseconds" at most, on this 2-core machine. */
const STALL_BUDGET_MS = 250;
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
