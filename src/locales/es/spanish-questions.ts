import type { LocaleQuestions } from '../locale-pack.js';

/** Spanish closing pleasantries of an assistant, and the start of an answer to the question before it. */
export const spanishQuestions: LocaleQuestions = {
  pleasantries: [
    /\balgo m[aá]s\b/u,
    /\b(?:otra|alguna otra|m[aá]s) (?:pregunta|duda|cosa)s?\b/u,
    /^(?:te|le|os) (?:puedo )?ayud(?:o|ar) (?:con|en) (?:algo|otra)/u,
    /^(?:en )?(?:qu[eé]|que) m[aá]s (?:te|le) puedo ayudar/u,
    /\b(?:av[ií]same|av[ií]seme|me dices|me cuentas)\b/u,
    /^(?:espero que|ojal[aá]) (?:te|le|os) (?:sirva|ayude)/u,
    /^(?:te|le) (?:sirve|ayuda|queda claro)/u,
  ],
  selfAnswer: /^(?:porque|es porque|esto es porque|la raz[oó]n|la respuesta|en resumen|resumiendo|pues|bueno,)/iu,
};
