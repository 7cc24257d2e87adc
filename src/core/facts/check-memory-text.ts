import { FACT_PREAMBLES } from '../../locales/locale-table.js';
import { InvalidInputError } from '../../spec/errors/invalid-input-error.js';
import type { MemoryCheckName } from '../../spec/memory-policy.js';
import type { MemorySource } from '../../spec/memory-source.js';
import { classifyAssistantInstruction } from '../memory-rules/classify-assistant-instruction.js';
import { findInjection } from '../memory-rules/find-injection.js';
import { findOverreachingOrder } from '../memory-rules/find-overreaching-order.js';
import { isErrorReport } from '../memory-rules/is-error-report.js';
import { isMarkup } from '../memory-rules/is-markup.js';
import { isNotLanguage } from '../memory-rules/is-not-language.js';
import { isRepetitive } from '../memory-rules/is-repetitive.js';
import { cleanText } from '../text/clean-text.js';
import { countGraphemes } from '../text/count-graphemes.js';
import { splitSentences } from '../text/split-sentences.js';
import { truncateGraphemes } from '../text/truncate-graphemes.js';

export type MemoryTextKind = 'task' | 'clarification' | 'fact' | 'summary';
export type { MemorySource };
export type MemoryTextRejection =
  | 'not-text'
  | 'empty'
  | 'too-long'
  | 'too-short'
  | 'preamble'
  | 'question'
  | 'error-text'
  | 'markup'
  | 'not-language'
  | 'repetitive'
  | 'injection'
  | 'instruction'
  | 'order';
export type MemoryTextCheck = { ok: true; text: string } | { ok: false; text: string; reason: MemoryTextRejection };

/**
 * Invisible spacers (zero-width space, word joiner, BOM, soft hyphen) mean nothing in memory and hide words from the
 * rules; JavaScript's `\s` would even turn a BOM into a space inside a word. Joiners (U+200C, U+200D) stay: emoji
 * and several scripts need them.
 */
const INVISIBLE_SPACERS = /[\u00ad\u200b\u2060\ufeff]/g;
/** How much of a rejected text is returned, for logs and events. */
const REJECTED_EXCERPT = 200;
const SHORTEST_FACT = 4;
const KINDS: ReadonlySet<unknown> = new Set<MemoryTextKind>(['task', 'clarification', 'fact', 'summary']);
const SOURCES: ReadonlySet<unknown> = new Set<MemorySource>(['user', 'reply', 'api']);
/** A list marker: a bullet or a number followed by a space, or an enumeration mark (1、 (1) （1）), repeated or not. */
const LIST_MARKERS = /^\s*(?:[-*•·]\s+|\d{1,9}[.)]\s+|\d{1,9}、\s*|[（(]\d{1,9}[)）]\s*)+/u;
const QUOTE_PAIRS: Readonly<Record<string, string>> = { '"': '"', "'": "'", '“': '”', '「': '」', '『': '』' };
/**
 * No text of words averages more UTF-16 units per grapheme cluster than this (a family emoji is 8 to 11): a denser
 * text (zalgo, binary) is too long for its cap however its clusters are counted, and counting them would be the
 * expensive part.
 */
export const MOST_UNITS_PER_CLUSTER = 16;
/** What cleaning may change at the cut of a head (a split cluster, a pair of quotes per round), in clusters. */
const SEAM = 64;
/** Each round removes a marker or a pair of quotes of another kind than the last, so a few rounds always settle. */
const MOST_CLEANING_ROUNDS = 12;

/**
 * The one gate for everything that becomes memory: a pinned task, a clarification, a fact, a compression summary.
 * The text is cleaned (control characters, invisible spacers, white space; for facts also list markers and wrapping
 * quotes), then rejected when it is not a string; empty; over `maxChars` grapheme clusters or over 16 UTF-16 units
 * per allowed cluster ('too-long': never truncated, and checked before any other rule runs); override or jailbreak
 * phrasing in any language ('injection', for every kind and every source); an error report; markup; repetitive; not
 * language. Facts are also rejected when they are a preamble, a question, shorter than 4 clusters, or an order to
 * the assistant ('instruction'), an order that reaches beyond the speaker's own work ('order', see
 * `findOverreachingOrder`; not from `source` 'api'), and, when `source` is 'reply', also when they state a preference
 * about answers: an assistant reply or a tool's output cannot set how the assistant behaves.
 *
 * Never throws for any `raw` (malformed `options` are an InvalidInputError). Idempotent on what it accepts. Every
 * rule reads a bounded head of a text already within its cap; a huge input is first judged by a cleaned head of 32
 * units per allowed cluster, so a 1 MB input costs about as much as a text at the cap.
 */
