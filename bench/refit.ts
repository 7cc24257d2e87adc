import { existsSync } from 'node:fs';
import { askedAnswerKind } from '../src/core/search/answer-kind.js';
import { type BuildFactQueryOptions, buildFactQuery, isEmptyQuery } from '../src/core/search/build-fact-query.js';
import { buildSearchQuery, type SearchWeights } from '../src/core/search/build-search-query.js';
import { findEntities } from '../src/core/search/find-entities.js';
import { isPastReference } from '../src/core/search/is-past-reference.js';
import { rankFacts } from '../src/core/search/rank-facts.js';
import { rankTurns } from '../src/core/search/rank-turns.js';
import { spokenOfRole } from '../src/core/search/spoken-of-role.js';
import { TURN_CONTEXT_REACH } from '../src/core/search/turn-neighbours.js';
import { stripSenderMetadata } from '../src/core/text/strip-sender-metadata.js';
import { deriveSessionHandle } from '../src/index.js';
import type { FactCandidate, TurnCandidate } from '../src/spec/memory-store.js';
import { type SqliteMemoryStore, sqliteStore } from '../src/sqlite.js';
import { createRankedMemoryStack } from '../src/stack/create-memory-stack.js';
import { RANKING_WEIGHTS, type RankingWeights } from '../src/stack/ranking-weights.js';
import { reindexSessionTurns } from '../src/stores/sqlite/reindex-session-turns.js';
import { type LocomoConversation, loadLocomo, partialRecall } from './locomo.js';
import { loadMemoryBank, MEMORYBANK_QUESTIONS_PATH } from './memorybank.js';
import { printTable } from './print-table.js';
import { LOCOMO_HALVES, storeFacts, storeTurns } from './retrieval.js';

/** How many turns a turn's index document quotes as context (`TURN_CONTEXT_REACH`). */
export type Reach = { before: number; after: number };

/** One point of the search: every retrieval constant, and the turn index's reach. */
export interface Config {
  weights: RankingWeights;
  reach: Reach;
}

export type Granularity = 'turns' | 'facts';

/**
 * A constant re-fitted: its grid around today's value, the objective it is fitted on (turns R@5 for what ranks turns,
 * facts R@3 for what ranks facts, the figures the retrieval bench and decision 9 lead with), and how to read and set
 * it in a config.
 */
interface Knob {
  name: string;
  granularity: Granularity;
  grid: readonly number[];
  get(config: Config): number;
  set(config: Config, value: number): Config;
}

export const K = [1, 3, 5, 10] as const;
/** The recall a knob is fitted on: R@5 for turns, R@3 for facts (an index into `K`). */
const OBJECTIVE: Record<Granularity, { at: number; name: string }> = {
  turns: { at: 2, name: 'turns R@5' },
  facts: { at: 1, name: 'facts R@3' },
};
/** What the bench asks for, as the retrieval bench does: the top 10. */
const LIMIT = 10;
/** The most coordinate passes; the search stops earlier when a pass moves nothing. */
const PASSES = 5;
const DAY_MS = 86_400_000;

const withContext = (search: SearchWeights, context: number): SearchWeights => ({
  words: { ...search.words, context },
  grams: { ...search.grams, context },
});

function part<G extends Granularity>(
  granularity: G,
  change: (weights: RankingWeights[G], value: number) => RankingWeights[G],
) {
  return (config: Config, value: number): Config => ({
    ...config,
    weights: { ...config.weights, [granularity]: change(config.weights[granularity], value) },
  });
}

