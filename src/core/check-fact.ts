import { cleanText } from './clean-text.js';
import { countGraphemes } from './count-graphemes.js';
import { looksLikeErrorText } from './looks-like-error-text.js';

export type FactCheck = { ok: true; text: string } | { ok: false; text: string; reason: string };

// Lines that introduce, wrap or replace a list instead of stating a fact.
const PREAMBLES: readonly RegExp[] = [
  /^(here (are|is)|here'?s\b|below (are|is)|the following|sure[,!. ]|certainly[,!. ]|of course[,!. ]|okay[,!. ])/i,
  /^i (found|extracted|identified|have extracted|could not find)\b/i,
  /^(the )?((key|durable|extracted|new|important|relevant) )?facts? (are|were) (as follows|listed|below)\b/i,
  /^(the )?((key|durable|extracted|new|important|relevant) )?facts?( (about the user|from (this|the) (exchange|conversation|message)|extracted|found))?[.!]?$/i,
  /^(none|nothing|n\/a)( (found|to extract|extracted|here))?[.!]?$/i,
  /^(there (are|is|were) )?no (new |durable |key |relevant |important )?facts?\b/i,
  /^(以下是|以下為|以下为|以下が|下面是|这些是|這些是|关键事实|關鍵事實|重要な事実|以下の事実|抽出した事実|抽出された事実)/,
  /^(没有|沒有|无|無)(新的|新|任何)?(需要记录的|需要記錄的|关键|關鍵)?(事实|事實)/,
  /^(事実|事实|事實)(は|が)?(ありません|なし)/,
];
/** A list marker: a bullet or a number followed by a space, or an enumeration mark (1、 (1) （1）). */
const LIST_MARKER = /^\s*(?:[-*•·]\s+|\d+[.)]\s+|\d+、\s*|[（(]\d+[)）]\s*)/u;
const QUOTE_PAIRS: Readonly<Record<string, string>> = { '"': '"', "'": "'", '“': '”', '「': '」', '『': '』' };

/** Removes quotes that wrap the whole fact, and only those. */
function unquote(text: string): string {
  const open = text[0] ?? '';
  const close = QUOTE_PAIRS[open];
  if (!close || text.length < 2 || !text.endsWith(close)) return text;
  const inner = text.slice(1, -1);
  return inner.includes(open) || inner.includes(close) ? text : inner;
}

/**
 * Validates one extracted fact: list bullets and quotes are removed, then preamble lines, error texts, questions,
 * fragments and essays are rejected. Returns the cleaned text when it passes.
 */
export function checkFact(raw: string, options: { maxChars: number }): FactCheck {
  const text = unquote(cleanText(raw).replace(LIST_MARKER, '').replace(/\s+/g, ' ').trim()).trim();
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
