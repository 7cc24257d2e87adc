import { createMemoryStack, llmExtractor, type MemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { type ScriptedResponse, scriptedCompletionModel } from '../../src/testing.js';

/** Stored text that would be markup if a page parsed it: it must show as these very characters. */
export const MARKUP_FACT = 'User tests the signup form with <img src=x onerror=alert(1)></script> as the name';
export const MARKUP_MESSAGE = 'Is </script><img src=x onerror=alert(2)> escaped in the name field?';

const extraction = (
  task: string | null,
  facts: string[],
  options: { clarification?: string; supersedes?: number[] } = {},
): string =>
  JSON.stringify({
    task,
    clarification: options.clarification ?? null,
    facts,
    supersedes: options.supersedes ?? [],
  });

export interface InspectorScenario {
  stack: MemoryStack;
  /** Alice's private session (prepare): a pin with a clarification, facts with markup, one superseded. */
  aliceKey: string;
  /** A thread bob and carol share (decorate, caller-owned conversation). */
  threadKey: string;
  /** Advances the fake clock. */
  tick(minutes: number): void;
}

/**
 * A file with a few users: alice's private session (a task, then her answer to the model's question pinned as a
 * clarification, facts, one holding markup, one superseded by a later one), and a thread shared by bob and carol
 * through `decorate`. Every extraction is scripted; each turn waits for its own.
 */
export async function seedInspectorScenario(path: string): Promise<InspectorScenario> {
  let clock = Date.parse('2026-11-02T09:00:00Z');
  let stack: MemoryStack | undefined;
  const pnpmId = async (): Promise<number[]> => {
    const facts = await stack?.facts.list({ agentId: 'assistant', userId: 'alice' });
    return facts?.filter((fact) => fact.text === 'User prefers pnpm').map((fact) => fact.id) ?? [];
  };
  const responses: ScriptedResponse[] = [
    extraction('Migrate the billing service to Postgres', ['User deploys on Fly.io', 'User prefers pnpm', MARKUP_FACT]),
    extraction(null, ['User runs Postgres 16 in production'], { clarification: 'Use Postgres 16' }),
    async () => extraction(null, ['User prefers npm workspaces'], { supersedes: await pnpmId() }),
    extraction(null, []),
    extraction('Fix the flaky checkout tests', ['User runs the tests with Vitest']),
    extraction(null, ['User lives in Lisbon']),
  ];
  stack = createMemoryStack({
    store: sqliteStore({ path }),
    extractor: llmExtractor({ model: scriptedCompletionModel(responses) }),
    now: () => new Date(clock),
  });
  const tick = (minutes: number): void => {
    clock += minutes * 60_000;
  };
  const alice = { agentId: 'assistant', userId: 'alice' };

  const first = await stack.prepare({
    ...alice,
    text: 'Help me migrate the billing service to Postgres. We deploy on Fly.io.',
  });
  await stack.record(first, {
    text: 'Which Postgres version?',
    usage: { inputTokens: 900, cacheCreationInputTokens: 1200, outputTokens: 8 },
  });
  await stack.idle();
  tick(1);
  const second = await stack.prepare({ ...alice, text: 'Postgres 16. How do we deploy it on Fly.io?' });
  await stack.record(second, {
    text: 'With fly deploy, after a pg_dump.',
    usage: { inputTokens: 60, cacheReadInputTokens: 2000, outputTokens: 12 },
  });
  await stack.idle();
  tick(1);
  const third = await stack.prepare({ ...alice, text: 'We moved from pnpm to npm workspaces last week.' });
  await stack.record(third, { text: 'Noted: npm workspaces.', usage: { inputTokens: 2200, outputTokens: 6 } });
  await stack.idle();
  tick(10);
  const fourth = await stack.prepare({ ...alice, text: MARKUP_MESSAGE });
  await stack.record(fourth, { text: 'Yes: </script> stays text.', usage: { inputTokens: 2300 } });
  await stack.idle();
  tick(1);

  const thread = { agentId: 'assistant', channelId: 'support', threadId: 'checkout-7' };
  const messages: Array<{ role: 'user' | 'assistant'; content: string }> = [
    { role: 'user', content: 'Help me fix the flaky checkout tests. We run them with Vitest.' },
  ];
  const bobTurn = await stack.decorate({ ...thread, userId: 'bob', system: 'You fix tests.', messages });
  await stack.record(bobTurn, { text: 'Which test fails most?', usage: { inputTokens: 400, outputTokens: 5 } });
  await stack.idle();
  tick(1);
  messages.push({ role: 'assistant', content: 'Which test fails most?' });
  messages.push({ role: 'user', content: 'The payment one. I am carol, I live in Lisbon.' });
  const carolTurn = await stack.decorate({ ...thread, userId: 'carol', system: 'You fix tests.', messages });
  await stack.record(carolTurn, { text: 'Then mock the clock.', usage: { inputTokens: 500, outputTokens: 5 } });
  await stack.idle();
  return { stack, aliceKey: first.session.key, threadKey: bobTurn.session.key, tick };
}

/** Characters that vary, so that the memory gate does not take a long run for repetitive junk. */
const unbroken = (length: number, seed = 7): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let state = seed;
  let text = '';
  for (let index = 0; index < length; index += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    text += alphabet[state % alphabet.length];
  }
  return text;
};

