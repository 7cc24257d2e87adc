import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStack, llmExtractor, type MemoryStack } from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';

const alice = { agentId: 'bot', userId: 'alice', threadId: 'pets' };

describe('a fact is searched with the exchange it was drawn from', () => {
  let stack: MemoryStack | undefined;
  afterEach(async () => {
    await stack?.close();
  });

  it("finds a fact by the words of the user's message and of the question it answered, even after a long reply", async () => {
    const model = scriptedCompletionModel([
      JSON.stringify({ task: null, clarification: null, facts: [] }),
      JSON.stringify({ task: null, clarification: null, facts: ['User adopted a dog named Ned'] }),
    ]);
    stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor: llmExtractor({ model }) });
    const first = await stack.prepare({ ...alice, text: 'I want to plan my week around my new routine.' });
    // A long reply ending in a question: the next message answers it.
    await stack.record(first, {
      text: `${'Here is a detailed plan for the week. '.repeat(150)}Which shelter did you visit?`,
    });
    await stack.idle();
    const second = await stack.prepare({ ...alice, text: 'The one in Stamford, we adopted a dog and called him Ned.' });
    await stack.record(second, { text: 'Congratulations on adopting Ned!' });
    await stack.idle();

    const scope = { agentId: 'bot', userId: 'alice' };
    expect((await stack.facts.list(scope)).map((fact) => fact.text)).toEqual(['User adopted a dog named Ned']);
    // "Stamford" is only in the user's message; "shelter" only at the end of the long reply before it.
    expect((await stack.facts.search(scope, 'Where is Stamford?')).map((fact) => fact.text)).toEqual([
      'User adopted a dog named Ned',
    ]);
    expect((await stack.facts.search(scope, 'which shelter')).map((fact) => fact.text)).toEqual([]);
    // The fact's own words still rank it as before.
    expect((await stack.facts.search(scope, 'dog')).map((fact) => fact.text)).toEqual(['User adopted a dog named Ned']);
  });
});
