import { normalizeForMatching } from './normalize-for-matching.js';

const REGEX_SPECIALS = /[.*+?^${}()|[\]\\/]/g;
const WORD_CHARACTER = /[a-z0-9]/;

/**
 * The source of a regular expression that matches any one entry of a word list, in the normalised form of
 * `normalizeForMatching`. Entries are plain text, normalised the same way; a space inside an entry also matches a
 * hyphen, an underscore or nothing (`system prompt`, `system-prompt`, `systemprompt`); a trailing `*` matches up to 12
 * more letters (`ignor*`). An entry that starts or ends with a Latin letter or digit only matches at a word edge
 * there, so that `all` does not match inside `install` (`edges: false` drops that, for text whose spaces were lost). Longer entries are tried first. No nested quantifier: the
 * expression is linear to run.
 */
export function compileWordList(entries: readonly string[], options?: { edges?: boolean }): string {
  const edges = options?.edges ?? true;
  const sources = entries
    .map((entry) => {
      const stem = entry.endsWith('*');
      const text = normalizeForMatching(stem ? entry.slice(0, -1) : entry);
      return { text, stem };
    })
    .filter((entry) => entry.text !== '')
    .sort((a, b) => b.text.length - a.text.length)
    .map(({ text, stem }) => {
      const body = text.replace(REGEX_SPECIALS, '\\$&').replace(/ /g, '[ _-]?');
      const start = edges && WORD_CHARACTER.test(text[0] ?? '') ? '(?<![a-z0-9])' : '';
      const wordEnd = edges && WORD_CHARACTER.test(text.at(-1) ?? '') ? '(?![a-z0-9])' : '';
      const end = stem ? `[a-z]{0,12}${edges ? '(?![a-z])' : ''}` : wordEnd;
      return `${start}${body}${end}`;
    });
  return sources.length === 0 ? '(?!)' : `(?:${[...new Set(sources)].join('|')})`;
}
