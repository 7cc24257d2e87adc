// List bullets, numbered items, headings and block quotes: markup around a sentence, not part of it.
const LEADING_MARKUP = /^(?:\s*(?:[-*+•・]\s+|\d{1,3}[.)]\s+|\d{1,3}、|[（(]\d{1,3}[)）]\s*|#{1,6}\s+|>\s*))+/;
const EMPHASIS = /^(\*\*|__)(.+)\1$/;

/** One sentence without list, heading or quote markup and with its white space compacted. */
export function cleanSentence(sentence: string): string {
  const compact = sentence.replace(/\s+/g, ' ').trim().replace(LEADING_MARKUP, '').trim();
  return compact.replace(EMPHASIS, '$2').trim();
}
