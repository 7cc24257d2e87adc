import { FACT_WORDS } from '../../locales/locale-table.js';
import { TOOL_NAMES } from '../../locales/shared/tool-names.js';

/**
 * Exclusive choices: one value per slot, each with the ways facts spell it (lower case, after NFKC): the names every
 * language shares, then each pack's spellings, in the table's order.
 */
export const TOOLS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = Object.fromEntries(
  Object.entries(TOOL_NAMES).map(([slot, values]) => [
    slot,
    Object.fromEntries(
      Object.entries(values).map(([value, names]) => [
        value,
        [...names, ...FACT_WORDS.flatMap((words) => words.toolSpellings?.[slot]?.[value] ?? [])],
      ]),
    ),
  ]),
);
/** Each spelling of an exclusive tool choice: its slot (`tool:<slot>`) and value. */
export const TOOL_VALUES = new Map<string, { slot: string; value: string }>();
for (const [slot, values] of Object.entries(TOOLS)) {
  for (const [value, spellings] of Object.entries(values)) {
    for (const spelling of spellings) TOOL_VALUES.set(spelling, { slot: `tool:${slot}`, value });
  }
}
