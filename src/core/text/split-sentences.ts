// These end a sentence wherever they stand (Chinese and Japanese need no space after them).
const WIDE_TERMINATORS = new Set(['。', '！', '？', '｡']);

import { CJK_LETTER, CJK_LETTERS, SCRIPT } from './scripts.js';

// Trailing quotes, brackets and emphasis that belong to the sentence they close.
const CLOSERS = new Set(['"', "'", '”', '’', '」', '』', ')', '）', ']', '】', '》', '〉', '*', '_']);
// Inside these pairs a terminator does not end the outer sentence (a quoted sentence inside a sentence).
const QUOTE_OPENERS = new Set(['「', '『', '“']);
const QUOTE_CLOSERS = new Set(['」', '』', '”']);
// A period after these does not end a sentence (compared lower-cased, without the period).
const ABBREVIATIONS = new Set('e.g i.e eg ie vs mr mrs ms dr prof st jr sr cf'.split(' '));
const ABBREVIATIONS_UNLESS_CAPITAL_FOLLOWS = new Set('etc approx incl a.m p.m'.split(' '));
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const URL_START = /(?:https?:\/\/|www\.)/y;
// A URL ends at white space, at CJK text or punctuation, or at characters that cannot be in a bare URL.
const URL_END = new RegExp(`[\\s<>"\`${CJK_LETTERS}${SCRIPT.widePunctuation}]`, 'u');
const URL_TRAILING_PUNCTUATION = /[.,;:!?)\]'"]+$/;
// How far the splitter looks around a period (for the word before it and the character after), and into inline code.
const LOOK_AROUND = 40;
const LONGEST_INLINE_CODE = 1000;

/**
 * Splits text into sentences, for English and CJK. A sentence ends at `。！？!?.` (when the next character allows it)
 * and at every line break. Fenced code blocks come back whole, as one item each; URLs, inline code, decimals
 * (3.5), file names (a.ts), common abbreviations (e.g., Mr.) and numbered-list markers are never split.
 * Items are trimmed and never empty; their text is otherwise verbatim.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let prose: string[] = [];
  let fence: { marker: string; lines: string[] } | null = null;
  for (const line of text.split('\n')) {
    if (fence) {
      fence.lines.push(line);
      if (line.trim().startsWith(fence.marker) && line.trim().replace(/[`~]/g, '') === '') {
        sentences.push(fence.lines.join('\n').trim());
        fence = null;
      }
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening?.[1]) {
      splitProse(prose.join('\n'), sentences);
      prose = [];
      fence = { marker: opening[1], lines: [line] };
      continue;
    }
    prose.push(line);
  }
  splitProse(prose.join('\n'), sentences);
  if (fence) sentences.push(fence.lines.join('\n').trim());
  return sentences;
}

/** Appends the sentences of `text` to `sentences` (a spread of a huge array would overflow the stack). */
function splitProse(text: string, sentences: string[]): void {
  let start = 0;
  let quoteDepth = 0;
  const cut = (end: number) => {
    const sentence = text.slice(start, end).trim();
    if (sentence !== '') sentences.push(sentence);
    start = end;
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '\n') {
      cut(index);
      quoteDepth = 0;
      index += 1;
    } else if (char === '`') {
      index = skipInlineCode(text, index);
    } else if ((char === 'h' || char === 'w') && isWordStart(text, index) && startsUrl(text, index)) {
      index = urlEnd(text, index);
    } else if (QUOTE_OPENERS.has(char)) {
      quoteDepth += 1;
      index += 1;
    } else if (QUOTE_CLOSERS.has(char)) {
      quoteDepth = Math.max(0, quoteDepth - 1);
      index += 1;
    } else if (quoteDepth === 0 && (WIDE_TERMINATORS.has(char) || char === '!' || char === '?' || char === '.')) {
      const end = sentenceEnd(text, index);
      if (end === null) {
        // Skip the whole run, so that the last dot of "..." is not taken for a period of its own.
        do index += 1;
        while (index < text.length && /[.!?。！？｡]/.test(text[index] as string));
      } else {
        cut(end);
        index = end;
      }
    } else {
      index += 1;
    }
  }
  cut(text.length);
}

/** Where the sentence whose terminator is at `index` ends, or null when the terminator does not end one. */
function sentenceEnd(text: string, index: number): number | null {
  const char = text[index] as string;
  let end = index + 1;
  while (end < text.length && /[.!?。！？｡]/.test(text[end] as string)) end += 1;
  const dots = char === '.' ? end - index : 0;
  while (end < text.length && CLOSERS.has(text[end] as string)) end += 1;
  if (WIDE_TERMINATORS.has(char)) return end;
  const next = text[end];
  if (next !== undefined && !/\s/.test(next) && !CJK_LETTER.test(next)) return null;
  if (char !== '.') return end;
  const following = /\S/.exec(text.slice(end, end + LOOK_AROUND))?.[0];
  if (dots > 1)
    return following === undefined || /[\p{Lu}\d]/u.test(following) || CJK_LETTER.test(following) ? end : null;
  return isAbbreviationOrMarker(text, index, following) ? null : end;
}

function isAbbreviationOrMarker(text: string, periodIndex: number, following: string | undefined): boolean {
  let wordStart = periodIndex;
  while (
    wordStart > 0 &&
    periodIndex - wordStart < LOOK_AROUND &&
    !/[\s(（[「"“]/.test(text[wordStart - 1] as string)
  ) {
    wordStart -= 1;
  }
  const word = text.slice(wordStart, periodIndex);
  const lower = word.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return true;
  if (ABBREVIATIONS_UNLESS_CAPITAL_FOLLOWS.has(lower)) return following !== undefined && !/\p{Lu}/u.test(following);
  // U.S., a.k.a.; a lone capital is not taken for an initial, as "option C. Then…" is far more common in chat.
  if (/^(?:\p{L}\.)+\p{L}$/u.test(word)) return true;
  return /^\d{1,3}$/.test(word) && /(?:^|\n)[ \t]*$/.test(text.slice(Math.max(0, wordStart - LOOK_AROUND), wordStart)); // "1. Install" opens a numbered item
}

function skipInlineCode(text: string, index: number): number {
  let runEnd = index;
  while (text[runEnd] === '`') runEnd += 1;
  const run = text.slice(index, runEnd);
  // Inline code ends on its line; the search is bounded so that stray backticks cost little in a long text.
  const window = text.slice(runEnd, runEnd + LONGEST_INLINE_CODE);
  const close = window.indexOf(run);
  const lineBreak = window.indexOf('\n');
  if (close === -1 || (lineBreak !== -1 && lineBreak < close)) return runEnd;
  return runEnd + close + run.length;
}

function isWordStart(text: string, index: number): boolean {
  const previous = text[index - 1];
  return previous === undefined || !/[\p{L}\p{N}_\-/.]/u.test(previous);
}

function startsUrl(text: string, index: number): boolean {
  URL_START.lastIndex = index;
  return URL_START.test(text);
}

function urlEnd(text: string, index: number): number {
  let end = index;
  while (end < text.length && !URL_END.test(text[end] as string)) end += 1;
  const trailing = URL_TRAILING_PUNCTUATION.exec(text.slice(index, end))?.[0].length ?? 0;
  return end - trailing;
}
