import { escapeTags } from '../../core/text/escape-tags.js';
import type { ExtractionInput } from '../../spec/extractor.js';

const ROLE =
  'You maintain the memory of an AI assistant. From one exchange between a user and the assistant you extract, as JSON:';
const FIELDS = `- "task": only when a <task_source> is given: the user's core task distilled from it (goals, constraints, parameters, deliverables) in one to three short lines; null if it states no task. Otherwise null.
- "clarification": only when a <question> is given and the user's message answers it: the answer as one short standalone statement (include the question's subject, so that it is clear later); else null.
- "facts": 0 to 4 durable facts about the user or their project that will still matter in later conversations: preferences, decisions, constraints, environment (tools, versions, platforms). One short standalone statement each. No small talk, nothing ephemeral (today's error, what was just said), nothing the assistant said unless the user confirmed it. An empty list is a good answer. Only when <want_facts> is yes.`;
const KEYWORDS = `- With each fact, "keywords": up to 5 words a later question might use for it instead of its own words: synonyms, the category, the general term (for "Maria's new pup, Shadow": "puppy", "dog", "pet"). Single words or short phrases, in the fact's language; none that the fact already says.`;
const SUPERSEDES = `- "supersedes": ids of <known_facts> that a new fact contradicts or replaces; else [].
Write every value in the user's language: never translate. Reply with the JSON object only, no prose, no code fence:`;

export const EXTRACTION_SYSTEM_PROMPT = `${ROLE}
${FIELDS}
${SUPERSEDES}
{"task": string|null, "clarification": string|null, "facts": string[], "supersedes": number[]}`;

/**
 * The system prompt with `searchKeywords` on: each fact an object with a few search keywords (decision 32). The
 * default prompt stays as it is, byte for byte, so that turning the option off changes nothing.
 */
export const EXTRACTION_SYSTEM_PROMPT_WITH_KEYWORDS = `${ROLE}
${FIELDS}
${KEYWORDS}
${SUPERSEDES}
{"task": string|null, "clarification": string|null, "facts": [{"text": string, "keywords": string[]}], "supersedes": number[]}`;

/** The user prompt of one extraction call. Every piece of conversation is tag-escaped inside its wrapper. */
export function buildExtractionPrompt(input: ExtractionInput): string {
  const sections: string[] = [];
  if (input.pinned) sections.push(wrap('pinned_task', input.pinned));
  if (input.taskSource !== null) sections.push(wrap('task_source', input.taskSource));
  if (input.question !== null) sections.push(wrap('question', input.question));
  sections.push(wrap('user_message', input.userText));
  sections.push(wrap('assistant_reply', input.assistantText));
  if (input.knownFacts.length > 0) {
    sections.push(wrap('known_facts', input.knownFacts.map((fact) => `[${fact.id}] ${fact.text}`).join('\n')));
  }
  sections.push(`<want_facts>${input.wantFacts ? 'yes' : 'no'}</want_facts>`);
  return sections.join('\n\n');
}

/** The prompt's own section tags, escaped like memstack's wrapper tags (any case, any spacing). */
const SECTION_TAG =
  /<(?=\s*\/?\s*(pinned_task|task_source|question|user_message|assistant_reply|known_facts|want_facts)\b)/gi;

function wrap(tag: string, text: string): string {
  return `<${tag}>\n${escapeTags(text).replace(SECTION_TAG, '&lt;')}\n</${tag}>`;
}
