import type { MessageParam, TextBlock } from '../../spec/prepared-turn.js';
import { escapeTags } from '../text/escape-tags.js';
import { buildRecap } from './build-recap.js';
import type { AssembledPrompt, LayoutInput } from './prompt-parts.js';
import { systemSections } from './system-sections.js';

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * The default layout. system = base prompt [breakpoint] + summary + pinned task [breakpoint]; history = stored
 * turns [breakpoint on the last one]; current message = recap (task, clarifications newer than the cached pin,
 * facts, recalled turns) + text, never cached.
 * Everything before the current message changes only when the pin or the summary does, so the provider's prefix
 * cache keeps hitting while the per-turn memory rides in the uncached tail. At most 3 breakpoints.
 */
export function cacheAwareLayout(input: LayoutInput): AssembledPrompt {
  const system: TextBlock[] = [];
  if (input.systemPrompt !== '') system.push({ type: 'text', text: input.systemPrompt, cache_control: EPHEMERAL });
  const summary = input.summary ? systemSections.summary(input.summary) : '';
  const pin = input.pin ? systemSections.pin(input.pin) : '';
  const memory = [summary, pin].filter(Boolean).join('\n\n');
  if (memory !== '') system.push({ type: 'text', text: memory, cache_control: EPHEMERAL });

  const messages: MessageParam[] = input.history.map((turn) => ({
    role: turn.role,
    content: [{ type: 'text', text: turn.text }],
  }));
  const lastBlock = messages.at(-1)?.content.at(-1);
  if (lastBlock) lastBlock.cache_control = EPHEMERAL;

  const recap = buildRecap({
    task: input.task,
    pinLines: input.recapPinLines,
    clarifications: input.recentClarifications,
    facts: input.facts,
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
      facts: recap.factsText,
      recalled: recap.recalledText,
      history: input.history.map((turn) => turn.text),
      message,
    },
  };
}
