import { foldCase } from '../../core/language/fold-text.js';
import { EXTRACTIONS } from '../../locales/locale-table.js';

const EPHEMERAL = EXTRACTIONS.flatMap((extraction) => (extraction.ephemeral ? [extraction.ephemeral] : []));

/** Is this statement about the moment (today, right now, this error) rather than a durable fact? */
export function isEphemeral(sentence: string): boolean {
  const text = foldCase(sentence);
  return EPHEMERAL.some((pattern) => pattern.test(text));
}
