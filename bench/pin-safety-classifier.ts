/**
 * An experiment for issue 22, section 3 (decision 27): can a learned screen beside the order rules keep attempts out
 * of a pin on text it never saw? Logistic regression over hashed character n-grams and word pairs of each sentence,
 * trained on the development half, the order sentences, legitimate memory texts, the extraction set and chat corpora
 * (negatives). Every choice (regularisation, threshold) is made by 5-fold cross-validation over the development half's
 * cases; the frozen half is then run once through a real stack, the classifier wrapping the default memory policy.
 *
 * `npx tsx bench/pin-safety-classifier.ts [--frozen]`: without `--frozen`, the cross-validation alone.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findOverreachingOrder } from '../src/core/memory-rules/find-overreaching-order.js';
import { normalizeForMatching } from '../src/core/memory-rules/normalize-for-matching.js';
import { splitSentences } from '../src/core/text/split-sentences.js';
import { defaultMemoryPolicy, type MemoryPolicy } from '../src/index.js';
import { LOCOMO_PATH, loadLocomo } from './locomo.js';
import { MEMORYBANK_PATHS } from './memorybank.js';
import { foldForMatching, scorePinSafety } from './pin-safety.js';
import { loadPinSafetySet, type PinSafetyCase } from './pin-safety-set.js';
import { printTable } from './print-table.js';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string): unknown => JSON.parse(readFileSync(resolve(here, '../test/fixtures', name), 'utf8'));

const BUCKETS = 1 << 18;
const EPOCHS = 8;

/** FNV-1a of a string, into the feature space. */
function bucket(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % BUCKETS;
}

/** The features of a sentence: character 1- to 4-grams and word 1- and 2-grams of its normalized text. */
function features(sentence: string): number[] {
  const text = ` ${normalizeForMatching(sentence).slice(0, 600)} `;
  const found = new Set<number>();
  for (let n = 1; n <= 4; n += 1) {
    for (let index = 0; index + n <= text.length; index += 1)
      found.add(bucket(`c${n}:${text.slice(index, index + n)}`));
  }
  const words = text.split(/\s+/u).filter((word) => word !== '');
  for (let index = 0; index < words.length; index += 1) {
    found.add(bucket(`w:${words[index]}`));
    if (index + 1 < words.length) found.add(bucket(`b:${words[index]} ${words[index + 1]}`));
  }
  return [...found];
}

interface Example {
  features: number[];
  positive: boolean;
}

function train(examples: readonly Example[], lambda: number): Float64Array {
  const weights = new Float64Array(BUCKETS + 1);
  const squares = new Float64Array(BUCKETS + 1).fill(1e-8);
  const positives = examples.filter((example) => example.positive).length;
  const positiveWeight = Math.max(1, (examples.length - positives) / Math.max(1, positives));
  const order = examples.map((_, index) => index);
  let seed = 7;
  const random = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  for (let epoch = 0; epoch < EPOCHS; epoch += 1) {
    for (let index = order.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [order[index], order[other]] = [order[other] as number, order[index] as number];
    }
    for (const at of order) {
      const example = examples[at] as Example;
      const scale = 1 / Math.sqrt(example.features.length);
      const margin = score(weights, example.features);
      const target = example.positive ? 1 : 0;
      const gradient = (margin - target) * (example.positive ? positiveWeight : 1);
      for (const feature of [...example.features, BUCKETS]) {
        const value = feature === BUCKETS ? 1 : scale;
        const step = gradient * value + lambda * (weights[feature] as number);
        squares[feature] = (squares[feature] as number) + step * step;
        weights[feature] = (weights[feature] as number) - (0.5 * step) / Math.sqrt(squares[feature] as number);
      }
    }
  }
  return weights;
}

function score(weights: Float64Array, feature: readonly number[]): number {
  const scale = 1 / Math.sqrt(Math.max(1, feature.length));
  let sum = weights[BUCKETS] as number;
  for (const index of feature) sum += (weights[index] as number) * scale;
  return 1 / (1 + Math.exp(-sum));
}

/** A case's sentences, each marked positive when it holds one of an attempt's phrases. */
function caseExamples(item: PinSafetyCase): Example[] {
  return splitSentences(item.message).map((sentence) => ({
    features: features(sentence),
    positive:
      item.label === 'attack' &&
      (item.mustNotStore ?? []).some((phrase) => foldForMatching(sentence).includes(foldForMatching(phrase))),
  }));
}

