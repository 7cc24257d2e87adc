/**
 * A tsquery that finds the rows holding a term in one of its fields, for the GIN index of `index_vector`, whose
 * lexemes are a field's number, a space and a token: per field, every token of the term (the last one as a prefix
 * when the term is one), the fields ORed. The vectors keep no positions, so a phrase is found as its tokens and the
 * caller checks their order. Each lexeme is quoted (`'` and `\` escaped) and the text is cast with `::tsquery`,
 * which, unlike `to_tsquery`, neither parses nor folds it: a token is matched exactly as the core gave it, whatever
 * its script or punctuation. `exact` is false when a token was too long for a lexeme (2046 bytes) and left out; null
 * when a field has no token left (the caller then matches the term without the index).
 */
export function toTsquery(
  term: { tokens: readonly string[]; prefix?: boolean | undefined },
  fields: readonly number[],
): { query: string; exact: boolean } | null {
  const last = term.tokens.length - 1;
  let exact = true;
  const groups: string[] = [];
  for (const field of fields) {
    const lexemes = term.tokens.flatMap((token, index) => {
      const lexeme = `${field} ${token}`;
      if (Buffer.byteLength(lexeme) >= MAX_LEXEME_BYTES) {
        exact = false;
        return [];
      }
      return [`${quoteLexeme(lexeme)}${index === last && term.prefix ? ':*' : ''}`];
    });
    if (lexemes.length === 0) return null;
    groups.push(lexemes.length === 1 ? (lexemes[0] as string) : `(${lexemes.join(' & ')})`);
  }
  return groups.length === 0 ? null : { query: groups.join(' | '), exact };
}

const MAX_LEXEME_BYTES = 2047;

export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
