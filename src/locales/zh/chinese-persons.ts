import type { LocalePersons } from '../locale-pack.js';

/** Chinese pronouns of the speaker and of the one spoken to. */
export const chinesePersons: LocalePersons = { first: /我/u, second: /你|您/u };
