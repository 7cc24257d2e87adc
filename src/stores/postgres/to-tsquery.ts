/**
 * A tsquery that finds the rows holding every token of a term (a superset of the phrase: the index vectors keep no
 * positions, so the ranking checks the order), its last token as a prefix when the term is one. Each token is quoted
 * as a tsquery lexeme (`'` and `\` escaped) and the text is cast with `::tsquery`, which, unlike `to_tsquery`, neither
 * parses nor folds it: a token is matched exactly as the core gave it, whatever its script or punctuation. Null when
 * no token fits a tsvector lexeme (2046 bytes): the caller then matches the term without the index.
 */
export function toTsquery(term: { tokens: readonly string[]; prefix?: boolean | undefined }): string | null {
  const last = term.tokens.length - 1;
  const lexemes = term.tokens.flatMap((token, index) =>
    Buffer.byteLength(token) < MAX_LEXEME_BYTES
      ? [`${quoteLexeme(token)}${index === last && term.prefix ? ':*' : ''}`]
      : [],
  );
  return lexemes.length === 0 ? null : lexemes.join(' & ');
}

const MAX_LEXEME_BYTES = 2047;

export function quoteLexeme(token: string): string {
  return `'${token.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
