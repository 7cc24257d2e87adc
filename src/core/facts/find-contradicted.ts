import type { LocalePack, SlotForm, SlotKind } from '../../locales/locale-pack.js';
import { FACT_WORDS, readingPack } from '../../locales/locale-table.js';
import { PRODUCT_NAMES } from '../../locales/shared/product-names.js';
import { UNSPACED_LETTER } from '../text/scripts.js';
import { TOOL_VALUES, TOOLS } from './tool-slots.js';

/**
 * What a fact says about one exclusive slot of a subject: where they live, who they work for, which tool of a set
 * of exclusive choices they use or prefer.
 */
interface Claim {
  slot: string;
  /** `self` (the user, "we", the user's team or project) or `name:<who>` (another named person). */
  subject: string;
  value: string;
  kind: 'state' | 'preference';
  /** The value a stated change leaves ("switched from npm", "moved from Paris"), if it names one. */
  replaces: string | null;
}

// Products and platforms, and each pack's words for home or here, that "moved to X" or "joined X" may name: never
// a place or an employer by those verbs.
const NOT_PLACES = new Set([
  ...TOOL_VALUES.keys(),
  ...PRODUCT_NAMES,
  ...FACT_WORDS.flatMap((words) => words.notPlaces ?? []),
]);
const NOT_EMPLOYERS = new Set(FACT_WORDS.flatMap((words) => words.notEmployers ?? []));

/** The forms of every pack, tools first ("moved to Bun" is a tool change, not a move to a place called Bun). */
const FORMS: ReadonlyArray<SlotForm & { slot: SlotKind }> = (['tool', 'residence', 'employer'] as const).flatMap(
  (slot) => FACT_WORDS.flatMap((words) => (words.slotForms[slot] ?? []).map((form) => ({ ...form, slot }))),
);

/** A question is no statement of a slot, in any language. */
const QUESTION_MARK = /[?？]/u;
const DOUBTS = FACT_WORDS.flatMap((words) => (words.doubt && !words.doubtWhenRead ? [words.doubt] : []));
const SELVES = FACT_WORDS.flatMap((words) => (words.self ? [words.self] : []));
const NAMED = FACT_WORDS.flatMap((words) => (words.named ? [words.named] : []));
const NOT_NAMED = FACT_WORDS.flatMap((words) => (words.notNamed ? [words.notNamed] : []));
const PROPER_NAMES = FACT_WORDS.flatMap((words) => (words.properName ? [words.properName] : []));
const NOT_IN_NAMES = FACT_WORDS.flatMap((words) => (words.notInName ? [words.notInName] : []));
const ARTICLES = FACT_WORDS.flatMap((words) => (words.leadingArticle ? [words.leadingArticle] : []));
const TOOL_PREFIXES = FACT_WORDS.flatMap((words) => (words.toolValuePrefix ? [words.toolValuePrefix] : []));
const cues = (slot: 'residence' | 'employer'): string =>
  FACT_WORDS.flatMap((words) => (words.slotCues?.[slot] ? [words.slotCues[slot]] : [])).join(' ');
const RESIDENCE_CUES = cues('residence');
const EMPLOYER_CUES = cues('employer');

const matchesAny = (patterns: readonly RegExp[], text: string): boolean =>
  patterns.some((pattern) => pattern.test(text));
const withoutArticle = (text: string): string =>
  ARTICLES.reduce((stripped, article) => stripped.replace(article, ''), text);

