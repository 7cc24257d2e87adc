import type { LocaleDates } from '../locale-pack.js';

/** Dates written with numbers and 年/月 ("2023年5月", "5月"), as Japanese writes them too. */
export const chineseDates: LocaleDates = {
  numberedMonth: /(?:((?:19|20)\d{2})\s*年\s*)?(1[0-2]|0?[1-9])\s*月/gu,
};
