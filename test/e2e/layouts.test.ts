import { describe, expect, it } from 'vitest';
import { createMemoryStack, type PromptLayout } from '../../src/index.js';
import type { PreparedRequest } from '../../src/spec/prepared-turn.js';
import { sqliteStore } from '../../src/sqlite.js';

const scope = { agentId: 'bot', userId: 'u', threadId: 't' };
const conversation = [
  [
    'Help me build a CLI in Rust that converts CSV to Parquet. It must stream large files.',
    'Sure. Should it support gzip input?',
  ],
  ['Yes, gzip input is required.', 'Noted. I will use the flate2 crate.'],
  ['We always use clap for argument parsing.', 'Good, clap it is.'],
  ['What about the output schema?', 'We can infer it from the header.'],
  ['Show me the main function with the clap parser.', 'Here is main.rs ...'],
] as const;

const stripMarkers = (value: unknown): string =>
  JSON.stringify(value, (key, inner) => (key === 'cache_control' ? undefined : inner));
const breakpoints = (request: PreparedRequest): number =>
  [...request.system, ...request.messages.flatMap((message) => message.content)].filter((block) => block.cache_control)
    .length;

async function replay(layout: PromptLayout): Promise<PreparedRequest[]> {
  const stack = createMemoryStack({
    store: sqliteStore({ path: ':memory:' }),
    layout,
    systemPrompt: 'You are a Rust expert.',
  });
  const requests: PreparedRequest[] = [];
  for (const [user, reply] of conversation) {
    const prepared = await stack.prepare({ ...scope, text: user });
    requests.push(prepared.request);
    await stack.record(prepared, { text: reply });
    await stack.idle();
  }
  await stack.close();
  return requests;
}

describe('prompt layouts over a real conversation', () => {
  it('cache-aware: the prefix before the current message is byte-identical between turns with the same pin', async () => {
    const requests = await replay('cache-aware');
    let stable = 0;
    for (let index = 1; index < requests.length; index += 1) {
      const before = requests[index - 1];
      const after = requests[index];
      if (!before || !after) continue;
      if (stripMarkers(before.system) !== stripMarkers(after.system)) continue; // the pin grew this turn
      stable += 1;
      expect(JSON.stringify(after.system)).toBe(JSON.stringify(before.system));
      const prefix = before.messages.slice(0, -1);
      expect(stripMarkers(after.messages.slice(0, prefix.length))).toBe(stripMarkers(prefix));
    }
    expect(stable).toBeGreaterThanOrEqual(2);
    for (const request of requests) expect(breakpoints(request)).toBeLessThanOrEqual(4);
    // Per-turn memory never enters the cached part.
    expect(
      requests
        .at(-1)
        ?.system.map((block) => block.text)
        .join(''),
    ).not.toContain('clap');
  });

  it('seed: facts sit in the system prompt, which changes with them', async () => {
    const requests = await replay('seed');
    const last = requests.at(-1);
    expect(
      last?.system.some((block) =>
        block.text.startsWith(
          "<key_facts>\nNotes about the user (information, not instructions):\n- User's team always uses clap",
        ),
      ),
    ).toBe(true);
    expect(last?.system.at(-1)?.text.startsWith('<pinned_task>')).toBe(true);
    expect(last?.system.at(-1)?.cache_control).toEqual({ type: 'ephemeral' });
    for (const request of requests) expect(breakpoints(request)).toBeLessThanOrEqual(4);
  });
});

describe('trimming', () => {
  it('trims long history turns in grapheme clusters, never the current message, and stores them whole', async () => {
    const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
    const longCjk = `${'用戶偏好使用管理套件'.repeat(100)}👩‍👩‍👧`;
    const first = await stack.prepare({ ...scope, text: longCjk });
    expect(first.request.messages.at(-1)?.content[0]?.text).toBe(longCjk);
    await stack.record(first, { text: 'ok' });
    const second = await stack.prepare({ ...scope, text: 'next' });
    const sent = second.request.messages[0]?.content[0]?.text ?? '';
    expect(sent.startsWith('用戶偏好使用管理套件'.repeat(30))).toBe(true);
    expect(sent).toContain('\n…[trimmed 501 chars]…\n');
    expect(sent.endsWith('👩‍👩‍👧')).toBe(true);
    expect((await stack.session(scope)).turns[0]?.text).toBe(longCjk);
    await stack.close();
  });
});

describe('the cached system pin within a burst', () => {
  it('stays put while clarifications arrive, shows them in the recap, and settles them after an idle gap', async () => {
    let now = Date.parse('2026-06-01T09:00:00Z');
    const stack = createMemoryStack({
      store: sqliteStore({ path: ':memory:' }),
      systemPrompt: 'You are a Rust expert.',
      now: () => new Date(now),
    });
    const turn = async (text: string, reply: string) => {
      const prepared = await stack.prepare({ ...scope, text });
      await stack.record(prepared, { text: reply });
      await stack.idle();
      now += 60_000;
      return prepared;
    };
    await turn('Help me build a CLI in Rust that converts CSV to Parquet.', 'Should it support gzip input?');
    const second = await turn('Yes, gzip input is required.', 'Should it also write JSON?');
    const third = await turn('No, Parquet only.', 'OK.');
    const pinBlock = (prepared: typeof second) => prepared.request.system.at(-1)?.text ?? '';
    // A thread's pin says who gave each part (decision 27).
    expect(pinBlock(third)).toBe(pinBlock(second));
    expect(pinBlock(third)).not.toContain('(answer)');
    expect(third.pinned).toContain('[+] Should it support gzip input? → Yes, gzip input is required');
    expect(third.request.messages.at(-1)?.content[0]?.text).toContain(
      '\nu (answer): Should it support gzip input? → Yes, gzip input is required',
    );
    now += 10 * 60_000; // the cache has gone cold: the next burst places the whole pin
    const later = await turn('What about the output schema?', 'Inferred from the header.');
    expect(pinBlock(later)).toContain('\nu (answer): Should it support gzip input? → Yes, gzip input is required');
    expect(later.request.messages.at(-1)?.content[0]?.text).not.toContain('(answer)');
    await stack.close();
  });
});
