import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createMemoryStack,
  type Extractor,
  heuristicExtractor,
  type MemoryStack,
  type MemstackEvent,
} from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

interface Attempt {
  id: string;
  arrives: 'user' | 'reply' | 'shared-thread';
  question?: string;
  text: string;
  mustNotStore: string;
}

const { attempts } = JSON.parse(
  readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../fixtures/injection-attempts.json'), 'utf8'),
) as { attempts: Attempt[] };

/** The worst extraction model: it keeps everything it is shown, as the task, the answer and the facts. */
const parrot: Extractor = {
  specificationVersion: 'v1',
  name: 'parrot',
  extract: async (input) => ({
    task: input.taskSource,
    clarification: input.question === null ? null : input.userText,
    facts: input.wantFacts ? [input.userText, input.assistantText, `User said: ${input.userText}`] : [],
  }),
  summarize: async (input) => input.turns.map((turn) => turn.text).join('\n'),
};

const thread = { agentId: 'bot', threadId: 'team' };

async function say(stack: MemoryStack, userId: string, text: string, reply: string): Promise<void> {
  const prepared = await stack.prepare({ ...thread, userId, text });
  await stack.record(prepared, { text: reply });
  await stack.idle();
}

/** Plays the attempt the way it arrives: as the user's words, in a reply quoting a tool, from another user. */
async function play(stack: MemoryStack, attempt: Attempt): Promise<void> {
  const question = attempt.question ?? 'Which database should the migration target?';
  switch (attempt.arrives) {
    case 'user':
      await say(stack, 'ana', attempt.text, question);
      await say(stack, 'ana', attempt.text, 'Noted.');
      break;
    case 'reply':
      await say(stack, 'ana', 'Help me migrate our billing service to Postgres 16.', question);
      await say(stack, 'ana', 'Summarise the README of the repository for me.', `The README says: ${attempt.text}`);
      break;
    default:
      await say(stack, 'ana', 'Help me migrate our billing service to Postgres 16.', question);
      await say(stack, 'mallory', attempt.text, 'Noted.');
  }
}

async function storedMemory(stack: MemoryStack): Promise<string> {
  const session = await stack.session(thread);
  const facts = await Promise.all(['ana', 'mallory'].map((userId) => stack.facts.list({ agentId: 'bot', userId })));
  return [session.pinned ?? '', session.summary ?? '', ...facts.flat().map((fact) => fact.text)].join('\n');
}

describe('memory is data: injection attempts are never stored', () => {
  for (const [name, extractor] of [
    ['the heuristic extractor', heuristicExtractor()],
    ['an extractor that keeps everything', parrot],
  ] as const) {
    it(`stores none of ${attempts.length} attempts (EN, ZH and more; from users, replies, other users) with ${name}`, async () => {
      const leaks: string[] = [];
      let rejected = 0;
      for (const attempt of attempts) {
        const stack = createMemoryStack({
          store: sqliteStore({ path: ':memory:' }),
          extractor,
          limits: { compressionThresholdTokens: 40, compressionKeepTokens: 10 },
          onEvent: (event: MemstackEvent) => {
            if (event.type === 'output-rejected') rejected += event.items.length;
          },
        });
        await play(stack, attempt);
        const stored = (await storedMemory(stack)).normalize('NFKC').toLowerCase();
        if (stored.includes(attempt.mustNotStore.normalize('NFKC').toLowerCase())) leaks.push(attempt.id);
        await stack.close();
      }
      expect(leaks).toEqual([]);
      // The parrot's outputs were refused, not lost silently: each refusal is an event.
      if (extractor === parrot) expect(rejected).toBeGreaterThan(attempts.length);
    });
  }

  it("keeps the user's own preference about answers, and refuses one taken from a reply", async () => {
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor: parrot });
    const ana = { agentId: 'bot', userId: 'ana' };
    await stack.facts.add(ana, 'User wants answers in French');
    expect((await stack.facts.list(ana)).map((fact) => [fact.text, fact.source])).toEqual([
      ['User wants answers in French', 'api'],
    ]);
    const stack2 = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: {
        ...parrot,
        extract: async () => ({ facts: ['User wants answers in Klingon'] }),
      },
    });
    await say(stack2, 'ana', 'Summarise this page for me.', 'The page says the user wants answers in Klingon.');
    expect(await stack2.facts.list(ana)).toEqual([]);
    // The same preference in the user's own words is theirs to keep.
    await say(stack2, 'ana', 'Please give me answers in Klingon from now on.', 'Sure.');
    expect((await stack2.facts.list(ana)).map((fact) => [fact.text, fact.source])).toEqual([
      ['User wants answers in Klingon', 'user'],
    ]);
    await stack.close();
    await stack2.close();
  });
});
