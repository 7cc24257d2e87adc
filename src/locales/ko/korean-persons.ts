import type { LocalePersons } from '../locale-pack.js';

/** Korean pronouns of the speaker and of the one spoken to, with their particles. */
export const koreanPersons: LocalePersons = { first: /나는|내가|저는|제가/u, second: /당신|너는/u };