const turnRank = (name: keyof RankingWeights['turns']['rank'], constant: string, grid: number[]): Knob => ({
  name: constant,
  granularity: 'turns',
  grid,
  get: (config) => config.weights.turns.rank[name],
  set: part('turns', (turns, value) => ({ ...turns, rank: { ...turns.rank, [name]: value } })),
});
const factRank = (name: keyof RankingWeights['facts']['rank'], constant: string, grid: number[]): Knob => ({
  name: constant,
  granularity: 'facts',
  grid,
  get: (config) => config.weights.facts.rank[name],
  set: part('facts', (facts, value) => ({ ...facts, rank: { ...facts.rank, [name]: value } })),
});
const reach = (side: keyof Reach, grid: number[]): Knob => ({
  name: `TURN_CONTEXT_REACH.${side}`,
  granularity: 'turns',
  grid,
  get: (config) => config.reach[side],
  set: (config, value) => ({ ...config, reach: { ...config.reach, [side]: value } }),
});

/**
 * Each constant of decision 9 but fusion's: its grid spans about half to twice today's value (the counts and the
 * reach a few steps each way). ENTITY_WEIGHT is one constant today, read by both rankings: fitted for each apart.
 * The candidate counts start at 10, what the bench asks for (fewer would not change what it reads).
 */
const KNOBS: readonly Knob[] = [
  {
    name: 'TURN_SEARCH_WEIGHTS context',
    granularity: 'turns',
    grid: [0.2, 0.3, 0.4, 0.5, 0.6, 0.8],
    get: (config) => config.weights.turns.search.words.context,
    set: part('turns', (turns, value) => ({ ...turns, search: withContext(turns.search, value) })),
  },
  {
    name: 'turn candidates (search-turns)',
    granularity: 'turns',
    grid: [10, 15, 20, 30, 40],
    get: (config) => config.weights.turns.candidates,
    set: part('turns', (turns, value) => ({ ...turns, candidates: value })),
  },
  reach('before', [1, 2, 3]),
  reach('after', [0, 1, 2]),
  turnRank('entityWeight', 'ENTITY_WEIGHT (turns)', [0, 0.15, 0.3, 0.45, 0.6]),
  turnRank('questionWeight', 'QUESTION_WEIGHT', [0, 0.25, 0.5, 0.75, 0.9]),
  turnRank('roleWeight', 'ROLE_WEIGHT', [0, 0.1, 0.2, 0.3, 0.4]),
  turnRank('answerKindWeight', 'ANSWER_KIND_WEIGHT', [0, 0.15, 0.3, 0.45, 0.6]),
  {
    name: 'FACT_SEARCH_WEIGHTS context',
    granularity: 'facts',
    grid: [0.25, 0.35, 0.5, 0.65, 0.8, 1],
    get: (config) => config.weights.facts.search.words.context,
    set: part('facts', (facts, value) => ({ ...facts, search: withContext(facts.search, value) })),
  },
  {
    name: 'fact candidates (search-facts)',
    granularity: 'facts',
    grid: [10, 12, 16, 20, 30],
    get: (config) => config.weights.facts.candidates,
    set: part('facts', (facts, value) => ({ ...facts, candidates: value })),
  },
  factRank('entityWeight', 'ENTITY_WEIGHT (facts)', [0, 0.15, 0.3, 0.45, 0.6]),
  factRank('recencyHalfLifeDays', 'RECENCY_HALF_LIFE_DAYS', [7, 15, 30, 60, 120, 365]),
  factRank('recencyWeight', 'RECENCY_WEIGHT', [0, 0.075, 0.15, 0.3, 0.45]),
  factRank('useWeight', 'USE_WEIGHT', [0, 0.05, 0.1, 0.2, 0.3]),
];

/** A question with what the ranking reads of it, computed once. */
interface Question {
  text: string;
  evidence: string[];
  /** Empty: the search returns nothing (no searchable term; for facts also a question about the past). */
  empty: { turns: boolean; facts: boolean };
  query: ReturnType<typeof buildFactQuery>;
  entities: string[];
  role: ReturnType<typeof spokenOfRole>;
  answerKind: ReturnType<typeof askedAnswerKind>;
}

