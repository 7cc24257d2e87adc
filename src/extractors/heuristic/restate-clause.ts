import type { FactKind, LocaleExtraction } from '../../locales/locale-extraction.js';
import { readingExtraction } from '../../locales/locale-table.js';

/**
 * The clause stated so that it says whom it is about, in the first person the rewrite turns into the third, or null
 * when that cannot be told: Japanese leaves the speaker out (the Japanese pack puts it back), English
 * names a relative's name ("My wife's name is Priya" → "my wife is named Priya"). A language without a rule for it
 * keeps the clause as it is.
 */
export function restateClause(
  clause: string,
  kind: FactKind,
  extraction: LocaleExtraction | undefined = readingExtraction(clause),
): string | null {
  const restate = extraction?.restate;
  return restate ? restate(clause, kind) : clause;
}
