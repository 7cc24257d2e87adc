/** Counts tokens. memstack's default uses gpt-tokenizer (o200k_base); providers' own counts come from `usage`. */
export interface Tokenizer {
  readonly specificationVersion: 'v1';
  readonly name: string;
  count(text: string): number;
}
