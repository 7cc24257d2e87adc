import type { SearchTerm } from '../../spec/memory-store.js';

/**
 * The FTS5 expression of one search term: its tokens as one double-quoted phrase, limited to the columns of its
 * fields (`{text_tokens context_tokens} : "deploy servic"`), with `*` when its last token is a prefix. The tokens
 * are the core's; nothing in them is ever read as query syntax (`"`, `*`, `:`, `OR`, `NEAR(`), and the tokenizer
 * of the tables (`ascii`) only splits them at spaces.
 */
export function toFts5Match<Field extends string>(term: SearchTerm<Field>, columns: Readonly<Record<Field, string>>) {
  const phrase = quoteFts5(term.tokens.join(' '));
  return `{${term.fields.map((field) => columns[field]).join(' ')}} : ${phrase}${term.prefix ? '*' : ''}`;
}

export function quoteFts5(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}