/** Everything but the development half: order sentences, legitimate texts, extraction messages, chat sentences. */
function otherExamples(): { training: Example[]; heldOutChat: string[] } {
  const examples: Example[] = [];
  const add = (text: string, positive: boolean): void => {
    for (const sentence of splitSentences(text)) examples.push({ features: features(sentence), positive });
  };
  const orders = (fixture('order-sentences.json') as { sentences: Record<string, Record<string, string[]>> }).sentences;
  for (const byLabel of Object.values(orders)) {
    for (const text of byLabel.attack ?? []) examples.push({ features: features(text), positive: true });
    for (const text of byLabel.legit ?? []) add(text, false);
  }
  for (const { text } of (fixture('legit-memory-texts.json') as { texts: Array<{ text: string }> }).texts) {
    add(text, false);
  }
  for (const { message } of (fixture('extraction-set.json') as { cases: Array<{ message: string }> }).cases) {
    add(message, false);
  }
  const chat: string[] = [];
  for (const conversation of loadLocomo(LOCOMO_PATH)) {
    for (const session of conversation.sessions) for (const turn of session.turns) chat.push(turn.text);
  }
  const bank = JSON.parse(readFileSync(MEMORYBANK_PATHS.zh, 'utf8')) as Record<
    string,
    { history: Record<string, Array<{ query: string }>> }
  >;
  for (const person of Object.values(bank)) {
    for (const day of Object.values(person.history)) for (const { query } of day) chat.push(query);
  }
  const sentences = chat.flatMap((text) => splitSentences(text));
  // Every fourth chat sentence is held out, for the false-flag rate on ordinary chat.
  const heldOutChat = sentences.filter((_, index) => index % 4 === 0);
  for (const sentence of sentences.filter((_, index) => index % 4 !== 0 && index % 3 === 0)) {
    examples.push({ features: features(sentence), positive: false });
  }
  return { training: examples, heldOutChat };
}

/**
 * A case through the copying extractor, simulated at the sentence level: a task or an answer keeps the sentences
 * neither the rules nor the classifier flag; a fact is refused whole when any is flagged.
 */
function simulate(
  item: PinSafetyCase,
  flagged: (sentence: string) => boolean,
  withRules = true,
): { stored: boolean; lost: boolean } {
  const sentences = splitSentences(item.message);
  const drop = sentences.map(
    (sentence) => (withRules && findOverreachingOrder(sentence) !== null) || flagged(sentence),
  );
  const kept =
    item.kind === 'fact'
      ? drop.some(Boolean)
        ? ''
        : item.message
      : sentences.filter((_, index) => !drop[index]).join(' ');
  const held = foldForMatching(kept);
  return {
    stored: (item.mustNotStore ?? []).some((phrase) => held.includes(foldForMatching(phrase))),
    lost: kept === '' || (item.mustKeep ?? []).some((phrase) => !held.includes(foldForMatching(phrase))),
  };
}

const THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.98, 0.99, 0.995, 1.01];
const LAMBDAS = [1e-6, 1e-5, 1e-4];

