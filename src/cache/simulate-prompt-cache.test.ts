import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../spec/errors/invalid-input-error.js';
import type { PreparedRequest } from '../spec/prepared-turn.js';
import type { CacheBlock, CacheRequest, CacheRequestResult, CacheTtl } from './cache-request.js';
import { flattenRequest } from './flatten-request.js';
import { simulatePromptCache } from './simulate-prompt-cache.js';

const MINUTE = 60_000;
/** Sonnet's figure, so that the sizes below read like a real prompt. */
const OPTIONS = { minimumCacheableTokens: 1024 };

function block(text: string, tokens: number): CacheBlock {
  return { text, tokens };
}

function marked(text: string, tokens: number, ttl?: CacheTtl): CacheBlock {
  return { text, tokens, cacheControl: ttl ? { ttl } : {} };
}

/**
 * The cache-aware layout in miniature. Breakpoints after 2000, 2500 and 3000 tokens; 3100 in all.
 *   0 base system prompt [bp] 2000 | 1 summary and pin [bp] 500 | 2 earlier question 300 |
 *   3 earlier answer [bp] 200 | 4 current message 100
 */
function layout(changes: { summary?: string; message?: string; messageTokens?: number; ttl?: CacheTtl } = {}) {
  return [
    marked('base system prompt', 2000, changes.ttl),
    marked(changes.summary ?? 'summary and pinned task', 500, changes.ttl),
    block('earlier question', 300),
    marked('earlier answer', 200, changes.ttl),
    block(changes.message ?? 'current message', changes.messageTokens ?? 100),
  ];
}

function at(minutes: number, blocks: readonly CacheBlock[]): CacheRequest {
  return { at: minutes * MINUTE, blocks };
}

const COLD: CacheRequestResult = {
  cacheReadTokens: 0,
  cacheWriteTokens: 3000,
  oneHourCacheWriteTokens: 0,
  uncachedTokens: 100,
  totalTokens: 3100,
  hits: 0,
};
const WARM: CacheRequestResult = { ...COLD, cacheReadTokens: 3000, cacheWriteTokens: 0, hits: 3 };

function throwsInvalidArgument(run: () => unknown): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(InvalidInputError.isInstance(caught)).toBe(true);
  expect((caught as InvalidInputError).code).toBe('INVALID_ARGUMENT');
}

