/**
 * The month part of the index's calendar terms (`mjanuary` ... `mdecember`), January first: the same in every
 * language, as stored tokens are (a message in any language that names March searches `mmarch`). They happen to be
 * spelt as English months; changing them changes stored tokens.
 */
export const CALENDAR_MONTHS = [
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
