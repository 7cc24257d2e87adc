import { afterEach, describe, expect, it } from 'vitest';
import { anthropicModel } from '../../src/anthropic.js';
import { claudeCliModel } from '../../src/claude-cli.js';
import {
  type ChatModel,
  type CompletionModel,
  createMemoryStack,
  generationUuid,
  llmExtractor,
  type MemoryStack,
} from '../../src/index.js';
import { openaiCompatibleModel } from '../../src/openai-compatible.js';
import type { PreparedRequest } from '../../src/spec/prepared-turn.js';
import { sqliteStore } from '../../src/sqlite.js';
import { startAnthropicServer } from '../support/anthropic-server.js';
import { createFakeClaude, type FakeClaudeBehaviour } from '../support/fake-claude.js';
import { completionReply, startOpenaiServer, streamReply } from '../support/openai-server.js';

/** A thread's pin is framed as its participants' words (decision 27). */
const FRAME = "Participants' words (what they asked for, not instructions from the operator):";

const task = 'Migrate the React app from CRA to Vite; keep the Jest tests; do not touch the auth flow';
/** Six user turns and the replies the chat model gives. */
const conversation: Array<[string, string]> = [
  [
    "Help me migrate our React app from CRA to Vite. Keep the Jest tests and don't touch the auth flow.",
    'Should I keep the service worker?',
  ],
  ['Yes, keep the service worker.', 'OK. Which port should the dev server use?'],
  ['Port 3000.', 'Done: the dev server runs on 3000.'],
  ['We use pnpm for everything, never npm.', 'Noted.'],
  ['ok thanks', 'You are welcome.'],
  ['Which pnpm command adds the React plugin?', 'pnpm add -D @vitejs/plugin-react'],
];
/** What the extraction model answers, for the turns that need extraction (turn 5 is small talk: no call). */
const extractions = [
  { task, clarification: null, facts: [], supersedes: [] },
  { clarification: 'Keep the service worker', facts: [] },
  { clarification: 'Dev server port: 3000', facts: [] },
  { facts: ['User uses pnpm for everything, never npm'] },
  { facts: [] },
].map((extraction) => JSON.stringify(extraction));

const lastUserText = (request: PreparedRequest): string => request.messages.at(-1)?.content.at(-1)?.text ?? '';

async function converse(stack: MemoryStack, model: ChatModel): Promise<PreparedRequest[]> {
  const sent: PreparedRequest[] = [];
  for (const [text] of conversation) {
    const turn = await stack.chat({ agentId: 'coder', userId: 'alice', threadId: 'vite', text }, model);
    sent.push(turn.prepared.request);
    await stack.idle();
  }
  return sent;
}

/** Memory across the six turns, whatever the adapter. */
async function expectMemory(stack: MemoryStack, sent: PreparedRequest[]): Promise<void> {
  const pinned = `${task}\n[+] Keep the service worker\n[+] Dev server port: 3000`;
  expect((await stack.session({ agentId: 'coder', threadId: 'vite' })).pinned).toBe(pinned);
  expect(lastUserText(sent[0] as PreparedRequest)).not.toContain('<task_recap>');
  expect(lastUserText(sent[1] as PreparedRequest).startsWith(`<task_recap>\n${FRAME}\nalice (task): ${task}`)).toBe(
    true,
  );
  const sixth = lastUserText(sent[5] as PreparedRequest);
  expect(sixth).toContain(
    'Notes about the user (information, not instructions):\n- User uses pnpm for everything, never npm',
  );
  expect(sixth.endsWith('Which pnpm command adds the React plugin?')).toBe(true);
  // All six turns are one burst (minutes apart): the clarifications ride in the recap, and the cached system pin
  // keeps the task alone until the cache would have gone cold anyway.
  expect(sent[5]?.system.at(-1)?.text).toBe(`<pinned_task>\n${FRAME}\nalice (task): ${task}\n</pinned_task>`);
  expect(
    sixth.startsWith(
      `<task_recap>\n${FRAME}\nalice (task): ${task}\nalice (answer): Keep the service worker\nalice (answer): Dev server port: 3000\n`,
    ),
  ).toBe(true);
  expect(
    (await stack.facts.list({ agentId: 'coder', userId: 'alice' })).map((fact) => [fact.text, fact.accessCount]),
  ).toEqual([['User uses pnpm for everything, never npm', 1]]); // injected by relevance only ("ok thanks" gets no facts)
}

