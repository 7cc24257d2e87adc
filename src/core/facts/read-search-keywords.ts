import { findInjection } from '../memory-rules/find-injection.js';
import { isMarkup } from '../memory-rules/is-markup.js';
import { countGraphemes } from '../text/count-graphemes.js';

/** The most search keywords a fact keeps: a few general words, not a thesaurus. */
export const MOST_SEARCH_KEYWORDS = 5;
/** The longest keyword, in grapheme clusters: a word or a short phrase ("golden retriever"). */
export const SEARCH_KEYWORD_MAX_GRAPHEMES = 40;
/** Only the head of a longer list is read: a runaway reply costs no more than a short one. */
const MOST_ITEMS_READ = 16;
/** No word averages more UTF-16 units per grapheme cluster than this: a longer string is dropped unread. */
const MOST_UNITS = SEARCH_KEYWORD_MAX_GRAPHEMES * 16;
/**
 * Control and format characters (bidi overrides, invisible spacers, a BOM), except the joiners emoji and several
 * scripts need: a keyword holding one is not a word someone would search for.
 */
const CONTROL_OR_FORMAT = /(?![\u200c\u200d])[\p{Cc}\p{Cf}]/u;
/** A tag (`<system>`, `</user_message>`, `<!--`): no word someone searches for holds one. */
const TAG = /<\s*[/!?]?\s*\p{L}/u;

/**
 * The search keywords an extractor wrote with a fact, as they may be stored: each a well-formed string, normalised
 * (NFKC, white space made single spaces), non-empty, at most `SEARCH_KEYWORD_MAX_GRAPHEMES` clusters, without control
 * or format characters, tags, markup or override phrasing, not repeated (case aside); at most `MOST_SEARCH_KEYWORDS`
 * of them, the first that pass among the first 16 items. Anything else is dropped, item by item: a bad keywords field
 * means no keywords, never a failed extraction. Never throws.
 */
export function readSearchKeywords(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const item of value.slice(0, MOST_ITEMS_READ)) {
    const keyword = readKeyword(item);
    if (keyword === null || seen.has(keyword.toLowerCase())) continue;
    seen.add(keyword.toLowerCase());
    kept.push(keyword);
    if (kept.length === MOST_SEARCH_KEYWORDS) break;
  }
  // Words that pass one by one may read as an order together ("ignore", "previous instructions"): then none is kept.
  return kept.length > 1 && findInjection(kept.join(' ')) !== null ? [] : kept;
}

function readKeyword(item: unknown): string | null {
  if (typeof item !== 'string' || item.length > MOST_UNITS || !item.isWellFormed()) return null;
  // Line breaks and tabs are white space here; every other control character makes the keyword garbage.
  const keyword = item
    .normalize('NFKC')
    .replace(/[\s\u0085]+/gu, ' ')
    .trim();
  if (keyword === '' || CONTROL_OR_FORMAT.test(keyword)) return null;
  if (countGraphemes(keyword, { stopAfter: SEARCH_KEYWORD_MAX_GRAPHEMES }) > SEARCH_KEYWORD_MAX_GRAPHEMES) return null;
  if (TAG.test(keyword) || isMarkup(keyword) || findInjection(keyword) !== null) return null;
  return keyword;
}
