import type { LocalePersons } from '../locale-pack.js';

/** English pronouns of the speaker and of the one spoken to, as whole words. */
export const englishPersons: LocalePersons = {
  first: /(?:^|[^\p{L}'’])(?:i|me|my|mine|myself|i'm|i've|i'd|i'll)(?![\p{L}'’])/iu,
  second: /(?:^|[^\p{L}'’])(?:you|your|yours|yourself|you're|you've|you'd|you'll)(?![\p{L}'’])/iu,
};
