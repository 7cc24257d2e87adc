import { z } from 'zod';

/** One labelled message of an extraction set (`test/fixtures/extraction-*.json`). */
export const extractionCaseSchema = z.object({
  id: z.string().min(1),
  language: z.enum(['en', 'zh', 'ja', 'es']),
  domain: z.enum(['coding', 'assistant', 'companion', 'work']),
  message: z.string().min(1),
  /** The user's turn before this one (a clarification case: the task the assistant asked about). */
  previousMessage: z.string().min(1).optional(),
  /** The assistant's reply before this message (e.g. the clarifying question). */
  previousReply: z.string().min(1).optional(),
  /** Facts already stored before the message. */
  stored: z.array(z.string().min(1)).optional(),
  /** What a careful person would keep, in the third person, without filler. */
  facts: z.array(z.string().min(1)),
  /** True when nothing should be kept (then `facts` is empty). */
  skip: z.boolean(),
  /** Texts of `stored` facts the message replaces. */
  supersedes: z.array(z.string().min(1)),
  /**
   * Key phrases of the task a pin must hold (all of them, see `pinMatches`); null: nothing may be pinned (a question,
   * a greeting); absent: the pin is not scored.
   */
  pin: z.array(z.string().min(1)).min(1).nullable().optional(),
});
export type ExtractionCase = z.infer<typeof extractionCaseSchema>;

export const extractionSetSchema = z.object({
  description: z.string(),
  cases: z.array(extractionCaseSchema),
});

/** `test/fixtures/recorded-extractions.json`: a model's raw reply to each extraction call of a case. */
export const recordedExtractionsSchema = z.object({
  description: z.string(),
  recordings: z.array(
    z.object({
      /** The case of `extraction-set.json`. */
      id: z.string().min(1),
      /** One reply per extraction call, found by the user message the call is about (the prompt's <user_message>). */
      outputs: z.array(z.object({ message: z.string().min(1), output: z.string() })).min(1),
    }),
  ),
});
export type RecordedExtractions = z.infer<typeof recordedExtractionsSchema>;

/** What an extractor path produced for one case. */
export interface ExtractionOutcome {
  /** New live facts after the message. */
  facts: string[];
  /** Stored facts no longer live after the message. */
  superseded: string[];
  /** The pin as the model sees it, or null. */
  pinned: string | null;
}

/**
 * Folds what does not change a fact's meaning: NFKC, case, punctuation, symbols and whitespace. Nothing else
 * ("User's team uses" and "User uses" stay different facts).
 */
export function normaliseFact(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\s]+/gu, '');
}

/**
 * Null expected: passes only when nothing is pinned. Key phrases expected: passes when something is pinned and every
 * phrase, normalised as a fact is, occurs in the normalised pinned text (so a clarification's pin must carry the
 * subject of the question it answers).
 */
export function pinMatches(expected: readonly string[] | null, pinned: string | null): boolean {
  if (expected === null) return pinned === null;
  if (pinned === null) return false;
  const held = normaliseFact(pinned);
  return expected.every((phrase) => held.includes(normaliseFact(phrase)));
}

// Who a fact is about and the words around it: not what it says. The bench's own list (a scoring rule, not memstack's).
const NOT_CONTENT = new Set(
  `user user's users usuario usuaria del de la el los las su sus the a an of to in and y en is es 用户 用戶 ユーザー`.split(
    ' ',
  ),
);
const UNSPACED_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

/**
 * The content words of a fact, to compare wordings: folded as `normaliseFact` folds, accents off, the subject words
 * out; a run of Chinese or Japanese letters as its letter pairs (the usual unit for comparing unspaced text).
 */