describe('simulatePromptCache: lifetimes', () => {
  it('writes everything up to the last breakpoint on a cold first request; the tail is uncached', () => {
    expect(simulatePromptCache([at(0, layout())], OPTIONS)).toEqual([COLD]);
  });

  it('reads everything up to the last breakpoint when the same request comes a minute later', () => {
    expect(simulatePromptCache([at(0, layout()), at(1, layout())], OPTIONS)).toEqual([COLD, WARM]);
  });

  it('writes it all again after 6 minutes, the 5-minute entries having expired', () => {
    expect(simulatePromptCache([at(0, layout()), at(6, layout())], OPTIONS)).toEqual([COLD, COLD]);
  });

  it('refreshes an entry on each read: 0, 4 and 8 minutes all hit after the first', () => {
    // Without the refresh at 4 minutes, the entries written at 0 would be gone at 8.
    expect(simulatePromptCache([at(0, layout()), at(4, layout()), at(8, layout())], OPTIONS)).toEqual([
      COLD,
      WARM,
      WARM,
    ]);
  });

  it('refreshes the entry a lookback found, though no breakpoint of the reading request sits on it', () => {
    const first = [marked('system', 2000), block('question', 100)];
    // At 4 minutes the breakpoint is on the question; its lookback reads the system entry.
    const longer = [block('system', 2000), marked('question', 100), block('answer', 50)];
    const [, lookedBack, again] = simulatePromptCache([at(0, first), at(4, longer), at(8, first)], OPTIONS);
    expect(lookedBack).toMatchObject({ cacheReadTokens: 2000, cacheWriteTokens: 100 });
    expect(again).toMatchObject({ cacheReadTokens: 2000, cacheWriteTokens: 0 });
  });

  it('refreshes the earlier breakpoints of a request that reads past them, not only the highest hit', () => {
    const changedAnswer = layout();
    changedAnswer[3] = marked('a corrected answer', 200);
    // At 8 minutes the last breakpoint misses; its lookback finds the summary entry, alive thanks to the read at 4.
    const [, , third] = simulatePromptCache([at(0, layout()), at(4, layout()), at(8, changedAnswer)], OPTIONS);
    expect(third).toEqual({ ...COLD, cacheReadTokens: 2500, cacheWriteTokens: 500, hits: 2 });
  });

  it('keeps an entry’s own TTL when a request marks the same prefix with another (a choice: the page is silent)', () => {
    const hour = [marked('system', 2000, '1h'), block('question', 100)];
    const fiveMinutes = [marked('system', 2000, '5m'), block('question', 100)];
    const [, read, later] = simulatePromptCache([at(0, hour), at(30, fiveMinutes), at(70, fiveMinutes)], OPTIONS);
    expect(read).toMatchObject({ cacheReadTokens: 2000, cacheWriteTokens: 0 });
    expect(later).toMatchObject({ cacheReadTokens: 2000, cacheWriteTokens: 0 });
  });

  it('counts the lifetime as ending exactly 5 minutes after the request that wrote it', () => {
    const justBefore = { at: 5 * MINUTE - 1, blocks: layout() };
    const exactly = { at: 5 * MINUTE, blocks: layout() };
    expect(simulatePromptCache([at(0, layout()), justBefore], OPTIONS)[1]).toEqual(WARM);
    expect(simulatePromptCache([at(0, layout()), exactly], OPTIONS)[1]).toEqual(COLD);
  });

  it('keeps 1-hour entries 30 minutes after a use, not 61, and bills their writes as 1-hour writes', () => {
    const hour = layout({ ttl: '1h' });
    const [written, read, expired] = simulatePromptCache([at(0, hour), at(30, hour), at(91, hour)], OPTIONS);
    expect(written).toEqual({ ...COLD, oneHourCacheWriteTokens: 3000 });
    expect(read).toEqual(WARM);
    expect(expired).toEqual({ ...COLD, oneHourCacheWriteTokens: 3000 });
  });

  it('mixes TTLs: a 1-hour system breakpoint outlives 5-minute history breakpoints', () => {
    const blocks = layout();
    blocks[0] = marked('base system prompt', 2000, '1h');
    const [first, second] = simulatePromptCache([at(0, blocks), at(30, blocks)], OPTIONS);
    // B - A = 2000 written for an hour, C - B = 1000 for 5 minutes.
    expect(first).toEqual({ ...COLD, oneHourCacheWriteTokens: 2000 });
    // At 30 minutes only the system entry is left: the last breakpoint's lookback finds it 3 positions back.
    expect(second).toEqual({ ...COLD, cacheReadTokens: 2000, cacheWriteTokens: 1000, hits: 1 });
  });
});

