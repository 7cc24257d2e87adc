import { describe, expect, it } from 'vitest';
import {
  type ChatModel,
  type ChatRequest,
  createMemoryStack,
  type Extractor,
  heuristicExtractor,
  type MemoryStack,
  type MemstackEvent,
  type SummaryInput,
} from '../../src/index.js';
import { sqliteStore } from '../../src/sqlite.js';

/** A thread's pin is framed as its participants' words (decision 27). */
const FRAME = "Participants' words (what they asked for, not instructions from the operator):";

const scope = { agentId: 'bot', userId: 'u', threadId: 't' };
const limits = { compressionThresholdTokens: 300, compressionKeepTokens: 60, extractionTimeoutMs: 2000 };

/** The heuristic extractor, with a summariser the test controls. */
function extractorWith(summarize: (input: SummaryInput) => Promise<string>): Extractor & { summaries: SummaryInput[] } {
  const base = heuristicExtractor();
  const summaries: SummaryInput[] = [];
  return {
    ...base,
    summaries,
    summarize: async (input) => {
      summaries.push(input);
      return summarize(input);
    },
  };
}

async function talk(stack: MemoryStack, from: number, to: number): Promise<void> {
  for (let index = from; index < to; index += 1) {
    const prepared = await stack.prepare({
      ...scope,
      text: `Message ${index}: tell me more about step ${index} of the rollout plan for the billing service.`,
    });
    await stack.record(prepared, {
      text: `Reply ${index}: step ${index} moves one region of the billing service to the new cluster and checks the dashboards.`,
    });
    await stack.idle();
  }
}

describe('compression', () => {
  it('summarises the older turns into the system prompt, keeps the recent ones, and leaves the pin alone', async () => {
    const events: MemstackEvent[] = [];
    const extractor = extractorWith(
      async (input) => `Summary of ${input.turns.length} turns: steps 0 onwards were planned.`,
    );
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor,
      limits,
      onEvent: (event) => events.push(event),
    });
    const first = await stack.prepare({
      ...scope,
      text: 'Help me plan a zero-downtime rollout of the billing service to the new cluster.',
    });
    await stack.record(first, { text: 'Sure. Let us go region by region.' });
    await stack.idle();
    const pinned = (await stack.session(scope)).pinned;
    expect(pinned).not.toBeNull();

    await talk(stack, 1, 8);
    const compressed = events.find((event) => event.type === 'compressed');
    expect(compressed).toBeDefined();
    const view = await stack.session(scope);
    expect(view.summary).toMatch(/^Summary of \d+ turns/);
    expect(view.pinned).toBe(pinned);

    const next = await stack.prepare({ ...scope, text: 'What is left to do?' });
    const system = next.request.system.map((block) => block.text).join('\n');
    expect(system).toContain(`<conversation_summary>\n## Conversation summary\n${view.summary}`);
    expect(system.endsWith(`<pinned_task>\n${FRAME}\nu (task): ${pinned}\n</pinned_task>`)).toBe(true);
    const history = next.request.messages.slice(0, -1).map((message) => message.content[0]?.text ?? '');
    expect(history.length).toBeGreaterThanOrEqual(4);
    expect(history[0]?.startsWith('Message')).toBe(true);
    expect(history.some((text) => text.startsWith('Help me plan'))).toBe(false);
    expect(history.at(-1)).toMatch(/^Reply 7/);
    // The summarised turns stay stored (archived, not deleted); the summariser saw no task source again.
    expect(view.turns.length).toBeLessThan(16);
    expect(extractor.summaries[0]?.turns[0]?.text.startsWith('Help me plan')).toBe(true);
    await stack.close();
  });

  it('changes nothing when the summary call fails, and tries again on a later turn', async () => {
    const events: MemstackEvent[] = [];
    let fail = true;
    const extractor = extractorWith(async () => {
      if (fail) throw new Error('summariser down');
      return 'They planned the rollout.';
    });
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      extractor,
      limits,
      onEvent: (event) => events.push(event),
    });
    await talk(stack, 0, 8);
    expect(events.some((event) => event.type === 'compression-failed')).toBe(true);
    expect(events.some((event) => event.type === 'compressed')).toBe(false);
    const view = await stack.session(scope);
    expect(view.summary).toBeNull();
    expect(view.turns).toHaveLength(16);
    fail = false;
    await talk(stack, 8, 9);
    expect((await stack.session(scope)).summary).toBe('They planned the rollout.');
    await stack.close();
  });

  it('never loses a turn recorded while the summary is being written', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const summarising = new Promise<void>((resolve) => {
      started = resolve;
    });
    const extractor = extractorWith(async () => {
      started();
      await gate;
      return 'Older turns summarised.';
    });
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor, limits });
    // Record turns without waiting for the background: the first compression blocks on the gate.
    for (let index = 0; index < 8; index += 1) {
      const prepared = await stack.prepare({
        ...scope,
        text: `Message ${index}: tell me more about step ${index} of the rollout plan for the billing service.`,
      });
      await stack.record(prepared, {
        text: `Reply ${index}: step ${index} moves one region of the billing service to the new cluster.`,
      });
    }
    await summarising;
    const during = await stack.prepare({ ...scope, text: 'Recorded during compression: keep the EU region last.' });
    await stack.record(during, { text: 'Noted: EU last.' });
    release();
    await stack.idle();
    const view = await stack.session(scope);
    expect(view.summary).toBe('Older turns summarised.');
    expect(extractor.summaries[0]?.turns.map((turn) => turn.text)).not.toContain(
      'Recorded during compression: keep the EU region last.',
    );
    expect(view.turns.map((turn) => turn.text)).toContain('Recorded during compression: keep the EU region last.');
    const next = await stack.prepare({ ...scope, text: 'Which region is last?' });
    expect(next.request.messages.map((message) => message.content[0]?.text)).toContain(
      'Recorded during compression: keep the EU region last.',
    );
    await stack.close();
  });

  it('tells the chat model the history changed, so a CLI transcript starts a new generation', async () => {
    const versions: Array<number | undefined> = [];
    const model: ChatModel = {
      specificationVersion: 'v1',
      provider: 'recorder',
      modelId: 'r',
      async chat(request: ChatRequest) {
        versions.push(request.historyVersion);
        return { text: `Reply with some words about step ${versions.length} of the plan.`, path: 'api' };
      },
    };
    const extractor = extractorWith(async () => 'Summary.');
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }), extractor, limits });
    for (let index = 0; index < 16; index += 1) {
      await stack.chat(
        { ...scope, text: `Message ${index}: more details on step ${index} of the rollout plan for billing.` },
        model,
      );
      await stack.idle();
    }
    expect(versions[0]).toBe(0);
    expect(versions.at(-1)).toBeGreaterThan(0);
    await stack.close();
  });
});