/** `options`: what the ablation bench changes in how a question becomes terms (none: as the stack builds them). */
export function question(text: string, evidence: string[], options: BuildFactQueryOptions = {}): Question {
  const query = buildFactQuery(text, options);
  const message = stripSenderMetadata(text);
  return {
    text,
    evidence,
    empty: { turns: isEmptyQuery(query), facts: isEmptyQuery(query) || isPastReference(query) },
    query,
    entities: findEntities(message),
    role: spokenOfRole(message),
    answerKind: askedAnswerKind(message),
  };
}

/** One conversation in its stores: turns (re-indexed in place when the reach changes) and, when it has any, facts. */
interface Indexed {
  conversation: LocomoConversation;
  questions: Question[];
  /** When the questions are asked: a day after the conversation's last turn (the facts' recency is read from it). */
  now: Date;
  turns: { store: SqliteMemoryStore; scope: { agentId: string; channelId: string }; key: string; reach: Reach };
  diaIds: Map<number, string>;
  facts: { store: SqliteMemoryStore; scope: { agentId: string; userId: string }; cited: Map<number, string[]> } | null;
}

/** A data set the constants are measured on, indexed once. */
export interface DataSet {
  name: string;
  conversations: Indexed[];
  questions: number;
}

export async function indexDataSet(name: string, conversations: LocomoConversation[]): Promise<DataSet> {
  const indexed: Indexed[] = [];
  for (const conversation of conversations) {
    const turnStore = sqliteStore({ path: ':memory:' });
    const { scope, diaIds } = await storeTurns(conversation, turnStore);
    let facts: Indexed['facts'] = null;
    if (conversation.facts.length > 0) {
      const factStore = sqliteStore({ path: ':memory:' });
      facts = { store: factStore, ...(await storeFacts(conversation, factStore)) };
    }
    const last = Math.max(
      0,
      ...conversation.sessions.flatMap((session) => session.turns.map((turn) => turn.at?.getTime() ?? 0)),
    );
    indexed.push({
      conversation,
      questions: conversation.questions.map((qa) => question(qa.question, qa.evidence)),
      now: new Date(last + DAY_MS),
      turns: { store: turnStore, scope, key: deriveSessionHandle(scope).key, reach: { ...TURN_CONTEXT_REACH } },
      diaIds,
      facts,
    });
  }
  return { name, conversations: indexed, questions: indexed.reduce((sum, item) => sum + item.questions.length, 0) };
}

/** The turn index of a conversation with the given reach: re-indexed in place when it has another. */
function useReach(indexed: Indexed, wanted: Reach): void {
  const { turns } = indexed;
  if (turns.reach.before === wanted.before && turns.reach.after === wanted.after) return;
  turns.store.database.transaction(() => reindexSessionTurns(turns.store.database, turns.key, wanted))();
  turns.reach = { ...wanted };
}

/**
 * Recall@1/3/5/10 of a config on a data set, for turns or facts. The store's candidates are searched once per search
 * config (field weights, count, reach) and kept: a change of a re-ranking weight re-ranks the same candidates with
 * the stack's own ranking functions, in the order `searchTurns` and `searchFacts` call them.
 */
