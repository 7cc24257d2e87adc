import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AnthropicMessage,
  createMemoryStack,
  type DecoratedTurn,
  InvalidInputError,
  llmExtractor,
  type MemoryStack,
  MemstackError,
  type OpenaiMessage,
} from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';
import { scriptedCompletionModel } from '../../src/testing.js';
import { extractionReply as extraction } from '../support/extraction-reply.js';

const alice = { agentId: 'assistant', userId: 'alice', threadId: 'decorate' };
const EPHEMERAL = { type: 'ephemeral' } as const;

describe('stack.decorate: memory around a conversation the caller owns', () => {
  let stack: MemoryStack;
  let store: ReturnType<typeof sqliteStore>;
  afterEach(async () => {
    await stack.close();
  });
  const open = (responses: string[]): void => {
    store = sqliteStore({ path: ':memory:' });
    stack = createMemoryStack({ store, extractor: llmExtractor({ model: scriptedCompletionModel(responses) }) });
  };
  const stored = async () => (await stack.session(alice)).turns.map((turn) => `${turn.role}: ${turn.text}`);

  it('adds the pin and the recap, passes every other block through, and stores each turn once', async () => {
    open([
      extraction('Migrate the billing service to Postgres', ['User deploys on Fly.io']),
      extraction(null, []),
      extraction(null, []),
    ]);
    const system = [{ type: 'text' as const, text: 'You are a careful engineer.', cache_control: EPHEMERAL }];
    const messages: AnthropicMessage[] = [
      { role: 'user', content: 'Help me migrate the billing service to Postgres. We deploy on Fly.io.' },
    ];
    const first = await stack.decorate({ ...alice, system, messages });
    expect(first.session.isNew).toBe(true);
    // Nothing stored yet: no memory to add, the caller's request as it was.
    expect(first.request.system).toEqual(system);
    expect(first.request.messages[0]).toBe(messages[0]);
    await stack.record(first, { text: 'Sure. Which Postgres version?' });
    await stack.idle();

    messages.push({ role: 'assistant', content: [{ type: 'text', text: 'Sure. Which Postgres version?' }] });
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } };
    messages.push({
      role: 'user',
      content: [image, { type: 'text', text: 'Postgres 16, on Fly.io. Schema attached.' }],
    });
    const second = await stack.decorate({ ...alice, system, messages });
    expect(second.pinned).toContain('Migrate the billing service to Postgres');
    expect(second.request.system[0]).toBe(system[0]);
    expect(second.request.system[1]).toEqual({
      type: 'text',
      text: expect.stringContaining('<pinned_task>'),
      cache_control: EPHEMERAL,
    });
    expect(second.request.messages[0]).toBe(messages[0]);
    const current = second.request.messages[2]?.content as Array<{ type: string; text?: string }>;
    expect(current[0]).toBe(image);
    expect(current[1]?.text).toMatch(
      /^<task_recap>\n[\s\S]*User deploys on Fly\.io[\s\S]*<\/task_recap>\n\nPostgres 16/,
    );
    expect(second.facts.map((fact) => fact.text)).toEqual(['User deploys on Fly.io']);
    expect(second.currentTurn).toBe(2);
    expect(second.droppedBreakpoints).toEqual([]);
    expect(second.tokens.memoryShare).toBeGreaterThan(0);
    await stack.record(second, { text: 'Noted: Postgres 16.' });

    // The client resends the whole history every call: only the new turn is stored.
    messages.push({ role: 'assistant', content: 'Noted: Postgres 16.' }, { role: 'user', content: 'Go ahead.' });
    await stack.record(await stack.decorate({ ...alice, system, messages }), { text: 'Starting.' });
    await stack.idle();
    expect(await stored()).toEqual([
      'user: Help me migrate the billing service to Postgres. We deploy on Fly.io.',
      'assistant: Sure. Which Postgres version?',
      'user: Postgres 16, on Fly.io. Schema attached.',
      'assistant: Noted: Postgres 16.',
      'user: Go ahead.',
      'assistant: Starting.',
    ]);

    // A client that edits and drops earlier messages changes nothing stored.
    const edited: AnthropicMessage[] = [
      { role: 'user', content: 'Help me migrate billing to MySQL instead.' },
      { role: 'user', content: 'And one more thing?' },
    ];
    const later = await stack.decorate({ ...alice, system, messages: edited });
    // The history's tail gets a breakpoint, its text unchanged.
    expect(later.request.messages[0]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'Help me migrate billing to MySQL instead.', cache_control: EPHEMERAL }],
    });
    expect((await stored()).length).toBe(6);
  });

  it('records a retried call once, and a repeated message that follows a reply as a new turn', async () => {
    open([extraction('Write the release notes'), extraction(null), extraction(null)]);
    const messages: AnthropicMessage[] = [{ role: 'user', content: 'Write the release notes for v2, please.' }];
    const recorded = await stack.record(await stack.decorate({ ...alice, messages }), { text: 'Here they are.' });
    // The client timed out and sends the same call again.
    const retry = await stack.decorate({ ...alice, messages });
    expect(retry.alreadyRecorded).toBe(true);
    expect(await stack.record(retry, { text: 'Here they are, again.' })).toEqual({
      ...recorded,
      extractionScheduled: false,
      alreadyRecorded: true,
    });

    messages.push({ role: 'assistant', content: 'Here they are.' }, { role: 'user', content: 'continue' });
    await stack.record(await stack.decorate({ ...alice, messages }), { text: 'More notes.' });
    messages.push({ role: 'assistant', content: 'More notes.' }, { role: 'user', content: 'continue' });
    const again = await stack.decorate({ ...alice, messages });
    expect(again.alreadyRecorded).toBe(false);
    await stack.record(again, { text: 'The end.' });
    await stack.idle();
    expect(await stored()).toEqual([
      'user: Write the release notes for v2, please.',
      'assistant: Here they are.',
      'user: continue',
      'assistant: More notes.',
      'user: continue',
      'assistant: The end.',
    ]);
  });

  it('records a tool loop as one exchange when the final answer comes, with the usage of every step', async () => {
    open([extraction('Plan a trip to Lisbon')]);
    const messages: AnthropicMessage[] = [
      { role: 'user', content: 'Plan a trip to Lisbon: what is the weather there?' },
    ];
    const step = await stack.decorate({ ...alice, messages, tools: [{ name: 'weather', cache_control: EPHEMERAL }] });
    const call = { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Lisbon' } };
    const first = await stack.record(step, {
      text: '',
      content: [{ type: 'text', text: 'Let me check.' }, call],
      usage: { inputTokens: 100, outputTokens: 20, cacheReadInputTokens: 1000 },
    });
    expect(first).toEqual({ toolStep: true, steps: 1 });
    expect(await stored()).toEqual([]);

    messages.push({ role: 'assistant', content: [{ type: 'text', text: 'Let me check.' }, call] });
    const result = { type: 'tool_result', tool_use_id: 'toolu_1', content: '21°C and sunny' };
    messages.push({ role: 'user', content: [result] });
    const final = await stack.decorate({ ...alice, messages });
    // The memory stays on the user's turn; the tool results pass through.
    expect(final.currentTurn).toBe(0);
    expect(final.request.messages[2]).toBe(messages[2]);
    const done = await stack.record(final, {
      text: 'It is 21°C and sunny in Lisbon.',
      usage: { inputTokens: 150, outputTokens: 30, cacheReadInputTokens: 1000, cacheCreationInputTokens: 50 },
    });
    expect(done.toolStep).toBe(false);
    await stack.idle();
    expect(await stored()).toEqual([
      'user: Plan a trip to Lisbon: what is the weather there?',
      'assistant: Let me check.\n\nIt is 21°C and sunny in Lisbon.',
    ]);
    if (done.toolStep) throw new Error('unreachable');
    const detail = await store.sessions.readTurn(final.session.key, done.assistantTurnId);
    expect(detail?.usage).toEqual({
      inputTokens: 250,
      outputTokens: 50,
      cacheReadInputTokens: 2000,
      cacheCreationInputTokens: 50,
    });
  });

  it('keeps a client’s <system-reminder> blocks (Claude Code’s) out of the stored turns, and out of turn-finding', async () => {
    open([extraction('Migrate the billing service to Postgres'), extraction(null)]);
    const reminder = (text: string) => ({ type: 'text', text: `<system-reminder>\n${text}\n</system-reminder>` });
    const environment = reminder('# Environment\n - Primary working directory: /home/alice/billing');
    const messages: AnthropicMessage[] = [
      {
        role: 'user',
        content: [
          environment,
          reminder("Today's date is 2026-12-03."),
          { type: 'text', text: 'Help me migrate the billing service to Postgres.' },
        ],
      },
    ];
    await stack.record(await stack.decorate({ ...alice, messages }), { text: 'Which version?' });
    await stack.idle();
    const call = { type: 'tool_use', id: 'toolu_1', name: 'Read', input: { file_path: 'db.ts' } };
    messages.push(
      { role: 'assistant', content: [{ type: 'text', text: 'Which version?' }] },
      { role: 'user', content: [reminder('12000 tokens left'), { type: 'text', text: 'Postgres 16.' }] },
      { role: 'assistant', content: [call] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'export const db' },
          reminder('db.ts changed'),
        ],
      },
    );
    const turn = await stack.decorate({ ...alice, messages });
    // The tool loop's results and their reminder are no turn: the memory goes on the user's message, at its head.
    expect(turn.currentTurn).toBe(2);
    expect(turn.request.messages[4]).toBe(messages[4]);
    const current = turn.request.messages[2]?.content as Array<{ type: string; text?: string }>;
    expect(current[0]?.text).toMatch(/^<task_recap>[\s\S]*Migrate the billing service[\s\S]*<system-reminder>/);
    expect(turn.alreadyRecorded).toBe(false);
    await stack.record(turn, { text: 'Done: db.ts uses Postgres 16.' });
    await stack.idle();
    expect(await stored()).toEqual([
      'user: Help me migrate the billing service to Postgres.',
      'assistant: Which version?',
      'user: Postgres 16.',
      'assistant: Done: db.ts uses Postgres 16.',
    ]);
  });

  it('keeps the caller’s breakpoints and says which of its own the limit of 4 left out', async () => {
    open([extraction('Refactor the parser'), extraction(null)]);
    const messages: AnthropicMessage[] = [{ role: 'user', content: 'Refactor the parser module, please.' }];
    await stack.record(await stack.decorate({ ...alice, messages }), { text: 'Which part first?' });
    await stack.idle();
    const marked = (text: string) => ({ type: 'text' as const, text, cache_control: EPHEMERAL });
    messages.push({ role: 'assistant', content: 'Which part first?' }, { role: 'user', content: 'The lexer.' });
    const decorated = await stack.decorate({
      ...alice,
      system: [marked('one'), marked('two')],
      messages,
      tools: [{ name: 'grep', cache_control: EPHEMERAL }],
    });
    expect(decorated.request.system.slice(0, 2)).toEqual([marked('one'), marked('two')]);
    expect(decorated.request.system[2]?.cache_control).toEqual(EPHEMERAL);
    expect(decorated.droppedBreakpoints).toEqual(['history']);
  });

  it('decorates OpenAI chat messages: the pin after the system messages, the recap on the last user message', async () => {
    open([extraction('Build a CLI for invoices', ['User writes TypeScript']), extraction(null)]);
    const messages: OpenaiMessage[] = [
      { role: 'developer', content: 'Answer briefly.' },
      { role: 'user', content: 'Build a CLI for invoices in TypeScript.' },
    ];
    await stack.record(await stack.decorate({ ...alice, format: 'openai', messages }), {
      text: 'On it. Which runtime?',
    });
    await stack.idle();
    const call = { id: 'call_1', type: 'function', function: { name: 'ls', arguments: '{}' } };
    const image = { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } };
    messages.push(
      { role: 'assistant', content: 'On it. Which runtime?' },
      { role: 'user', content: 'Node 20, the TypeScript CLI.' },
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'tool', tool_call_id: 'call_1', content: 'src/ test/' },
      { role: 'user', content: [{ type: 'text', text: 'Here is the TypeScript layout.' }, image] },
    );
    const decorated = await stack.decorate({ ...alice, format: 'openai', messages });
    const sent = decorated.request.messages;
    expect(sent[0]).toBe(messages[0]);
    expect(sent[1]).toEqual({ role: 'developer', content: expect.stringContaining('<pinned_task>') });
    expect(sent.slice(2, 7)).toEqual(messages.slice(1, 6));
    sent.slice(2, 7).forEach((message, index) => {
      expect(message).toBe(messages[index + 1]);
    });
    expect(decorated.currentTurn).toBe(7);
    const parts = sent[7]?.content as Array<{ type: string; text?: string }>;
    expect(parts[0]?.text).toMatch(/^<task_recap>[\s\S]*User writes TypeScript[\s\S]*Here is the TypeScript layout\.$/);
    expect(parts[1]).toBe(image);
    expect(decorated.droppedBreakpoints).toEqual([]);
  });

  it('recalls stored turns the client no longer sends, never one it shows', async () => {
    store = sqliteStore({ path: ':memory:' });
    stack = createMemoryStack({ store, limits: { turnRecall: 3 } });
    const said = [
      ['The staging database password rotates every Friday.', 'Understood, rotation on Fridays.'],
      ['Lunch options near the office?', 'Try the ramen place.'],
      ['What was the rotation schedule of the staging database again?', 'Fridays.'],
    ];
    const messages: AnthropicMessage[] = [];
    for (const [text, reply] of said) {
      messages.push({ role: 'user', content: text as string });
      await stack.record(await stack.decorate({ ...alice, messages }), { text: reply as string });
      messages.push({ role: 'assistant', content: reply as string });
    }
    await stack.idle();
    const question = { role: 'user' as const, content: 'Remind me: staging database rotation?' };
    // The whole history in view: nothing to recall.
    const full = await stack.decorate({ ...alice, messages: [...messages, question] });
    expect(full.recalled).toEqual([]);
    // The client keeps only its last exchange: the first one comes back, the one in view does not.
    const cut = await stack.decorate({ ...alice, messages: [...messages.slice(4), question] });
    expect(cut.recalled.map((turn) => turn.text).join(' ')).toContain('rotates every Friday');
    expect(cut.recalled.map((turn) => turn.text).join(' ')).not.toContain('What was the rotation schedule');
  });

  it('refuses what is not a conversation with a typed error, whatever it is given (property)', async () => {
    open([]);
    await expect(stack.decorate({ ...alice, messages: [] })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      argument: 'messages',
    });
    await expect(
      stack.decorate({ ...alice, messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x' }] }] }),
    ).rejects.toThrow(InvalidInputError);
    await fc.assert(
      fc.asyncProperty(
        fc.anything(),
        fc.anything(),
        fc.constantFrom('anthropic', 'openai', 'other'),
        async (messages, system, format) => {
          try {
            const decorated = (await stack.decorate({ ...alice, format, system, messages } as never)) as DecoratedTurn;
            expect(Array.isArray(decorated.request.messages)).toBe(true);
          } catch (error) {
            expect(MemstackError.isInstance(error)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(await stored()).toEqual([]);
  });
});