// A slot is stated in a short sentence; a longer one says more, and may say something that lets both facts hold.
const MAX_LENGTH = 160;
const CJK_VALUE = /^[\p{L}\p{M}\p{N}·・ー\s'.&-]{1,24}$/u;

/**
 * Ids of known facts that a new fact replaces: both fill the same slot of the same subject with different values.
 * Slots (each pack's `facts.slotForms`): where someone lives ("lives in", "moved to"), whom they work for
 * ("works at", "joined"), and exclusive tool choices (package manager, test runner, editor,
 * tabs/spaces, quote style, light/dark mode), including stated changes ("switched from npm to pnpm", "replaced jest
 * with vitest", "uses pnpm instead of npm"). The user, "we" and the user's team or project are one subject; another
 * named person is another. A use and a preference are different things ("prefers vim" holds beside "uses VS Code"),
 * except that a stated change from X replaces every fact naming X.
 * Deliberately narrow: a negated, hypothetical, past or qualified statement ("for monorepos", "at work",
 * "plans to"), or one with anything the forms do not expect, fills no slot, because a wrong supersede silently
 * hides a true fact.
 */
export function findContradicted(newFact: string, known: ReadonlyArray<{ id: number; text: string }>): number[] {
  const claim = readClaim(newFact);
  if (claim === null) return [];
  const contradicted: number[] = [];
  for (const fact of known) {
    const old = readClaim(fact.text);
    if (old === null || old.slot !== claim.slot || old.subject !== claim.subject) continue;
    if (sameValue(old.value, claim.value)) continue;
    const leftBehind = claim.replaces !== null && sameValue(old.value, claim.replaces);
    if (old.kind === claim.kind || leftBehind) contradicted.push(fact.id);
  }
  return contradicted;
}

/**
 * Search terms that find the known facts a fact may contradict (the words of its slot, in every pack's words), or
 * null when the fact fills no slot. "Moved to Berlin" shares no word with "lives in Paris".
 */
export function contradictionCues(fact: string): string | null {
  const claim = readClaim(fact);
  if (claim === null) return null;
  if (claim.slot === 'residence') return RESIDENCE_CUES;
  if (claim.slot === 'employer') return EMPLOYER_CUES;
  const slot = TOOLS[claim.slot.slice('tool:'.length)] ?? {};
  return Object.values(slot).flat().join(' ');
}

/** The slot a fact fills (`residence`, `employer`, `tool:<choice>`), or null. */
export function claimSlot(fact: string): string | null {
  return readClaim(fact)?.slot ?? null;
}

/**
 * Negated, hypothetical, past, partial or conditional: the words that keep a statement from replacing anything.
 * `reader` is the pack that reads the statement the text comes from (by default, the text's own).
 */
export function isQualified(text: string, reader?: LocalePack): boolean {
  if (QUESTION_MARK.test(text) || matchesAny(DOUBTS, text)) return true;
  const facts = (reader ?? readingPack(text))?.facts;
  return facts?.doubtWhenRead === true && facts.doubt?.test(text) === true;
}

function readClaim(fact: string): Claim | null {
  const text = fact
    .normalize('NFKC')
    .replace(/[‘’]/gu, "'")
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[\s.!。…]+$/u, '');
  if (text.length > MAX_LENGTH || isQualified(text)) return null;
  for (const { pattern, slot, kind, ambiguous } of FORMS) {
    const groups = pattern.exec(text)?.groups;
    if (!groups) continue;
    const subject = subjectKey(groups.subject ?? '');
    if (subject === null) continue;
    const value =
      slot === 'tool' ? toolValue(groups.value ?? '') : placeOrEmployer(slot, groups.value ?? '', ambiguous);
    if (value === null) continue;
    let replaces: string | null = null;
    if (groups.from !== undefined || groups.other !== undefined) {
      const from =
        slot === 'tool' ? toolValue(groups.from ?? groups.other ?? '') : placeOrEmployer(slot, groups.from ?? '');
      // "switched from npm to pnpm" names one slot twice; "switched from work to pnpm" is no form we know.
      if (from === null || from.slot !== value.slot) continue;
      // "switched from npm", and "prefers Vitest over Jest": the value named second is left behind.
      replaces = from.value;
    }
    return { slot: value.slot, subject, value: value.value, kind, replaces };
  }
  return null;
}

/** `self`, `name:<who>`, or null when the phrase names no one we can tell apart (the packs' `self`, `named`). */
export function subjectKey(subject: string): string | null {
  const trimmed = subject.trim();
  if (matchesAny(SELVES, trimmed)) return 'self';
  if (matchesAny(NOT_NAMED, trimmed) || !matchesAny(NAMED, trimmed)) return null;
  return `name:${withoutArticle(trimmed.toLowerCase())}`;
}

function toolValue(phrase: string): { slot: string; value: string } | null {
  const lower = phrase.trim().toLowerCase();
  const spelling = withoutArticle(TOOL_PREFIXES.reduce((stripped, prefix) => stripped.replace(prefix, ''), lower));
  return TOOL_VALUES.get(spelling) ?? null;
}

function placeOrEmployer(slot: SlotKind, phrase: string, ambiguous = false): { slot: string; value: string } | null {
  const value = phrase.trim();
  const key = withoutArticle(value.toLowerCase());
  // An unspaced value is a name unless a pack's words make it a phrase; a spaced one has a pack's shape of a name.
  const shaped = UNSPACED_LETTER.test(value)
    ? CJK_VALUE.test(value) && !matchesAny(NOT_IN_NAMES, value)
    : matchesAny(PROPER_NAMES, value);
  if (!shaped || key === '' || TOOL_VALUES.has(key)) return null;
  if ((slot === 'residence' || ambiguous) && NOT_PLACES.has(key)) return null;
  if (slot === 'employer' && NOT_EMPLOYERS.has(key)) return null;
  return { slot, value: key };
}

/**
 * Equal, or one a refinement of the other: "New York" and "New York City" (unspaced: a prefix), "Paris" and
 * "12 Rue de Rivoli, Paris".
 */
function sameValue(a: string, b: string): boolean {
  const left = a.split(/\s*,\s*/u);
  const right = b.split(/\s*,\s*/u);
  return left.some((part) => right.some((other) => refines(part, other) || refines(other, part)));
}

function refines(longer: string, shorter: string): boolean {
  return (
    longer === shorter ||
    longer.startsWith(`${shorter} `) ||
    (UNSPACED_LETTER.test(shorter) && longer.startsWith(shorter))
  );
}