export function evaluator() {
  const candidates = new Map<string, Array<Array<TurnCandidate | FactCandidate>>>();
  const results = new Map<string, number[]>();
  /** Per search config: the hits dropped because their relevance is 0 (see below). */
  const unmatched = new Map<string, number>();

  const searchKey = (set: DataSet, granularity: Granularity, config: Config) => {
    const weights = config.weights[granularity];
    const reachKey = granularity === 'turns' ? `${config.reach.before}/${config.reach.after}` : '';
    return `${set.name}|${granularity}|${JSON.stringify(weights.search)}|${weights.candidates}|${reachKey}`;
  };

  async function search(set: DataSet, granularity: Granularity, config: Config) {
    const key = searchKey(set, granularity, config);
    const known = candidates.get(key);
    if (known) return known;
    const weights = config.weights[granularity];
    const limit = Math.max(LIMIT, weights.candidates);
    const found: Array<Array<TurnCandidate | FactCandidate>> = [];
    for (const indexed of set.conversations) {
      if (granularity === 'turns') useReach(indexed, config.reach);
      const { turns, facts } = indexed;
      for (const item of indexed.questions) {
        if (item.empty[granularity] || (granularity === 'facts' && facts === null)) {
          found.push([]);
          continue;
        }
        const query = buildSearchQuery(item.query, weights.search);
        found.push(
          granularity === 'turns'
            ? ((await turns.store.turnSearch?.search(turns.key, query, { limit })) ?? [])
            : await (facts as NonNullable<Indexed['facts']>).store.facts.search(facts?.scope ?? turns.scope, query, {
                limit,
              }),
        );
      }
    }
    candidates.set(key, found);
    return found;
  }

  const recall = async (set: DataSet, granularity: Granularity, config: Config): Promise<number[]> => {
    const key = `${searchKey(set, granularity, config)}|${JSON.stringify(config.weights[granularity].rank)}`;
    const known = results.get(key);
    if (known) return known;
    const found = await search(set, granularity, config);
    const sums = K.map(() => 0);
    let at = 0;
    let dropped = 0;
    for (const indexed of set.conversations) {
      for (const item of indexed.questions) {
        // A hit of relevance 0 matched only in fields weighted 0 (an ablation's): an index without those fields
        // would not return it. With every field above 0, as today, bm25 gives each hit more than 0: none is dropped.
        const all = found[at++] ?? [];
        const hits = all.filter((hit) => hit.relevance > 0);
        dropped += all.length - hits.length;
        const ranked =
          granularity === 'turns'
            ? rankTurns(
                hits as TurnCandidate[],
                item.entities,
                item.role,
                item.answerKind,
                config.weights.turns.rank,
              ).map(({ turn }) => {
                const id = indexed.diaIds.get(turn.id);
                return id ? [id] : [];
              })
            : rankFacts(hits as FactCandidate[], indexed.now, item.entities, config.weights.facts.rank).map(
                (fact) => indexed.facts?.cited.get(fact.id) ?? [],
              );
        const top = ranked.slice(0, LIMIT);
        K.forEach((k, index) => {
          sums[index] = (sums[index] ?? 0) + partialRecall(item.evidence, top.slice(0, k));
        });
      }
    }
    const figures = sums.map((sum) => sum / Math.max(1, set.questions));
    results.set(key, figures);
    unmatched.set(searchKey(set, granularity, config), dropped);
    return figures;
  };
  /** How many hits of relevance 0 a config's search returned on a set, and the re-ranking dropped (after `recall`). */
  const dropped = (set: DataSet, granularity: Granularity, config: Config): number =>
    unmatched.get(searchKey(set, granularity, config)) ?? 0;
  return Object.assign(recall, { dropped });
}

/**
 * The same figures through the stack itself (`createRankedMemoryStack`, `stack.searchTurns`, `stack.facts.search`):
 * what the bench's cached re-ranking must agree with.
 */
export async function stackRecall(set: DataSet, granularity: Granularity, config: Config): Promise<number[]> {
  const sums = K.map(() => 0);
  for (const indexed of set.conversations) {
    if (granularity === 'turns') useReach(indexed, config.reach);
    const facts = indexed.facts;
    if (granularity === 'facts' && facts === null) continue;
    const store = granularity === 'turns' ? indexed.turns.store : (facts as NonNullable<Indexed['facts']>).store;
    // Not closed: closing a stack closes its store, which the next config reads again.
    const stack = createRankedMemoryStack({ store, now: () => indexed.now }, config.weights);
    for (const item of indexed.questions) {
      const ranked =
        granularity === 'turns'
          ? (await stack.searchTurns(indexed.turns.scope, item.text, { limit: LIMIT })).map((turn) => {
              const id = indexed.diaIds.get(turn.id);
              return id ? [id] : [];
            })
          : (await stack.facts.search(facts?.scope ?? indexed.turns.scope, item.text, { limit: LIMIT })).map(
              (fact) => facts?.cited.get(fact.id) ?? [],
            );
      K.forEach((k, index) => {
        sums[index] = (sums[index] ?? 0) + partialRecall(item.evidence, ranked.slice(0, k));
      });
    }
  }
  return sums.map((sum) => sum / Math.max(1, set.questions));
}