describe('simulatePromptCache: prefixes', () => {
  it('misses every breakpoint after a one-character change in a system block, and writes them again', () => {
    const changed = layout({ summary: 'summary and pinned task!' });
    const [, second] = simulatePromptCache([at(0, layout()), at(1, changed)], OPTIONS);
    // The first breakpoint (2000) still hits; 500 + 300 + 200 after it are written.
    expect(second).toEqual({ ...COLD, cacheReadTokens: 2000, cacheWriteTokens: 1000, hits: 1 });
  });

  it('misses everything after a change in the first block', () => {
    const blocks = layout();
    blocks[0] = marked('base system prompt.', 2000);
    expect(simulatePromptCache([at(0, layout()), at(1, blocks)], OPTIONS)[1]).toEqual(COLD);
  });

  it('hits every breakpoint when only the last message changes; the new message is uncached', () => {
    const changed = layout({ message: 'a different message', messageTokens: 150 });
    expect(simulatePromptCache([at(0, layout()), at(1, changed)], OPTIONS)[1]).toEqual({
      ...WARM,
      uncachedTokens: 150,
      totalTokens: 3150,
    });
  });

  it('finds only entries that earlier requests wrote, not stable content before a changing breakpoint', () => {
    // The page's "common mistake": a breakpoint on a block that changes every request never reads.
    const request = (stamp: string): CacheBlock[] => [
      ...['one', 'two', 'three', 'four', 'five'].map((text) => block(text, 400)),
      marked(`now is ${stamp}`, 50),
    ];
    const [, second] = simulatePromptCache([at(0, request('09:00')), at(1, request('09:01'))], OPTIONS);
    expect(second).toEqual({
      cacheReadTokens: 0,
      cacheWriteTokens: 2050,
      oneHourCacheWriteTokens: 0,
      uncachedTokens: 0,
      totalTokens: 2050,
      hits: 0,
    });
  });

  it('follows a growing conversation whose breakpoint moves to the last history message each turn', () => {
    const tokens = new Map([
      ['system', 2000],
      ['hello', 50],
      ['hi, how can I help?', 100],
      ['plan my week', 60],
      ['here is a plan', 80],
      ['thanks', 70],
    ]);
    const count = (text: string): number => tokens.get(text) ?? Number.NaN;
    const system = [{ type: 'text' as const, text: 'system', cache_control: { type: 'ephemeral' as const } }];
    const say = (role: 'user' | 'assistant', text: string, cached = false) => ({
      role,
      content: [
        cached
          ? { type: 'text' as const, text, cache_control: { type: 'ephemeral' as const } }
          : { type: 'text' as const, text },
      ],
    });
    const turns: PreparedRequest[] = [
      { system, messages: [say('user', 'hello')] },
      {
        system,
        messages: [say('user', 'hello'), say('assistant', 'hi, how can I help?', true), say('user', 'plan my week')],
      },
      {
        system,
        messages: [
          say('user', 'hello'),
          say('assistant', 'hi, how can I help?'),
          say('user', 'plan my week'),
          say('assistant', 'here is a plan', true),
          say('user', 'thanks'),
        ],
      },
    ];
    const results = simulatePromptCache(
      turns.map((request, index) => flattenRequest(request, count, index * MINUTE)),
      OPTIONS,
    );
    expect(results).toEqual([
      // Only the system prompt is marked: written; the message is uncached.
      {
        cacheReadTokens: 0,
        cacheWriteTokens: 2000,
        oneHourCacheWriteTokens: 0,
        uncachedTokens: 50,
        totalTokens: 2050,
        hits: 0,
      },
      // The system entry is read; the new history breakpoint writes hello + the reply.
      {
        cacheReadTokens: 2000,
        cacheWriteTokens: 150,
        oneHourCacheWriteTokens: 0,
        uncachedTokens: 60,
        totalTokens: 2210,
        hits: 1,
      },
      // The moved breakpoint misses, its lookback finds turn 2's entry 2 blocks back: only the new blocks are written.
      {
        cacheReadTokens: 2150,
        cacheWriteTokens: 140,
        oneHourCacheWriteTokens: 0,
        uncachedTokens: 70,
        totalTokens: 2360,
        hits: 1,
      },
    ]);
  });
});

