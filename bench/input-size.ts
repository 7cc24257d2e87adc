import { createMemoryStack, InvalidInputError } from '../src/index.js';
import { sqliteStore } from '../src/sqlite.js';
import { printTable } from './print-table.js';
import { seededRandom } from './synthetic-facts.js';

const SIZES = [10_000, 100_000, 1_000_000] as const;
/** Above the largest size: the default limit (200,000) rejects a 1M message, which is measured on its own. */
const MAX_MESSAGE_CHARS = 1_100_000;
const SESSION = { agentId: 'bench', userId: 'u1', threadId: 'input-size' };

const ENGLISH_WORDS = (
  'the a of to and we our service deployment uses postgres redis prefer pnpm over npm please keep tests green ' +
  'migrate build vite by friday budget is tight team works remotely from lisbon tokyo database connection pool ' +
  'timeout retries queue worker schedule release notes changelog monitoring alerts latency throughput cache'
).split(' ');
const HAN = [
  ...'我们的项目使用数据库服务器部署测试团队北京上海工作喜欢偏好迁移构建预算周五完成需要请帮我保留所有接口的了是在不有和人这中大为上个国以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理府研',
];

/**
 * Messages of exactly `size` grapheme clusters (every character generated here is one cluster), a different one for
 * each `seed`: the tokenizer caches what it has seen, and a repeated text would measure the cache.
 */
const LANGUAGES: Record<string, (size: number, seed: number) => string> = {
  English: (size, seed) => {
    const random = seededRandom(size + seed);
    const parts: string[] = [];
    let length = 0;
    while (length < size) {
      const word = ENGLISH_WORDS[Math.floor(random() * ENGLISH_WORDS.length)] as string;
      const piece = `${word}${random() < 0.08 ? '. ' : ' '}`;
      parts.push(piece);
      length += piece.length;
    }
    return parts.join('').slice(0, size);
  },
  // Written without spaces, with a comma or a full stop every few words, as Chinese is.
  Chinese: (size, seed) => {
    const random = seededRandom(size + seed + 1);
    const characters: string[] = [];
    for (let index = 0; index < size; index++) {
      const punctuation = index % 12 === 11;
      characters.push(
        punctuation ? (random() < 0.7 ? '，' : '。') : (HAN[Math.floor(random() * HAN.length)] as string),
      );
    }
    return characters.join('');
  },
  // The worst case: one run of Chinese with no punctuation at all.
  'Chinese, no punctuation': (size, seed) => {
    const random = seededRandom(size + seed + 2);
    return Array.from({ length: size }, () => HAN[Math.floor(random() * HAN.length)] as string).join('');
  },
  // Family emoji, each a ZWJ sequence of 8 UTF-16 units and one cluster.
  Emoji: (size) => '👩‍👩‍👧'.repeat(size),
};

/**
 * Runs `run` while a 1 ms ticker watches the event loop, and returns its result, the longest gap between two ticks
 * (the longest time the loop was blocked, give or take the 1 ms period) and the total time. A stall that ends the run
 * is seen too: the time since the last tick counts when `run` settles.
 */
export async function measureLongestStall<T>(
  run: () => Promise<T>,
): Promise<{ result: T; longestStallMs: number; totalMs: number }> {
  let longest = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  try {
    const result = await run();
    const end = performance.now();
    return { result, longestStallMs: Math.max(longest, end - last), totalMs: end - start };
  } finally {
    clearInterval(ticker);
  }
}

interface Measurement {
  prepareMs: number;
  recordMs: number;
  extractionMs: number;
  longestStallMs: number;
  tokens: number;
}

