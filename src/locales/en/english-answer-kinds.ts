import type { LocaleAnswerKinds } from '../locale-pack.js';
import { englishDates } from './english-dates.js';

const MONTHS_AND_DAYS = [...(englishDates.monthNames ?? []), ...(englishDates.dayNames ?? [])].join('|');

/**
 * English question words for a kind of answer. "when" counts as a question word at the start of the message or
 * before an auxiliary ("when did", "so when is"), not as a conjunction ("I burn the food when I cook").
 */
export const englishAnswerKinds: LocaleAnswerKinds = {
  asks: {
    frequency: /\bhow often\b/iu,
    time: /^\W*when\b|\bwhen (?:did|was|is|were|will|would|does|do|are|has|have|had)\b|\bwhat (?:date|day|month|year|time)\b|\bhow long ago\b/iu,
    quantity: /\bhow (?:many|much|long|old|far)\b/iu,
  },
  says: {
    time: new RegExp(
      `\\b(?:yesterday|today|tonight|tomorrow|ago|last|next|weekend|recently|earlier|since|just|this (?:morning|week|month|year)|${MONTHS_AND_DAYS}|\\d{4})\\b|\\d{1,2}/\\d{1,2}`,
      'iu',
    ),
    frequency:
      /\b(?:every|each|once|twice|times|daily|weekly|monthly|yearly|always|usually|often|sometimes|rarely|never)\b/iu,
    quantity:
      /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|dozen|few|couple|several)\b/iu,
  },
};