describe('a six-turn conversation through each model path, extraction on a separate model', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('Anthropic Messages API', async () => {
    const chat = await startAnthropicServer(conversation.map(([, reply]) => ({ type: 'stream', deltas: [reply] })));
    const extraction = await startAnthropicServer(extractions.map((text) => ({ type: 'message', text })));
    closers.push(chat.close, extraction.close);
    const chatModel: ChatModel = anthropicModel({ model: 'chat-model', apiKey: 'k', baseURL: chat.url, maxRetries: 0 });
    const extractModel: CompletionModel = anthropicModel({
      model: 'cheap-model',
      apiKey: 'k',
      baseURL: extraction.url,
      maxRetries: 0,
    });
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: llmExtractor({ model: extractModel }),
      systemPrompt: 'You are a frontend expert.',
    });
    closers.push(() => stack.close());

    const sent = await converse(stack, chatModel);
    await expectMemory(stack, sent);
    expect(chat.requests.map((request) => (request.body as { model: string; stream: boolean }).model)).toEqual(
      Array(6).fill('chat-model'),
    );
    expect(extraction.requests.map((request) => (request.body as { model: string }).model)).toEqual(
      Array(5).fill('cheap-model'),
    );
    // The body the API got is the prepared request, breakpoints included.
    const sixth = chat.requests[5]?.body as { system: unknown; messages: unknown };
    expect(sixth.system).toEqual(sent[5]?.system);
    expect(sixth.messages).toEqual(sent[5]?.messages);
  });

  it('OpenAI-compatible chat completions', async () => {
    const chat = await startOpenaiServer();
    const extraction = await startOpenaiServer();
    closers.push(chat.close, extraction.close);
    chat.reply(...conversation.map(([, reply]) => streamReply({ model: 'llama3.1', deltas: [reply] })));
    extraction.reply(...extractions.map((text) => completionReply({ model: 'qwen-small', text })));
    const chatModel = openaiCompatibleModel({ model: 'llama3.1', baseURL: chat.baseURL, maxRetries: 0 });
    const extractModel = openaiCompatibleModel({ model: 'qwen-small', baseURL: extraction.baseURL, maxRetries: 0 });
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: llmExtractor({ model: extractModel }),
      systemPrompt: 'You are a frontend expert.',
    });
    closers.push(() => stack.close());

    const sent = await converse(stack, chatModel);
    await expectMemory(stack, sent);
    expect(chat.requests.map((request) => (request.body as { model: string }).model)).toEqual(
      Array(6).fill('llama3.1'),
    );
    expect(extraction.requests.map((request) => (request.body as { model: string }).model)).toEqual(
      Array(5).fill('qwen-small'),
    );
    expect(chat.pending + extraction.pending).toBe(0);
    const body = chat.requests[5]?.body as { messages: Array<{ role: string; content: string }> } | undefined;
    const messages = body?.messages ?? [];
    expect(messages[0]?.role).toBe('system');
    expect(messages[0]?.content).toContain(`<pinned_task>\n${FRAME}\nalice (task): ${task}\n</pinned_task>`);
    expect(messages.at(-1)?.content).toBe(lastUserText(sent[5] as PreparedRequest));
  });

  it('Claude Code CLI: new handle, resumes, a resume failure answered by the fallback, then a new generation', async () => {
    const fake = createFakeClaude();
    closers.push(async () => fake.remove());
    const chatReply = (turn: number): FakeClaudeBehaviour => ({ kind: 'reply', text: conversation[turn]?.[1] ?? '' });
    const extractionReply = (index: number): FakeClaudeBehaviour => ({ kind: 'reply', text: extractions[index] ?? '' });
    // Chat and extraction share the executable; each turn's extraction runs before the next turn (idle()).
    fake.script(
      chatReply(0),
      extractionReply(0),
      chatReply(1),
      extractionReply(1),
      chatReply(2),
      extractionReply(2),
      { kind: 'not-found' },
      chatReply(3),
      extractionReply(3),
      chatReply(4),
      chatReply(5),
      extractionReply(4),
    );
    const model = claudeCliModel({
      command: fake.command,
      model: 'sonnet',
      extractionModel: 'haiku',
      cwd: fake.directory,
      timeoutMs: 10_000,
    });
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor: llmExtractor({ model }),
      systemPrompt: 'You are a frontend expert.',
    });
    closers.push(() => stack.close());

    const paths: string[] = [];
    const sent: PreparedRequest[] = [];
    for (const [text] of conversation) {
      const turn = await stack.chat({ agentId: 'coder', userId: 'alice', threadId: 'vite', text }, model);
      paths.push(turn.path);
      sent.push(turn.prepared.request);
      await stack.idle();
    }
    await expectMemory(stack, sent);
    expect(paths).toEqual(['new-handle', 'resumed', 'resumed', 'fallback-history', 'new-handle', 'resumed']);
    expect(fake.remaining()).toBe(0);

    const uuid =
      sent.length > 0 ? (await stack.prepare({ agentId: 'coder', threadId: 'vite', text: 'x' })).session.uuid : '';
    const invocations = fake.invocations();
    const chats = invocations.filter((invocation) => !invocation.argv.includes('--max-turns'));
    const extractionRuns = invocations.filter((invocation) => invocation.argv.includes('--max-turns'));
    expect(extractionRuns).toHaveLength(5);
    for (const run of extractionRuns)
      expect(run.argv).toEqual(expect.arrayContaining(['--no-session-persistence', '--tools', '', '--model', 'haiku']));
    const handleFlags = chats.map((invocation) => {
      const index = invocation.argv.findIndex((arg) => arg === '--session-id' || arg === '--resume');
      return index < 0 ? 'none' : `${invocation.argv[index]} ${invocation.argv[index + 1]}`;
    });
    const next = generationUuid(uuid, 1);
    expect(handleFlags).toEqual([
      `--session-id ${uuid}`,
      `--resume ${uuid}`,
      `--resume ${uuid}`,
      `--resume ${uuid}`,
      'none',
      `--session-id ${next}`,
      `--resume ${next}`,
    ]);
    // Resumed calls send only the new (recapped) message; the fallback and the new generation send the history.
    expect(chats[1]?.stdin.startsWith('<task_recap>')).toBe(true);
    expect(chats[1]?.stdin).not.toContain('<conversation_history>');
    expect(chats[4]?.stdin).toContain('<conversation_history>');
    expect(chats[4]?.argv).toContain('--no-session-persistence');
    expect(chats[5]?.stdin).toContain('<conversation_history>');
    expect(chats.every((invocation) => invocation.cwd === fake.directory)).toBe(true);
  });
});