/** A 4,096-character user id, the longest accepted. */
export const LONG_USER = `user-${unbroken(4091)}`;
/** A user whose id holds what a session key percent-encodes, and markup. */
export const ENCODED_USER = 'José Ñandú/東京 %41@<b>';
export const RTL_THREAD = '\u202Eevil-thread';
export const LONG_URL = `https://example.com/${unbroken(3000, 11)}`;
export const CJK_RUN = '東京都の新しい請求サービスを移行する'.repeat(60);

export interface HostileScenario {
  stack: MemoryStack;
  /** LONG_USER's private session: long unbroken messages, facts injected, a long pin set by hand. */
  longKey: string;
  encodedKey: string;
  threadKey: string;
}

/**
 * What a reader and an attacker can put in front of the page: a 4,096-character user id, an agent id as long, ids
 * that a key percent-encodes, a right-to-left override in a thread id, markup in a user id, messages and facts with
 * long URLs, unbroken runs and CJK runs, a long pin. No job runs (they stay queued, for the jobs view).
 */
export async function seedHostileScenario(path: string): Promise<HostileScenario> {
  let clock = Date.parse('2026-11-02T09:00:00Z');
  const stack = createMemoryStack({ store: sqliteStore({ path }), runJobs: false, now: () => new Date(clock) });
  const long = { agentId: 'assistant', userId: LONG_USER };
  await stack.facts.add(long, 'User deploys the billing service on Fly.io');
  await stack.facts.add(long, `User reads the billing docs at ${LONG_URL.slice(0, 100)}`);
  await stack.facts.add(
    long,
    '用户的账单服务部署在东京的数据中心，每周五晚上发布新版本，并且使用十六版的数据库作为主数据库。',
  );
  await stack.facts.add(long, 'User deploys previews on Fly.io machines');
  const messages = [
    `Where do we deploy the billing service on Fly.io? The spec: ${LONG_URL}`,
    `${CJK_RUN}？`,
    unbroken(4000, 3),
    'שלום, where do we deploy the billing previews on Fly.io machines?',
  ];
  let longKey = '';
  for (const text of messages) {
    const prepared = await stack.prepare({ ...long, text });
    longKey = prepared.session.key;
    await stack.record(prepared, {
      text: `${unbroken(600, text.length)} ${LONG_URL}`,
      usage: { inputTokens: 500, cacheReadInputTokens: 1000, outputTokens: 20 },
    });
    clock += 60_000;
  }
  await stack.setPin(
    long,
    `Migrate the billing service described at ${LONG_URL.slice(0, 150)} to Postgres 16 on Fly.io, keeping its API`,
  );
  const encoded = await stack.prepare({ agentId: 'assistant', userId: ENCODED_USER, text: 'Hello from José.' });
  await stack.record(encoded, { text: 'Hi.' });
  clock += 60_000;
  const thread = await stack.prepare({
    agentId: `agent-${unbroken(4090, 13)}`,
    channelId: 'チーム/東京 #1',
    threadId: RTL_THREAD,
    userId: '<img src=x onerror=alert(3)>',
    text: 'Help me plan the release of the new checkout page.',
  });
  await stack.record(thread, { text: 'Sure.' });
  return { stack, longKey, encodedKey: encoded.session.key, threadKey: thread.session.key };
}