describe('simulatePromptCache: minimum length', () => {
  it('caches nothing below the minimum, however often the request comes', () => {
    const small = [marked('short system prompt', 500), block('message', 50)];
    const uncached = {
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      oneHourCacheWriteTokens: 0,
      uncachedTokens: 550,
      totalTokens: 550,
      hits: 0,
    };
    expect(simulatePromptCache([at(0, small), at(1, small)], OPTIONS)).toEqual([uncached, uncached]);
  });

  it('counts the minimum on the cumulative prefix, inclusively', () => {
    const run = (tokens: number) => simulatePromptCache([at(0, [block('a', 1000), marked('b', tokens)])], OPTIONS)[0];
    expect(run(24)).toMatchObject({ cacheWriteTokens: 1024, uncachedTokens: 0 });
    expect(run(23)).toMatchObject({ cacheWriteTokens: 0, uncachedTokens: 1023 });
  });

  it('writes no entry for a breakpoint below the minimum, even when a later one is written', () => {
    const request = (middle: string) => [marked('short', 500), block(middle, 500), marked('end', 500)];
    const [first, second] = simulatePromptCache([at(0, request('middle')), at(1, request('changed'))], OPTIONS);
    expect(first).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 1500 });
    // Had the 500-token breakpoint been cached, the second request would read it.
    expect(second).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 1500, hits: 0 });
  });
});

describe('simulatePromptCache: lookback window (the page’s 10 → 15 → 35 blocks example)', () => {
  /** Blocks 1..count of 200 tokens each, with breakpoints on the given 1-based block numbers. */
  const blocks = (count: number, ...breakpoints: number[]): CacheBlock[] =>
    Array.from({ length: count }, (_, index) =>
      breakpoints.includes(index + 1) ? marked(`block ${index + 1}`, 200) : block(`block ${index + 1}`, 200),
    );
  const turns = (third: CacheBlock[]) =>
    simulatePromptCache([at(0, blocks(10, 10)), at(1, blocks(15, 15)), at(2, third)], OPTIONS);

  it('finds the previous entry within the window: turn 2 reads block 10 and writes 11-15', () => {
    const [first, second] = turns(blocks(35, 35));
    expect(first).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 2000 });
    expect(second).toMatchObject({ cacheReadTokens: 2000, cacheWriteTokens: 1000, hits: 0 });
  });

  it('does not find an entry 20 blocks back: block 35 checks 35 down to 16, block 15 is outside', () => {
    expect(turns(blocks(35, 35))[2]).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 7000 });
  });

  it('finds an entry 19 blocks back: block 34 checks 34 down to 15', () => {
    expect(turns(blocks(34, 34))[2]).toMatchObject({ cacheReadTokens: 3000, cacheWriteTokens: 3800 });
  });

  it('starts a second window at a second breakpoint, which finds the entry', () => {
    expect(turns(blocks(35, 15, 35))[2]).toMatchObject({ cacheReadTokens: 3000, cacheWriteTokens: 4000, hits: 1 });
  });
});

describe('simulatePromptCache: rejected input', () => {
  const five = ['a', 'b', 'c', 'd', 'e'].map((text) => marked(text, 300));

  it('rejects 5 breakpoints and accepts 4', () => {
    throwsInvalidArgument(() => simulatePromptCache([at(0, five)], OPTIONS));
    expect(simulatePromptCache([at(0, five.slice(0, 4))], OPTIONS)[0]).toMatchObject({ cacheWriteTokens: 1200 });
  });

  it('rejects a 1-hour breakpoint after a 5-minute one, and accepts the reverse', () => {
    throwsInvalidArgument(() => simulatePromptCache([at(0, [marked('a', 2000), marked('b', 10, '1h')])], OPTIONS));
    expect(simulatePromptCache([at(0, [marked('a', 2000, '1h'), marked('b', 10)])], OPTIONS)[0]).toMatchObject({
      cacheWriteTokens: 2010,
      oneHourCacheWriteTokens: 2000,
    });
  });

  it('rejects times that go backwards, token counts that are not whole numbers, and a negative minimum', () => {
    throwsInvalidArgument(() => simulatePromptCache([at(1, layout()), at(0, layout())], OPTIONS));
    throwsInvalidArgument(() => simulatePromptCache([at(0, [block('a', 1.5)])], OPTIONS));
    throwsInvalidArgument(() => simulatePromptCache([at(0, [block('a', -1)])], OPTIONS));
    throwsInvalidArgument(() => simulatePromptCache([at(0, layout())], { minimumCacheableTokens: -1 }));
  });
});

