import { countGraphemes } from '../../core/text/count-graphemes.js';
import { splitSentences } from '../../core/text/split-sentences.js';
import { truncateGraphemes } from '../../core/text/truncate-graphemes.js';
import type { SummaryInput } from '../../spec/extractor.js';

/** Longest summary written, in grapheme clusters. */
const MAX_SUMMARY = 3000;
const MAX_LINE = 160;

/**
 * An offline summary of older turns: one line per exchange with the user's first sentence and the assistant's,
 * newest kept when the summary would be too long, after the previous summary (itself shortened if it must be).
 * Cruder than a model's, but it keeps who asked what and what was answered, in the conversation's own words.
 */
export function summarizeTurns(input: SummaryInput): string {
  const lines: string[] = [];
  for (let index = 0; index < input.turns.length; index += 1) {
    const turn = input.turns[index];
    if (turn?.role !== 'user') continue;
    const reply = input.turns[index + 1];
    const asked = firstSentence(turn.text);
    const answered = reply?.role === 'assistant' ? firstSentence(reply.text) : '';
    lines.push(`- User: ${asked}${answered ? ` / Assistant: ${answered}` : ''}`);
  }
  const kept: string[] = [];
  let length = 0;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] ?? '';
    if (length + line.length > MAX_SUMMARY * 0.7) {
      kept.unshift(`- (${index + 1} earlier exchanges omitted)`);
      break;
    }
    kept.unshift(line);
    length += line.length;
  }
  const previous = input.previousSummary ? truncateGraphemes(input.previousSummary, Math.floor(MAX_SUMMARY * 0.3)) : '';
  return truncateGraphemes([previous, ...kept].filter(Boolean).join('\n'), MAX_SUMMARY);
}

/** How much of a turn is split for its first sentence at first (UTF-16 units, after folding white space). */
const HEAD = 8_000;
/** How far `splitSentences` may look past a sentence's end to decide it (inline code: 1,000; a period: 40). */
const LOOK_AHEAD = 1_100;

/**
 * The first sentence, cut to a line. Only a head of the turn is split: a turn of 200,000 characters is not split
 * whole for one sentence of it. The head is trusted when its first sentence ends well before the cut, or is longer
 * than the line anyway; otherwise (a sentence of huge clusters, or one that runs past the cut) it doubles.
 */
function firstSentence(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  for (let head = HEAD; ; head *= 2) {
    if (folded.length <= head) return truncateGraphemes((splitSentences(folded)[0] ?? '').trim(), MAX_LINE);
    const sentence = (splitSentences(folded.slice(0, head))[0] ?? '').trim();
    if (sentence.length < head - LOOK_AHEAD || countGraphemes(sentence, { stopAfter: MAX_LINE + 1 }) > MAX_LINE + 1) {
      return truncateGraphemes(sentence, MAX_LINE);
    }
  }
}
