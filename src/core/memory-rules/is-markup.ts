import { hasWriterWords } from './has-writer-words.js';
import { MARKUP_SIGNALS } from './markup-signals.js';
import { normalizeForMatching } from './normalize-for-matching.js';

const HEAD = 4000;
const TAIL = 200;
const TAG = /<\/?([a-z][a-z0-9:-]{0,30})(?:\s[^<>]{0,300})?\/?>|<!--[\s\S]{0,300}?-->/g;
const HTML_ELEMENTS: ReadonlySet<string> = new Set(MARKUP_SIGNALS.htmlElements);
const LEADING = /^[\s\ufeff]*/;
// A JSON (or Python-dict) document as a whole: an object or array with a quoted key near its start.
const DATA_START = /^[[{][\s\S]{0,300}?["'][^"'\n]{1,60}["']\s*:/;
/** Tags, counted as above, that make a text markup when they also fill this share of it. */
const FEWEST_TAGS = 3;
const TAG_SHARE = 0.3;

/**
 * Whether `text` is an HTML or XML document, a JSON document, or mostly markup (an error page, a raw model output
 * returned instead of an answer). A text with a few tags in it, or an HTML snippet someone asks about ("fix the
 * footer in this <div>…"), is not. Reads only the first 4,000 and the last 200 characters.
 */
export function isMarkup(text: string): boolean {
  const normalized = normalizeForMatching(text.slice(0, HEAD), { keepLines: true });
  const start = normalized.replace(LEADING, '');
  if (MARKUP_SIGNALS.documentStarts.some((opening) => start.startsWith(opening))) return true;
  // Memory is prose: a whole JSON document is a model's raw output (an extraction object as the summary).
  if (DATA_START.test(start) && /[\]}]$/.test(normalizeForMatching(text.slice(-TAIL)))) return true;
  let tags = 0;
  let tagCharacters = 0;
  for (const match of normalized.matchAll(TAG)) {
    tags += match[1] === undefined || HTML_ELEMENTS.has(match[1]) ? 1 : 0.5;
    tagCharacters += match[0].length;
  }
  if (tags < FEWEST_TAGS) return false;
  const visible = normalized.replace(/\s/g, '').length;
  if (tagCharacters < TAG_SHARE * visible) return false;
  return !hasWriterWords(normalized.replace(TAG, ' '));
}