export function contentWords(text: string): Set<string> {
  const folded = text.normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  const words = new Set<string>();
  for (const run of folded.match(UNSPACED_RUN) ?? []) {
    const letters = [...run];
    if (letters.length === 1) words.add(run);
    for (let index = 0; index + 1 < letters.length; index += 1) words.add(`${letters[index]}${letters[index + 1]}`);
  }
  for (const word of folded.replace(UNSPACED_RUN, ' ').match(/[\p{L}\p{N}']+/gu) ?? [])
    if (!NOT_CONTENT.has(word)) words.add(word);
  for (const word of NOT_CONTENT) words.delete(word);
  return words;
}

/**
 * Whether two wordings of a fact say the same: at least half their content words shared (Dice coefficient >= 0.5,
 * fixed before any set was scored with it). Labels written by another person word the same fact differently
 * ("laburo de enfermera" kept as "trabaja de enfermera"), which an exact comparison counts as wrong.
 */
export function sameContent(left: string, right: string): boolean {
  const a = contentWords(left);
  const b = contentWords(right);
  if (a.size === 0 || b.size === 0) return false;
  const shared = [...a].filter((word) => b.has(word)).length;
  return (2 * shared) / (a.size + b.size) >= 0.5;
}

/** Pairs predicted and expected facts one to one, each to the first unpaired one that `sameContent` accepts. */
function pairByContent(predicted: readonly string[], expected: readonly string[]): number {
  const free = [...expected];
  let paired = 0;
  for (const fact of predicted) {
    const index = free.findIndex((wanted) => sameContent(fact, wanted));
    if (index === -1) continue;
    free.splice(index, 1);
    paired += 1;
  }
  return paired;
}

export interface ExtractionScore {
  cases: number;
  predicted: number;
  expected: number;
  matchedPredicted: number;
  matchedExpected: number;
  /** matched predicted / predicted (1 when nothing was predicted). */
  precision: number;
  /** matched expected / expected (1 when nothing was expected). */
  recall: number;
  /** Precision and recall with facts paired by `sameContent` rather than by their exact words. */
  contentPrecision: number;
  contentRecall: number;
  /** Cases with some stored fact whose predicted supersedes equal the expected ones (as sets). */
  supersedeCases: number;
  supersedeAccuracy: number;
  /** Cases with `pin` set (a task or null) that `pinMatches`. */
  pinCases: number;
  pinAccuracy: number;
  /** Skip cases where nothing new was kept. */
  skipCases: number;
  skipAccuracy: number;
}

/** Scores outcomes against their cases (pairs in the same order). */
export function scoreExtraction(
  pairs: ReadonlyArray<{ case: ExtractionCase; outcome: ExtractionOutcome }>,
): ExtractionScore {
  let predicted = 0;
  let expected = 0;
  let matchedPredicted = 0;
  let matchedExpected = 0;
  let supersedeCases = 0;
  let supersedeRight = 0;
  let pinCases = 0;
  let pinRight = 0;
  let skipCases = 0;
  let skipRight = 0;
  let pairedByContent = 0;
  for (const { case: item, outcome } of pairs) {
    pairedByContent += pairByContent([...new Set(outcome.facts)], [...new Set(item.facts)]);
    const want = new Set(item.facts.map(normaliseFact));
    const got = new Set(outcome.facts.map(normaliseFact));
    predicted += got.size;
    expected += want.size;
    matchedPredicted += [...got].filter((fact) => want.has(fact)).length;
    matchedExpected += [...want].filter((fact) => got.has(fact)).length;
    if ((item.stored ?? []).length > 0) {
      supersedeCases += 1;
      const wantGone = new Set(item.supersedes.map(normaliseFact));
      const gone = new Set(outcome.superseded.map(normaliseFact));
      if (wantGone.size === gone.size && [...gone].every((fact) => wantGone.has(fact))) supersedeRight += 1;
    }
    if (item.pin !== undefined) {
      pinCases += 1;
      if (pinMatches(item.pin, outcome.pinned)) pinRight += 1;
    }
    if (item.skip) {
      skipCases += 1;
      if (outcome.facts.length === 0) skipRight += 1;
    }
  }
  const ratio = (part: number, whole: number): number => (whole === 0 ? 1 : part / whole);
  return {
    cases: pairs.length,
    predicted,
    expected,
    matchedPredicted,
    matchedExpected,
    precision: ratio(matchedPredicted, predicted),
    recall: ratio(matchedExpected, expected),
    contentPrecision: ratio(pairedByContent, predicted),
    contentRecall: ratio(pairedByContent, expected),
    supersedeCases,
    supersedeAccuracy: ratio(supersedeRight, supersedeCases),
    pinCases,
    pinAccuracy: ratio(pinRight, pinCases),
    skipCases,
    skipAccuracy: ratio(skipRight, skipCases),
  };
}
