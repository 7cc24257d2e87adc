import type { LocaleDates } from '../locale-pack.js';
import { CALENDAR_MONTHS } from '../shared/calendar-terms.js';

/** English month and day names, and the months' abbreviations. */
export const englishDates: LocaleDates = {
  monthNames: CALENDAR_MONTHS,
  monthAbbreviations: {
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
  },
  // "May" and "March" are also a verb and a modal.
  ambiguousMonths: [2, 4],
  dayNames: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
};