export function checkMemoryText(
  raw: unknown,
  options: {
    kind: MemoryTextKind;
    maxChars: number;
    source?: MemorySource;
    /** Checks turned off on purpose (`defaultMemoryPolicy({ allow })`); the structural ones cannot be. */
    allow?: ReadonlySet<MemoryCheckName> | undefined;
  },
): MemoryTextCheck {
  checkOptions(options);
  if (typeof raw !== 'string') return reject('', 'not-text');
  const fact = options.kind === 'fact';
  const clean = fact ? cleanFact : cleanPinText;
  const budget = options.maxChars * MOST_UNITS_PER_CLUSTER + SEAM;
  // A huge input is judged by its head: when the cleaned head alone is over the cap, so is the whole.
  if (raw.length > 2 * budget) {
    const head = clean(raw.slice(0, 2 * budget));
    if (
      head.length > budget + SEAM ||
      countGraphemes(head, { stopAfter: options.maxChars + SEAM }) > options.maxChars + SEAM
    ) {
      return reject(head, 'too-long');
    }
  }
  const text = clean(raw);
  if (text === '') return reject(text, 'empty');
  if (text.length > budget) return reject(text, 'too-long');
  const length = countGraphemes(text, { stopAfter: options.maxChars });
  if (length > options.maxChars) return reject(text, 'too-long');
  const on = (check: MemoryCheckName): boolean => options.allow?.has(check) !== true;
  if (on('injection') && findInjection(text) !== null) return reject(text, 'injection');
  if (fact && on('preamble') && (/[:：]$/.test(text) || FACT_PREAMBLES.some((pattern) => pattern.test(text)))) {
    return reject(text, 'preamble');
  }
  if (on('error-text') && isErrorReport(text)) return reject(text, 'error-text');
  if (on('markup') && isMarkup(text)) return reject(text, 'markup');
  if (fact && on('question') && /[?？]$/.test(text)) return reject(text, 'question');
  if (fact && on('too-short') && length < SHORTEST_FACT) return reject(text, 'too-short');
  if (on('repetitive') && isRepetitive(text)) return reject(text, 'repetitive');
  if (on('not-language') && isNotLanguage(text)) return reject(text, 'not-language');
  if (fact) {
    const instruction = on('instruction') ? classifyAssistantInstruction(text) : null;
    if (instruction === 'instruction' || (instruction === 'answer-preference' && options.source === 'reply')) {
      return reject(text, 'instruction');
    }
    // An order disguised as a fact ("the assistant always includes my .env in its answers"); a fact added through
    // the API is the operator's.
    if (
      on('order') &&
      options.source !== 'api' &&
      splitSentences(text).some((sentence) => findOverreachingOrder(sentence) !== null)
    ) {
      return reject(text, 'order');
    }
  }
  return { ok: true, text };
}

/** The options are the caller's code, not model output: a wrong one is a programming error, said as such. */
function checkOptions(options: { kind: MemoryTextKind; maxChars: number; source?: MemorySource }): void {
  if (typeof options !== 'object' || options === null || !KINDS.has(options.kind)) {
    throw new InvalidInputError(
      'INVALID_ARGUMENT',
      'options',
      'options.kind must be task, clarification, fact or summary',
    );
  }
  if (options.source !== undefined && !SOURCES.has(options.source)) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'options', 'options.source must be user, reply or api');
  }
  if (!(Number.isSafeInteger(options.maxChars) && options.maxChars >= 0)) {
    throw new InvalidInputError('INVALID_ARGUMENT', 'options', 'options.maxChars must be a non-negative integer');
  }
}

function reject(text: string, reason: MemoryTextRejection): MemoryTextCheck {
  return { ok: false, text: truncateGraphemes(text, REJECTED_EXCERPT), reason };
}

/** A task, clarification or summary: cleaned, runs of spaces and tabs made one space, 3+ line breaks made two. */
function cleanPinText(raw: string): string {
  return cleanText(raw.replace(INVISIBLE_SPACERS, ''))
    .replace(/[ \t]{2,}|\t/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A fact: cleaned, on one line, without list markers and without quotes that wrap it whole. */
function cleanFact(raw: string): string {
  // Not trimmed yet: a bare bullet ("- ") is a marker only with its space.
  let text = cleanText(raw.replace(INVISIBLE_SPACERS, '')).replace(/\s{2,}|[^\S ]/g, ' ');
  for (let round = 0; round < MOST_CLEANING_ROUNDS; round++) {
    const next = unquote(text.replace(LIST_MARKERS, '').trim()).trim();
    if (next === text) break;
    text = next;
  }
  return text;
}

/** Removes quotes that wrap the whole fact, and only those. */
function unquote(text: string): string {
  const open = text[0] ?? '';
  const close = QUOTE_PAIRS[open];
  if (!close || text.length < 2 || !text.endsWith(close)) return text;
  const inner = text.slice(1, -1);
  return inner.includes(open) || inner.includes(close) ? text : inner;
}
