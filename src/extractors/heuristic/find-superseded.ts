// Choices that exclude each other: preferring one of them replaces a stated preference for another.
const EXCLUSIVE_CHOICES: ReadonlyArray<readonly string[]> = [
  ['npm', 'pnpm', 'yarn', 'bun'],
  ['jest', 'vitest', 'mocha', 'ava'],
  ['tabs', 'spaces'],
  ['single quotes', 'double quotes'],
  ['dark mode', 'light mode'],
  ['dark theme', 'light theme'],
  ['vim', 'neovim', 'emacs', 'vs ?code', 'cursor', 'zed', 'sublime text', 'intellij', 'webstorm'],
];
const PREFERENCE = /prefer|偏好|偏爱|偏愛|好き|好み|愛用|爱用/i;
const NEGATION = /\bnot\b|n't\b|\bnever\b|\bhates?\b|\bdislikes?\b|不|没|沒|ない|嫌い|苦手/i;
// A preference with a condition ("for monorepos", "在公司里", "仕事では") may stand beside a general one.
const QUALIFIED =
  /\b(?:for|when|in|at|on|with|if|unless|except|but|at work|at home)\b|时|時|对于|對於|在|场合|場合|では|なら|場合/i;

/**
 * Ids of known facts that the new facts contradict, by one narrow and reliable rule: a new preference naming exactly
 * one option of a set of exclusive choices (npm/pnpm/yarn/bun, tabs/spaces, …) replaces a known preference naming
 * only other options of that set. Negated or qualified statements ("for monorepos") and facts naming several options
 * of a set are never matched.
 */
export function findSuperseded(
  facts: readonly string[],
  knownFacts: ReadonlyArray<{ id: number; text: string }>,
): number[] {
  const superseded: number[] = [];
  for (const fact of facts) {
    if (!isPlainPreference(fact)) continue;
    for (const choices of EXCLUSIVE_CHOICES) {
      const named = choicesIn(fact, choices);
      if (named.length !== 1) continue;
      for (const known of knownFacts) {
        if (superseded.includes(known.id) || !isPlainPreference(known.text)) continue;
        const knownNamed = choicesIn(known.text, choices);
        if (knownNamed.length > 0 && !knownNamed.includes(named[0] as string)) superseded.push(known.id);
      }
    }
  }
  return superseded;
}

function isPlainPreference(text: string): boolean {
  return PREFERENCE.test(text) && !NEGATION.test(text) && !QUALIFIED.test(text);
}

function choicesIn(text: string, choices: readonly string[]): string[] {
  return choices.filter((choice) => new RegExp(`(?<![\\p{L}\\p{N}_-])${choice}(?![\\p{L}\\p{N}_-])`, 'iu').test(text));
}
