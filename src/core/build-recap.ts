import { escapeTags } from './escape-tags.js';
import { truncateGraphemes } from './truncate-graphemes.js';

export interface Recap {
  /** The whole `<task_recap>` block, with a blank line after it; empty when there is nothing to recap. */
  block: string;
  /** The part of the block that lists facts (for token accounting). */
  factsText: string;
}

/**
 * The `<task_recap>` block that heads the current user message: the pinned task in short form, and the injected
 * facts when the layout puts them here. Pure string assembly: no model call. All content is tag-escaped.
 */
export function buildRecap(input: {
  task: string | null;
  clarifications?: readonly string[] | undefined;
  facts: readonly string[];
  taskMaxChars: number;
}): Recap {
  const lines: string[] = [];
  if (input.task) lines.push(`Pinned task: ${escapeTags(truncateGraphemes(input.task, input.taskMaxChars))}`);
  for (const clarification of input.clarifications ?? []) lines.push(`[+] ${escapeTags(clarification)}`);
  const factsText = input.facts.length === 0 ? '' : formatFactList(input.facts);
  if (factsText) lines.push(`Key facts:\n${factsText}`);
  if (lines.length === 0) return { block: '', factsText: '' };
  return { block: `<task_recap>\n${lines.join('\n')}\n</task_recap>\n\n`, factsText };
}

/** Facts as a bullet list, each tag-escaped. */
export function formatFactList(facts: readonly string[]): string {
  return facts.map((fact) => `- ${escapeTags(fact)}`).join('\n');
}
