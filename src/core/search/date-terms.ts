import { DATE_WORDS } from '../../locales/locale-table.js';
import { CALENDAR_MONTHS } from '../../locales/shared/calendar-terms.js';

const YEAR = /(?<![\p{N}.,:/-])((?:19|20)\d{2})(?![\p{N}]|[.,:]\d)/gu;
const ISO_DATE = /\b((?:19|20)\d{2})-(0[1-9]|1[0-2])(?:-\d{2})?\b/gu;
const NEAR = 24;

/** One pack's month words, as one pattern: the words, each to its month, and whether it is a full name. */
interface MonthWords {
  readonly pattern: RegExp;
  readonly months: ReadonlyMap<string, { month: number; fullName: boolean }>;
  readonly ambiguous: ReadonlySet<number>;
}

const escapeForPattern = (word: string): string => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MONTH_WORDS: readonly MonthWords[] = DATE_WORDS.flatMap((dates) => {
  const months = new Map<string, { month: number; fullName: boolean }>();
  for (const [abbreviation, month] of Object.entries(dates.monthAbbreviations ?? {})) {
    months.set(abbreviation, { month, fullName: false });
  }
  (dates.monthNames ?? []).forEach((name, month) => {
    months.set(name, { month, fullName: true });
  });
  if (months.size === 0) return [];
  const pattern = new RegExp(`\\b(${[...months.keys()].map(escapeForPattern).join('|')})\\b\\.?`, 'giu');
  return [{ pattern, months, ambiguous: new Set(dates.ambiguousMonths ?? []) }];
});
const NUMBERED_MONTHS = DATE_WORDS.flatMap((dates) => (dates.numberedMonth ? [dates.numberedMonth] : []));

/** The calendar terms of a moment (UTC): its year, its month of that year, and its month's name. */
export function dateTerms(at: Date): string[] {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  return [`y${year}`, monthOfYear(year, month), `m${CALENDAR_MONTHS[month]}`];
}

/**
 * The calendar terms of the dates a text names (in any locale pack's words, `dates`), to match against `dateTerms`
 * of stored items: "May 2023" and "2023-05-08" give `m202305`; a month alone ("in March") gives `mmarch`; a year
 * alone gives `y2023`. Relative dates ("last week") are not resolved.
 */
export function findDates(text: string): string[] {
  const normalised = text.normalize('NFKC');
  const terms = new Set<string>();
  const years = [...normalised.matchAll(YEAR)].map((match) => ({ year: Number(match[1]), index: match.index }));
  const usedYears = new Set<number>();
  for (const match of normalised.matchAll(ISO_DATE)) {
    terms.add(monthOfYear(Number(match[1]), Number(match[2]) - 1));
    usedYears.add(match.index);
  }
  for (const numbered of NUMBERED_MONTHS) {
    for (const match of normalised.matchAll(numbered)) {
      const month = Number(match[2]) - 1;
      if (match[1]) {
        terms.add(monthOfYear(Number(match[1]), month));
        usedYears.add(match.index);
      } else terms.add(`m${CALENDAR_MONTHS[month]}`);
    }
  }
  for (const { pattern, months, ambiguous } of MONTH_WORDS) {
    for (const match of normalised.matchAll(pattern)) {
      const word = months.get((match[1] ?? '').toLowerCase());
      if (word === undefined) continue;
      const end = match.index + match[0].length;
      const year =
        years.find((candidate) => candidate.index >= end && candidate.index - end <= NEAR) ??
        years.find((candidate) => candidate.index < match.index && match.index - candidate.index <= 8);
      const capitalised = /^\p{Lu}/u.test(match[1] ?? '');
      const nearNumber =
        year !== undefined || /^\s*\d/.test(normalised.slice(end)) || /\d\s*$/.test(normalised.slice(0, match.index));
      if (ambiguous.has(word.month) && !capitalised && !nearNumber) continue;
      if (!capitalised && !word.fullName && !nearNumber) continue; // "dec", "jan" as words
      if (year) {
        terms.add(monthOfYear(year.year, word.month));
        usedYears.add(year.index);
      } else terms.add(`m${CALENDAR_MONTHS[word.month]}`);
    }
  }
  for (const { year, index } of years) if (!usedYears.has(index)) terms.add(`y${year}`);
  return [...terms];
}

function monthOfYear(year: number, month: number): string {
  return `m${year}${String(month + 1).padStart(2, '0')}`;
}