async function main(): Promise<void> {
  const dev = loadPinSafetySet('dev').cases;
  const { training: others, heldOutChat } = otherExamples();
  const folds = 5;
  const rows: string[][] = [];
  let best: { lambda: number; threshold: number; stored: number; lost: number } | undefined;
  for (const lambda of LAMBDAS) {
    const results = THRESHOLDS.map(() => ({ stored: 0, lost: 0, alone: 0, aloneLost: 0 }));
    for (let fold = 0; fold < folds; fold += 1) {
      const test = dev.filter((_, index) => index % folds === fold);
      const trainCases = dev.filter((_, index) => index % folds !== fold);
      const weights = train([...others, ...trainCases.flatMap(caseExamples)], lambda);
      const scored = new Map<string, number>();
      const probability = (sentence: string): number => {
        let known = scored.get(sentence);
        if (known === undefined) {
          known = score(weights, features(sentence));
          scored.set(sentence, known);
        }
        return known;
      };
      THRESHOLDS.forEach((threshold, at) => {
        for (const item of test) {
          const outcome = simulate(item, (sentence) => probability(sentence) > threshold);
          const alone = simulate(item, (sentence) => probability(sentence) > threshold, false);
          const result = results[at] as { stored: number; lost: number; alone: number; aloneLost: number };
          if (item.label === 'attack' && outcome.stored) result.stored += 1;
          if (item.label === 'legit' && outcome.lost) result.lost += 1;
          if (item.label === 'attack' && alone.stored) result.alone += 1;
          if (item.label === 'legit' && alone.lost) result.aloneLost += 1;
        }
      });
    }
    const attacks = dev.filter((item) => item.label === 'attack').length;
    const legit = dev.length - attacks;
    THRESHOLDS.forEach((threshold, at) => {
      const { stored, lost, alone, aloneLost } = results[at] as {
        stored: number;
        lost: number;
        alone: number;
        aloneLost: number;
      };
      rows.push([
        String(lambda),
        String(threshold),
        `${stored}/${attacks}`,
        `${lost}/${legit}`,
        `${alone}/${attacks}`,
        `${aloneLost}/${legit}`,
      ]);
      if (lost <= 0.02 * legit && (best === undefined || stored < best.stored))
        best = { lambda, threshold, stored, lost };
    });
  }
  printTable(
    'pin-safety classifier, 5-fold cross-validation over the development half (copying extractor, simulated; rules OR classifier)',
    ['lambda', 'threshold', 'attacks stored', 'legit lost', 'classifier alone: stored', 'alone: lost'],
    rows,
  );
  if (!best) throw new Error('no setting keeps legitimate losses at 2%');
  console.log(
    `chosen: lambda ${best.lambda}, threshold ${best.threshold} (CV: ${best.stored} stored, ${best.lost} lost)`,
  );
  const weights = train([...others, ...dev.flatMap(caseExamples)], best.lambda);
  const threshold = best.threshold;
  const flagged = (sentence: string): boolean => score(weights, features(sentence)) > threshold;
  const falseFlags = heldOutChat.filter(flagged).length;
  const rules = heldOutChat.filter((sentence) => findOverreachingOrder(sentence) !== null).length;
  console.log(
    `held-out chat sentences flagged: classifier ${falseFlags} of ${heldOutChat.length} (${((falseFlags / heldOutChat.length) * 10_000).toFixed(1)} per 10,000); rules ${rules}`,
  );
  if (!process.argv.includes('--frozen')) return;
  const policy = classifierPolicy(flagged);
  const frozen = loadPinSafetySet('frozen').cases;
  for (const extractor of ['copying', 'heuristic'] as const) {
    for (const [name, chosen] of [
      ['rules', undefined],
      ['rules + classifier', policy],
    ] as const) {
      const scores = await scorePinSafety(frozen, extractor, { ids: false, ...(chosen ? { policy: chosen } : {}) });
      printTable(
        `pin safety, frozen half, ${extractor} extractor, ${name}`,
        ['language', 'attacks stored', 'legit lost'],
        Object.entries(scores).map(([language, score]) => [
          language,
          `${score.attacksStored}/${score.attacks}`,
          `${score.legitLost}/${score.legit}`,
        ]),
      );
    }
  }
}

/** The default policy, with each sentence the classifier flags dropped from tasks and answers, and facts refused. */
function classifierPolicy(flagged: (sentence: string) => boolean): MemoryPolicy {
  const rules = defaultMemoryPolicy();
  return {
    ...rules,
    admit: (candidate) => {
      const verdict = rules.admit(candidate);
      if (!verdict.ok || candidate.source === 'api' || candidate.kind === 'summary') return verdict;
      const sentences = splitSentences(verdict.text);
      const drop = sentences.map(flagged);
      if (!drop.some(Boolean)) return verdict;
      if (candidate.kind === 'fact') return { ok: false, text: verdict.text, reason: 'classifier' };
      const kept = sentences.filter((_, index) => !drop[index]).join(' ');
      const dropped = sentences.filter((_, index) => drop[index]).map((text) => ({ text, reason: 'classifier' }));
      return kept === ''
        ? { ok: false, text: verdict.text, reason: 'classifier', dropped }
        : { ok: true, text: kept, dropped: [...(verdict.dropped ?? []), ...dropped] };
    },
  };
}

await main();
