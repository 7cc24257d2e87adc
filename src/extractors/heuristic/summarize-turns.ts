import { splitSentences } from '../../core/split-sentences.js';
import { truncateGraphemes } from '../../core/truncate-graphemes.js';
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

function firstSentence(text: string): string {
  const sentence = splitSentences(text.replace(/\s+/g, ' ').trim())[0] ?? '';
  return truncateGraphemes(sentence.trim(), MAX_LINE);
}
