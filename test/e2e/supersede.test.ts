import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStack, llmExtractor, type MemoryStack, type MemstackEvent } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';

const alice = { agentId: 'assistant', userId: 'alice', threadId: 'chat' };
const scope = { agentId: 'assistant', userId: 'alice' };

/** One extraction response: the facts, and no `supersedes` field (the rule must find the old fact by itself). */
const facts = (...texts: string[]): string => JSON.stringify({ task: null, clarification: null, facts: texts });

/** One extraction response that answers what its facts replace: trusted on the facts the extractor was shown. */
const judged = (supersedes: number[], ...texts: string[]): string =>
  JSON.stringify({ task: null, clarification: null, facts: texts, supersedes });

describe('a newer fact about the same subject supersedes the older one', () => {
  let stack: MemoryStack;
  let events: MemstackEvent[];
  afterEach(async () => {
    await stack.close();
  });

  const turn = async (text: string, reply = 'Noted.'): Promise<void> => {
    const prepared = await stack.prepare({ ...alice, text });
    await stack.record(prepared, { text: reply });
    await stack.idle();
  };
  const listed = async (): Promise<string[]> => (await stack.facts.list(scope)).map((fact) => fact.text);

  it('forgets "lives in Paris" once the user says they moved to Berlin, even unflagged by the extractor', async () => {
    const model = scriptedCompletionModel([
      facts('User lives in Paris'),
      judged([], 'User visited Berlin last week'),
      // The extractor answers "replaces nothing" about what it was shown; it was never shown the Paris fact.
      judged([], 'User moved to Berlin'),
    ]);
    events = [];
    stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: llmExtractor({ model }),
      onEvent: (event) => events.push(event),
    });

    await turn('I live in Paris, by the way.');
    const paris = (await stack.facts.list(scope))[0]?.id;
    await turn('I visited Berlin last week, what a city.');
    // A visit is no move: both facts stand.
    expect(await listed()).toEqual(['User lives in Paris', 'User visited Berlin last week']);

    await turn('Big news: I moved to Berlin last month!', 'Congratulations on the move!');
    // The extractor was not shown the Paris fact (the message shares no word with it), and flagged nothing.
    expect(model.calls[2]?.prompt).not.toContain('User lives in Paris');
    expect(await listed()).toEqual(['User visited Berlin last week', 'User moved to Berlin']);
    const berlin = (await stack.facts.list(scope)).at(-1)?.id;
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'fact-superseded', factId: paris, byFactId: berlin }),
    );
    expect(events.filter((event) => event.type === 'fact-superseded')).toHaveLength(1);

    expect((await stack.facts.search(scope, 'Paris')).map((fact) => fact.text)).toEqual([]);
    const prepared = await stack.prepare({ ...alice, text: 'Where do I live? Paris or Berlin?' });
    expect(prepared.facts.map((fact) => fact.text)).not.toContain('User lives in Paris');
    expect(prepared.facts.map((fact) => fact.text)).toContain('User moved to Berlin');
  });

  it('replaces npm with pnpm after "we switched from npm to pnpm", and in Chinese', async () => {
    const model = scriptedCompletionModel([
      facts('The project uses npm'),
      facts('用户住在上海'),
      facts('User switched from npm to pnpm'),
      facts('用户搬到了深圳'),
    ]);
    stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor: llmExtractor({ model }) });

    await turn('Our project uses npm for everything.');
    await turn('我住在上海。');
    await turn('We switched from npm to pnpm yesterday.');
    expect(await listed()).toEqual(['用户住在上海', 'User switched from npm to pnpm']);
    const prepared = await stack.prepare({ ...alice, text: 'Which package manager: npm or pnpm?' });
    expect(prepared.facts.map((fact) => fact.text)).toEqual(['User switched from npm to pnpm']);

    await turn('我上个月搬到了深圳。');
    expect(await listed()).toEqual(['User switched from npm to pnpm', '用户搬到了深圳']);
  });

  it('works with the offline heuristic extractor, and keeps a qualified fact beside the general one', async () => {
    stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });

    await turn('Our project uses npm.');
    await turn('We use pnpm for monorepos.');
    expect(await listed()).toEqual(["User's project uses npm", "User's team uses pnpm for monorepos"]);

    await turn('Our project now uses yarn instead of npm.');
    expect(await listed()).toEqual([
      "User's team uses pnpm for monorepos",
      "User's project now uses yarn instead of npm",
    ]);
    const prepared = await stack.prepare({ ...alice, text: 'Should I run npm install or yarn install?' });
    expect(prepared.facts.map((fact) => fact.text)).not.toContain("User's project uses npm");
  });

  it("trusts an extractor's supersedes on the facts it was shown, even empty, over the word rules", async () => {
    const model = scriptedCompletionModel([
      facts('The project uses npm'),
      // Shown "The project uses npm" (the message names npm), the extractor judges that nothing is replaced (the
      // switch was for the user's side project): the word rule, which would replace it, does not overrule that.
      judged([], 'User switched from npm to pnpm for a side project'),
    ]);
    stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor: llmExtractor({ model }) });

    await turn('Our project uses npm for everything.');
    await turn('We switched from npm to pnpm, on my side project.');
    expect(model.calls[1]?.prompt).toContain('The project uses npm');
    expect(await listed()).toEqual(['The project uses npm', 'User switched from npm to pnpm for a side project']);

    // The same turn answered with the id: the fact goes.
    const npm = (await stack.facts.list(scope))[0]?.id as number;
    const second = scriptedCompletionModel([judged([npm], 'User switched from npm to pnpm')]);
    await stack.close();
    stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor: llmExtractor({ model: second }) });
    await stack.facts.add(scope, 'The project uses npm');
    const id = (await stack.facts.list(scope))[0]?.id as number;
    expect(id).toBe(npm);
    await turn('We switched from npm to pnpm.');
    expect(await listed()).toEqual(['User switched from npm to pnpm']);
  });
});
