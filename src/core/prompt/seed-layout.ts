import type { MessageParam, TextBlock } from '../../spec/prepared-turn.js';
import { escapeTags } from '../text/escape-tags.js';
import { buildRecap } from './build-recap.js';
import type { AssembledPrompt, LayoutInput } from './prompt-parts.js';
import { systemSections } from './system-sections.js';

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * The seed's layout, kept to be measured against: system = base prompt, key facts, summary, pinned task (tail),
 * with a breakpoint on the system prompt and one on the 3rd-most-recent assistant turn ("system_and_3"); the
 * current message carries a recap of the task (and of the recalled turns, when turn recall is on). Facts change every turn inside the system prompt, so every
 * turn invalidates the cache of everything after them.
 */
export function seedLayout(input: LayoutInput): AssembledPrompt {
  const facts = input.facts.length > 0 ? systemSections.facts(input.facts) : '';
  const summary = input.summary ? systemSections.summary(input.summary) : '';
  const pin = input.pin ? systemSections.pin(input.pin) : '';
  const system: TextBlock[] = [input.systemPrompt, facts, summary, pin]
    .filter((text) => text !== '')
    .map((text) => ({ type: 'text', text }));
  const lastSystem = system.at(-1);
  if (lastSystem) lastSystem.cache_control = EPHEMERAL;

  const messages: MessageParam[] = input.history.map((turn) => ({
    role: turn.role,
    content: [{ type: 'text', text: turn.text }],
  }));
  const assistants = messages.filter((message) => message.role === 'assistant');
  const thirdMostRecent = assistants.at(-3)?.content.at(-1);
  if (thirdMostRecent) thirdMostRecent.cache_control = EPHEMERAL;

  const recap = buildRecap({
    task: input.task,
    pinLines: input.recapPinLines,
    facts: [],
    recalled: input.recalled,
    taskMaxChars: input.recapTaskMaxChars,
  });
  const message = escapeTags(input.message);
  messages.push({ role: 'user', content: [{ type: 'text', text: `${recap.block}${message}` }] });

  return {
    request: { system, messages },
    parts: {
      system: input.systemPrompt,
      pin,
      summary,
      recap: recap.frameText,
      facts,
      recalled: recap.recalledText,
      history: input.history.map((turn) => turn.text),
      message,
    },
  };
}
