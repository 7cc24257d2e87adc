import { textLanguage } from '../../locales/locale-table.js';
import type { Embedder } from '../../spec/embedder.js';

/** Whether a text is in a language the embedder reads (`Embedder.languages`; every text when it names none). */
export function embedderReads(embedder: Pick<Embedder, 'languages'>, text: string): boolean {
  const { languages } = embedder;
  if (languages === undefined) return true;
  const language = textLanguage(text);
  return language !== undefined && languages.includes(language);
}