/**
 * Coordinate search on the tuning set: each knob in turn takes the best value of its grid with the others held,
 * for a few passes; a value replaces the current one only when it scores strictly higher (ties keep today's).
 */
async function refit(
  knobs: readonly Knob[],
  start: Config,
  score: (config: Config, granularity: Granularity) => Promise<number>,
): Promise<{ config: Config; passes: number; converged: boolean; moves: string[] }> {
  let config = start;
  const moves: string[] = [];
  for (let pass = 1; pass <= PASSES; pass += 1) {
    let moved = false;
    for (const knob of knobs) {
      const was = { value: knob.get(config), score: await score(config, knob.granularity) };
      let best = was;
      for (const value of knob.grid) {
        if (value === best.value) continue;
        const candidate = await score(knob.set(config, value), knob.granularity);
        if (candidate > best.score + 1e-9) best = { value, score: candidate };
      }
      if (best.value !== was.value) {
        config = knob.set(config, best.value);
        moved = true;
        moves.push(
          `pass ${pass}: ${knob.name} ${was.value} -> ${best.value} (${OBJECTIVE[knob.granularity].name} ` +
            `${was.score.toFixed(4)} -> ${best.score.toFixed(4)})`,
        );
      }
    }
    if (!moved) return { config, passes: pass, converged: true, moves };
  }
  return { config, passes: PASSES, converged: false, moves };
}

/** A line of the table: a constant, today's value and the re-fitted one, the figures of both per set. */
interface Row {
  constant: string;
  objective: string;
  today: number | '';
  refitted: number | '';
  /** The lowest and highest objective on the tuning half over the constant's grid, the others re-fitted. */
  gridOnTuning: { min: number; max: number } | null;
  before: Record<string, number | null>;
  after: Record<string, number | null>;
  shipRule: string;
}

/** The untouched MemoryBank questions, once a checked-in set of them exists beside ours. */
const MEMORYBANK_UNTOUCHED_PATH = MEMORYBANK_QUESTIONS_PATH.replace(/\.json$/, '-untouched.json');

/**
 * `npm run bench -- refit`: re-fits today's retrieval constants (decision 9; fusion's aside) on LoCoMo's tuning half
 * and prints, for each, today's value, the re-fitted one, and the figures of both on the tuning half, the untouched
 * half and the MemoryBank questions. It only measures: the constants that ship are chosen by the ship rule.
 */
