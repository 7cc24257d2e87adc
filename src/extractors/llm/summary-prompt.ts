import { escapeTags } from '../../core/text/escape-tags.js';
import type { SummaryInput } from '../../spec/extractor.js';

export const SUMMARY_SYSTEM_PROMPT = `You compress the older part of a conversation between a user and an AI assistant into a summary that will replace it.
Keep, as short plain-text lines: the decisions made; durable facts about the user and their project; open questions; every set of options the assistant offered and which one the user chose (by name and content, e.g. "Options offered: A) ..., B) ..., C) ...; the user chose C").
Merge the previous summary, if any, into the new one. Do not restate the pinned task. Write in the language of the conversation; never translate. At most 400 words. Reply with the summary only.`;

/** The prompt of one summary call. Every turn is tag-escaped inside its wrapper. */
export function buildSummaryPrompt(input: SummaryInput): string {
  const sections: string[] = [];
  if (input.pinned) sections.push(`<pinned_task>\n${escapeTags(input.pinned)}\n</pinned_task>`);
  if (input.previousSummary)
    sections.push(`<conversation_summary>\n${escapeTags(input.previousSummary)}\n</conversation_summary>`);
  const turns = input.turns.map((turn) => `<turn role="${turn.role}">\n${escapeTags(turn.text)}\n</turn>`).join('\n');
  sections.push(`<conversation_history>\n${turns}\n</conversation_history>`);
  return sections.join('\n\n');
}
