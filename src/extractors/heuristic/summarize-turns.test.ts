import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../../core/text/split-sentences.js';
import { truncateGraphemes } from '../../core/text/truncate-graphemes.js';
import { summarizeTurns } from './summarize-turns.js';

describe('summarizeTurns', () => {
  it('writes one line per exchange from the first sentences, after the previous summary', () => {
    const summary = summarizeTurns({
      previousSummary: 'Earlier: they chose Postgres.',
      pinned: null,
      turns: [
        { role: 'user', text: 'Which queue should we use? I was thinking about it all day.' },
        { role: 'assistant', text: 'Options: A) SQS, B) RabbitMQ, C) Redis streams. Each has trade-offs.' },
        { role: 'user', text: 'Go with C.' },
        { role: 'assistant', text: 'Redis streams it is.' },
      ],
    });
    expect(summary).toBe(
      'Earlier: they chose Postgres.\n- User: Which queue should we use? / Assistant: Options: A) SQS, B) RabbitMQ, C) Redis streams.\n- User: Go with C. / Assistant: Redis streams it is.',
    );
  });

  it('keeps the newest exchanges and says how many older ones it left out when too long', () => {
    const turns = Array.from({ length: 200 }, (_, index) => ({
      role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
      text: `${index % 2 === 0 ? 'Question' : 'Answer'} number ${index} about the deployment pipeline and its many stages.`,
    }));
    const summary = summarizeTurns({ previousSummary: null, pinned: null, turns });
    expect(Array.from(summary).length).toBeLessThanOrEqual(3000);
    expect(summary).toMatch(/^- \(\d+ earlier exchanges omitted\)/);
    expect(summary.endsWith('Answer number 199 about the deployment pipeline and its many stages.')).toBe(true);
  });

  it('keeps Chinese text as it is', () => {
    const summary = summarizeTurns({
      previousSummary: null,
      pinned: null,
      turns: [
        { role: 'user', text: '我们决定用 pnpm。还有别的吗？' },
        { role: 'assistant', text: '好的，已记录。' },
      ],
    });
    expect(summary).toBe('- User: 我们决定用 pnpm。 / Assistant: 好的，已记录。');
  });

  it('reads only the head of a long turn, and writes the line that reading it all would', () => {
    // The earlier version: the whole turn folded and split, for its first sentence.
    const wholeTurnLine = (text: string): string =>
      `- User: ${truncateGraphemes((splitSentences(text.replace(/\s+/g, ' ').trim())[0] ?? '').trim(), 160)}`;
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constantFrom('. ', '? ', '。', '\n', '  ', 'e.g. ', '```\n', 'https://a.b/c. '),
      fc
        .integer({ min: 1, max: 12_000 })
        .chain((length) => fc.constantFrom(' ', 'x', '中', '👩‍👩‍👧').map((unit) => unit.repeat(length))),
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (pieces) => {
        const text = pieces.join('');
        fc.pre(text.trim() !== '');
        expect(summarizeTurns({ previousSummary: null, pinned: null, turns: [{ role: 'user', text }] })).toBe(
          wholeTurnLine(text),
        );
      }),
      { numRuns: 300 },
    );
  });
});
