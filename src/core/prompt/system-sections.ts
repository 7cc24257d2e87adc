import { escapeTags } from '../text/escape-tags.js';
import { FACTS_HEADING, formatFactList } from './build-recap.js';

/** The tagged sections memstack adds to the system prompt. Their content is tag-escaped. */
export const systemSections = {
  pin: (pin: string): string => `<pinned_task>\n${escapeTags(pin)}\n</pinned_task>`,
  summary: (summary: string): string =>
    `<conversation_summary>\n## Conversation summary\n${escapeTags(summary)}\n</conversation_summary>`,
  facts: (facts: readonly string[]): string => `<key_facts>\n${FACTS_HEADING}\n${formatFactList(facts)}\n</key_facts>`,
};