describe('simulatePromptCache: properties', () => {
  const marker = fc.constantFrom<CacheBlock['cacheControl'] | undefined>(
    undefined,
    undefined,
    {},
    { ttl: '5m' },
    { ttl: '1h' },
  );
  const randomBlock = fc.record({ text: fc.constantFrom('a', 'b', 'c'), cacheControl: marker });
  /**
   * Requests sharing prefixes of one base conversation, mostly minutes apart, so that hits, lookbacks and expiries
   * all happen. A text has
   * one token count per sequence, as it would with a real tokenizer.
   */
  const sequences = fc
    .record({
      sizes: fc.record({ a: fc.nat(1500), b: fc.nat(1500), c: fc.nat(1500) }),
      base: fc.array(randomBlock, { maxLength: 30 }),
      requests: fc.array(
        fc.record({
          gap: fc.oneof(fc.nat(6 * MINUTE), fc.nat(70 * MINUTE)),
          keep: fc.nat(30),
          tail: fc.array(randomBlock, { maxLength: 5 }),
        }),
        { minLength: 1, maxLength: 8 },
      ),
    })
    .map(({ sizes, base, requests }) => {
      let time = 0;
      return requests.map(({ gap, keep, tail }): CacheRequest => {
        time += gap;
        return { at: time, blocks: acceptable([...base.slice(0, keep), ...tail], sizes) };
      });
    });

  it('splits every request exactly: read + write + uncached = total, none negative', () => {
    fc.assert(
      fc.property(sequences, (requests) => {
        const results = simulatePromptCache(requests, OPTIONS);
        results.forEach((result, index) => {
          const blocks = requests[index]?.blocks ?? [];
          expect(result.cacheReadTokens + result.cacheWriteTokens + result.uncachedTokens).toBe(result.totalTokens);
          expect(result.totalTokens).toBe(blocks.reduce((sum, each) => sum + each.tokens, 0));
          expect(
            Math.min(result.cacheReadTokens, result.cacheWriteTokens, result.uncachedTokens),
          ).toBeGreaterThanOrEqual(0);
          expect(result.oneHourCacheWriteTokens).toBeGreaterThanOrEqual(0);
          expect(result.oneHourCacheWriteTokens).toBeLessThanOrEqual(result.cacheWriteTokens);
          expect(result.hits).toBeLessThanOrEqual(blocks.filter((each) => each.cacheControl).length);
        });
      }),
    );
  });

  it('reads, on an immediate repeat, everything the request had cached, and writes nothing', () => {
    fc.assert(
      fc.property(sequences, (requests) => {
        const last = requests.at(-1);
        if (!last) return;
        const results = simulatePromptCache([...requests, { ...last }], OPTIONS);
        const [before, repeat] = results.slice(-2);
        expect(repeat?.cacheWriteTokens).toBe(0);
        expect(repeat?.cacheReadTokens).toBe((before?.cacheReadTokens ?? 0) + (before?.cacheWriteTokens ?? 0));
      }),
    );
  });
});

/**
 * A random request made acceptable to the API: at most 4 breakpoints, 1-hour ones before 5-minute ones; each text
 * gets its token count.
 */
function acceptable(
  blocks: ReadonlyArray<{ text: 'a' | 'b' | 'c'; cacheControl: CacheBlock['cacheControl'] | undefined }>,
  sizes: Record<'a' | 'b' | 'c', number>,
): CacheBlock[] {
  let breakpoints = 0;
  let shortSeen = false;
  return blocks.map(({ text, cacheControl }) => {
    if (!cacheControl || breakpoints === 4) return { text, tokens: sizes[text] };
    breakpoints += 1;
    const ttl: CacheTtl = shortSeen ? '5m' : (cacheControl.ttl ?? '5m');
    shortSeen ||= ttl === '5m';
    return { text, tokens: sizes[text], cacheControl: { ttl } };
  });
}
