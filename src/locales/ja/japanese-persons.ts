import type { LocalePersons } from '../locale-pack.js';

/** Japanese pronouns of the speaker and of the one spoken to. */
export const japanesePersons: LocalePersons = { first: /私|僕|俺/u, second: /あなた/u };
