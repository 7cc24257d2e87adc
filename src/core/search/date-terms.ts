/** English month names, January first. */
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;
const ABBREVIATIONS: Readonly<Record<string, number>> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  sept: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};
// "May" and "March" are also a verb and a modal: as words they count only capitalised or next to a number.
const AMBIGUOUS = new Set([2, 4]);
const MONTH_WORD =
  /\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?/giu;
const YEAR = /(?<![\p{N}.,:/-])((?:19|20)\d{2})(?![\p{N}]|[.,:]\d)/gu;
const ISO_DATE = /\b((?:19|20)\d{2})-(0[1-9]|1[0-2])(?:-\d{2})?\b/gu;
const CJK_DATE = /(?:((?:19|20)\d{2})\s*年\s*)?(1[0-2]|0?[1-9])\s*月/gu;
const NEAR = 24;

/** The calendar terms of a moment (UTC): its year, its month of that year, and its month's name. */
export function dateTerms(at: Date): string[] {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  return [`y${year}`, monthOfYear(year, month), `m${MONTHS[month]}`];
}

/**
 * The calendar terms of the dates a text names, to match against `dateTerms` of stored items: "May 2023",
 * "2023-05-08" and "2023年5月" give `m202305`; a month alone ("in March", "5月") gives `mmarch`; a year alone gives
 * `y2023`. Relative dates ("last week") are not resolved.
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
  for (const match of normalised.matchAll(CJK_DATE)) {
    const month = Number(match[2]) - 1;
    if (match[1]) {
      terms.add(monthOfYear(Number(match[1]), month));
      usedYears.add(match.index);
    } else terms.add(`m${MONTHS[month]}`);
  }
  for (const match of normalised.matchAll(MONTH_WORD)) {
    const word = (match[1] ?? '').toLowerCase();
    const month = MONTHS.indexOf(word as (typeof MONTHS)[number]);
    const index = month >= 0 ? month : (ABBREVIATIONS[word] ?? -1);
    if (index < 0) continue;
    const end = match.index + match[0].length;
    const year =
      years.find((candidate) => candidate.index >= end && candidate.index - end <= NEAR) ??
      years.find((candidate) => candidate.index < match.index && match.index - candidate.index <= 8);
    const capitalised = /^\p{Lu}/u.test(match[1] ?? '');
    const nearNumber =
      year !== undefined || /^\s*\d/.test(normalised.slice(end)) || /\d\s*$/.test(normalised.slice(0, match.index));
    if (AMBIGUOUS.has(index) && !capitalised && !nearNumber) continue;
    if (!capitalised && month < 0 && !nearNumber) continue; // "dec", "jan" as words
    if (year) {
      terms.add(monthOfYear(year.year, index));
      usedYears.add(year.index);
    } else terms.add(`m${MONTHS[index]}`);
  }
  for (const { year, index } of years) if (!usedYears.has(index)) terms.add(`y${year}`);
  return [...terms];
}

function monthOfYear(year: number, month: number): string {
  return `m${year}${String(month + 1).padStart(2, '0')}`;
}