/** One message through prepare, record and the background extraction, on a fresh stack that has seen one turn. */
async function measure(text: string): Promise<Measurement> {
  const stack = createMemoryStack({
    store: sqliteStore({ path: ':memory:' }),
    limits: { maxMessageChars: MAX_MESSAGE_CHARS },
  });
  try {
    // A first turn, so that start-up costs (statements, JIT) are not counted against the message.
    const first = await stack.prepare({ ...SESSION, text: 'We deploy with pnpm. 我们用 pnpm 部署 👩‍👩‍👧' });
    await stack.record(first, { text: 'Noted.' });
    await stack.idle();

    let longestStallMs = 0;
    const prepared = await measureLongestStall(() => stack.prepare({ ...SESSION, text }));
    longestStallMs = Math.max(longestStallMs, prepared.longestStallMs);
    const recorded = await measureLongestStall(() => stack.record(prepared.result, { text: 'Done: I read it all.' }));
    longestStallMs = Math.max(longestStallMs, recorded.longestStallMs);
    // Extraction starts as soon as record schedules it: its stall may already have begun in the step above.
    const extracted = await measureLongestStall(() => stack.idle());
    longestStallMs = Math.max(longestStallMs, extracted.longestStallMs);
    return {
      prepareMs: prepared.totalMs,
      recordMs: recorded.totalMs,
      extractionMs: extracted.totalMs,
      longestStallMs,
      tokens: prepared.result.tokens.message,
    };
  } finally {
    await stack.close();
  }
}

/** The median of each field over `runs` messages (one for the largest size: it takes long enough). */
async function measureMedian(generate: (seed: number) => string, runs: number): Promise<Measurement> {
  const all: Measurement[] = [];
  for (let run = 0; run < runs; run++) all.push(await measure(generate(run * 1000)));
  const median = (field: keyof Measurement): number => {
    const sorted = all.map((measurement) => measurement[field]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  };
  return {
    prepareMs: median('prepareMs'),
    recordMs: median('recordMs'),
    extractionMs: median('extractionMs'),
    longestStallMs: median('longestStallMs'),
    tokens: median('tokens'),
  };
}

/** How long the default limits take to reject a message of `size` clusters (they read only up to the limit). */
async function rejectionMs(text: string): Promise<number> {
  const stack = createMemoryStack({ store: sqliteStore({ path: ':memory:' }) });
  try {
    await stack.prepare({ ...SESSION, text: 'warm up' });
    const start = performance.now();
    try {
      await stack.prepare({ ...SESSION, text });
    } catch (error) {
      if (InvalidInputError.isInstance(error) && error.code === 'MESSAGE_TOO_LARGE') return performance.now() - start;
      throw error;
    }
    throw new Error('a 1M message was accepted with the default limits');
  } finally {
    await stack.close();
  }
}

/**
 * `prepare`, `record` and the background extraction of one message of 10k, 100k and 1M characters (grapheme
 * clusters) in English, Chinese and emoji: time and the longest event-loop stall. Linear cost shows as a ratio of
 * about 10 per row; superlinear cost (BPE over a huge pre-token, a regex that rescans) as far more.
 */
export async function inputSizeBench(): Promise<Record<string, unknown>> {
  const rows: Array<Array<string | number>> = [];
  const results: Record<string, unknown> = {};
  const rejections: string[] = [];
  for (const [language, generate] of Object.entries(LANGUAGES)) {
    let previous: Measurement | undefined;
    for (const size of SIZES) {
      const text = generate(size, 0);
      const measured = await measureMedian((seed) => generate(size, seed), size >= 1_000_000 ? 1 : 3);
      const ratio = (field: keyof Measurement): string =>
        previous ? `${(measured[field] / Math.max(previous[field], 0.001)).toFixed(1)}x` : '-';
      rows.push([
        language,
        size,
        text.length,
        measured.tokens,
        measured.prepareMs,
        ratio('prepareMs'),
        measured.recordMs,
        ratio('recordMs'),
        measured.extractionMs,
        ratio('extractionMs'),
        measured.longestStallMs,
      ]);
      results[`${language}-${size}`] = { units: text.length, ...measured };
      previous = measured;
      if (size === 1_000_000) {
        const ms = await rejectionMs(text);
        results[`${language}-rejected`] = ms;
        rejections.push(`${language} ${ms.toFixed(1)} ms`);
      }
    }
  }
  printTable(
    `Message size: prepare / record / background extraction (idle), ms, and the longest event-loop stall, ms (limits.maxMessageChars ${MAX_MESSAGE_CHARS.toLocaleString('en')}; x = growth for 10x the characters, linear ≈ 10x)`,
    ['message', 'chars', 'UTF-16', 'tokens', 'prepare', 'x', 'record', 'x', 'extraction', 'x', 'longest stall'],
    rows,
  );
  console.log(
    `With the default limits (200,000 characters), a 1M-character message is rejected in: ${rejections.join('; ')}`,
  );
  return results;
}
