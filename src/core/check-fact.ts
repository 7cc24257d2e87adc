import { cleanText } from './clean-text.js';
import { countGraphemes } from './count-graphemes.js';
import { looksLikeErrorText } from './looks-like-error-text.js';

export type FactCheck = { ok: true; text: string } | { ok: false; text: string; reason: string };

// Lines that introduce, wrap or replace a list instead of stating a fact.
const PREAMBLES: readonly RegExp[] = [
  /^(here (are|is)|below (are|is)|the following|sure[,!. ]|certainly[,!. ]|of course[,!. ]|okay[,!. ])/i,
  /^i (found|extracted|identified|have extracted|could not find)\b/i,
  /^((the )?(key|durable|extracted|new|important) )?facts?\b( about| from| extracted| found)?/i,
  /^(none|nothing|n\/a|no (new |durable |key )?facts?)( (found|to extract|extracted|here))?[.!]?$/i,
  /^(以下是|以下為|以下为|下面是|关键事实|關鍵事實|重要な事実|以下の事実|抽出した事実)/,
  /^(没有|沒有|无|無)(新的|新|任何)?(关键|關鍵)?(事实|事實)/,
  /^(事実|事实|事實)(は|が)?(ありません|なし)/,
];

/**
 * Validates one extracted fact: list bullets and quotes are removed, then preamble lines, error texts, questions,
 * fragments and essays are rejected. Returns the cleaned text when it passes.
 */
export function checkFact(raw: string, options: { maxChars: number }): FactCheck {
  const text = cleanText(raw)
    .replace(/^\s*(?:[-*•·]|\d+[.)、]|[（(]\d+[)）])\s*/u, '')
    .replace(/^["'“「『](.*)["'”」』]$/su, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return { ok: false, text, reason: 'empty' };
  if (/[:：]$/.test(text) || PREAMBLES.some((pattern) => pattern.test(text)))
    return { ok: false, text, reason: 'preamble' };
  if (looksLikeErrorText(text)) return { ok: false, text, reason: 'error-text' };
  if (/[?？]$/.test(text)) return { ok: false, text, reason: 'question' };
  const length = countGraphemes(text, { stopAfter: options.maxChars });
  if (length < 4) return { ok: false, text, reason: 'too-short' };
  if (length > options.maxChars) return { ok: false, text, reason: 'too-long' };
  return { ok: true, text };
}