export async function refitBench(): Promise<Record<string, unknown>> {
  const started = Date.now();
  const locomo = loadLocomo();
  const half = (name: 'tuning' | 'untouched') =>
    locomo.filter((conversation) => LOCOMO_HALVES[conversation.id] === name);
  const sets = {
    tuning: await indexDataSet('LoCoMo tuning', half('tuning')),
    untouched: await indexDataSet('LoCoMo untouched', half('untouched')),
    memorybankEn: await indexDataSet('MemoryBank en', loadMemoryBank('en')),
    memorybankZh: await indexDataSet('MemoryBank zh', loadMemoryBank('zh')),
    ...(existsSync(MEMORYBANK_UNTOUCHED_PATH)
      ? {
          memorybankEnUntouched: await indexDataSet(
            'MemoryBank en untouched',
            loadMemoryBank('en', { questions: MEMORYBANK_UNTOUCHED_PATH }),
          ),
          memorybankZhUntouched: await indexDataSet(
            'MemoryBank zh untouched',
            loadMemoryBank('zh', { questions: MEMORYBANK_UNTOUCHED_PATH }),
          ),
        }
      : {}),
  };
  const indexedAt = Date.now();
  const recall = evaluator();
  const today: Config = { weights: RANKING_WEIGHTS, reach: { ...TURN_CONTEXT_REACH } };
  const objective = async (set: DataSet, config: Config, granularity: Granularity) =>
    (await recall(set, granularity, config))[OBJECTIVE[granularity].at] ?? 0;

  const fitted = await refit(KNOBS, today, (config, granularity) => objective(sets.tuning, config, granularity));
  const fittedAt = Date.now();
  console.log(`\nThe coordinate search on the tuning half, each move:\n  ${fitted.moves.join('\n  ')}`);

  // Each knob alone at its re-fitted value, then all of them together, against today's, on every set.
  const reported: Array<[string, Granularity, DataSet]> = [
    ['tuning', 'turns', sets.tuning],
    ['tuning', 'facts', sets.tuning],
    ['untouched', 'turns', sets.untouched],
    ['untouched', 'facts', sets.untouched],
    ['MemoryBank en', 'turns', sets.memorybankEn],
    ['MemoryBank zh', 'turns', sets.memorybankZh],
    ...(sets.memorybankEnUntouched
      ? ([['MemoryBank en untouched', 'turns', sets.memorybankEnUntouched]] as Array<[string, Granularity, DataSet]>)
      : []),
    ...(sets.memorybankZhUntouched
      ? ([['MemoryBank zh untouched', 'turns', sets.memorybankZhUntouched]] as Array<[string, Granularity, DataSet]>)
      : []),
  ];
  const untouchedSets = new Set(['untouched', 'MemoryBank en untouched', 'MemoryBank zh untouched']);
  const figures = async (config: Config, granularities: readonly Granularity[]) => {
    const values: Record<string, number | null> = {};
    for (const [name, granularity, set] of reported) {
      values[`${name} ${OBJECTIVE[granularity].name}`] = granularities.includes(granularity)
        ? await objective(set, config, granularity)
        : null;
    }
    return values;
  };
  /** The ship rule (issue 24) on the untouched sets: one helped by more than 0.01, none hurt by more than 0.005. */
  const shipRule = (before: Record<string, number | null>, after: Record<string, number | null>): string => {
    const deltas = Object.keys(before)
      .filter((column) => untouchedSets.has(column.replace(/ (turns|facts) R@\d+$/, '')))
      .map((column) => {
        const was = before[column];
        const now = after[column];
        return was === null || was === undefined || now === null || now === undefined ? null : now - was;
      })
      .filter((delta): delta is number => delta !== null);
    if (deltas.every((delta) => Math.abs(delta) < 1e-9)) return 'no change';
    const helps = deltas.some((delta) => delta > 0.01);
    const hurts = deltas.some((delta) => delta < -0.005);
    return helps && !hurts ? 'passes' : hurts ? 'fails (hurts)' : 'fails (no gain > 0.01)';
  };

  const todayFigures = await figures(today, ['turns', 'facts']);
  const rows: Row[] = [];
  for (const knob of KNOBS) {
    const was = knob.get(today);
    const value = knob.get(fitted.config);
    const after = value === was ? null : await figures(knob.set(today, value), [knob.granularity]);
    const before = Object.fromEntries(
      Object.entries(todayFigures).map(([column, figure]) => [
        column,
        column.includes(OBJECTIVE[knob.granularity].name) ? figure : null,
      ]),
    );
    // How much the knob moves the objective at all: its whole grid with the others at their re-fitted values.
    const spread: number[] = [];
    for (const gridValue of knob.grid) {
      spread.push(await objective(sets.tuning, knob.set(fitted.config, gridValue), knob.granularity));
    }
    rows.push({
      constant: knob.name,
      gridOnTuning: { min: Math.min(...spread), max: Math.max(...spread) },
      objective: OBJECTIVE[knob.granularity].name,
      today: was,
      refitted: value,
      before,
      after: after ?? before,
      shipRule: after === null ? 'no change' : shipRule(before, after),
    });
  }
  const allFigures = await figures(fitted.config, ['turns', 'facts']);
  rows.push({
    constant: 'all re-fitted together',
    gridOnTuning: null,
    objective: 'both',
    today: '',
    refitted: '',
    before: todayFigures,
    after: allFigures,
    shipRule: shipRule(todayFigures, allFigures),
  });

  const columns = Object.keys(todayFigures);
  const cell = (before: unknown, after: unknown) => {
    if (typeof before !== 'number' || typeof after !== 'number') return '';
    return Math.abs(after - before) < 1e-9
      ? before.toFixed(3)
      : `${before.toFixed(3)} -> ${after.toFixed(3)} (${after >= before ? '+' : ''}${(after - before).toFixed(4)})`;
  };
  printTable(
    `Today's retrieval constants re-fitted on LoCoMo's tuning half (conv-26, 41, 43, 47, 49; ${sets.tuning.questions} ` +
      `questions), coordinate-wise (${fitted.converged ? `converged: pass ${fitted.passes} moved nothing` : `stopped after ${fitted.passes} passes`}); each row: that constant alone at its re-fitted value ` +
      `against today's, its objective on each set (today -> re-fitted); grid on tuning: the lowest and highest objective ` +
      `over the constant's grid, the others at their re-fitted values; the last row: all of them together. Facts ` +
      `are searched a day after each conversation's last turn (the retrieval bench searches at today's date, where ` +
      `every fact is years old and the recency prior is about 0 for all)`,
    ['constant', 'objective', 'today', 're-fitted', 'grid on tuning', ...columns, 'ship rule (untouched sets)'],
    rows.map((row) => [
      row.constant,
      row.objective,
      String(row.today),
      String(row.refitted),
      row.gridOnTuning === null ? '' : `${row.gridOnTuning.min.toFixed(3)}-${row.gridOnTuning.max.toFixed(3)}`,
      ...columns.map((column) => cell(row.before[column], row.after[column])),
      row.shipRule,
    ]),
  );

  const full: Array<Array<string | number>> = [];
  for (const [name, granularity, set] of reported) {
    const before = await recall(set, granularity, today);
    const after = await recall(set, granularity, fitted.config);
    full.push([`${name} ${granularity}`, ...before, ...after]);
  }
  printTable(
    "Today's constants against all the re-fitted ones together, R@1 / R@3 / R@5 / R@10",
    ['set', 'today R@1', 'R@3', 'R@5', 'R@10', 're-fitted R@1', 'R@3', 'R@5', 'R@10'],
    full,
  );

  // The cached re-ranking against the stack itself, today's and the re-fitted constants, on every set.
  const mismatches: string[] = [];
  for (const config of [today, fitted.config]) {
    for (const [name, granularity, set] of reported) {
      const cached = await recall(set, granularity, config);
      const direct = await stackRecall(set, granularity, config);
      if (cached.some((value, index) => Math.abs(value - (direct[index] ?? Number.NaN)) > 1e-9)) {
        mismatches.push(`${config === today ? 'today' : 're-fitted'} ${name} ${granularity}: ${cached} vs ${direct}`);
      }
    }
  }
  for (const set of Object.values(sets)) {
    for (const indexed of set.conversations) {
      await indexed.turns.store.close();
      await indexed.facts?.store.close();
    }
  }
  console.log(
    `\nThe re-ranking of cached candidates ${mismatches.length === 0 ? 'equals' : 'DIFFERS FROM'} the stack's own ` +
      `search (createRankedMemoryStack) for today's and the re-fitted constants on every set.` +
      `${mismatches.map((line) => `\n  ${line}`).join('')}\nIndexing ${((indexedAt - started) / 1000).toFixed(1)} s, ` +
      `re-fit ${((fittedAt - indexedAt) / 1000).toFixed(1)} s, total ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (mismatches.length > 0) process.exitCode = 1;
  return {
    passes: fitted.passes,
    converged: fitted.converged,
    moves: fitted.moves,
    today: { weights: today.weights, reach: today.reach },
    refitted: fitted.config,
    rows,
    checkedAgainstStack: mismatches.length === 0,
  };
}
