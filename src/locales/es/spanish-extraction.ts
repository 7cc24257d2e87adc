import { COURTESY_PUNCTUATION as PUNCTUATION } from '../courtesy-punctuation.js';
import type { LocaleExtraction } from '../locale-extraction.js';
import { splitSpanishClauses } from './spanish-clauses.js';
import { SPANISH_FACT_RULES } from './spanish-fact-rules.js';
import { foldSpanish } from './spanish-fold.js';
import { SPANISH_LANGUAGE_WORDS } from './spanish-language-words.js';
import { rewriteSpanish } from './spanish-third-person.js';

const GREETINGS =
  '(?:hola+|holi|buenas(?: tardes| noches)?|buenos d[ií]as|saludos|qu[eé] tal|gracias|muchas gracias|mil gracias|jaja+|jeje+|jsjs+)';
const CLOSINGS =
  '(?:gracias+|muchas gracias|mil gracias|porfa|por favor|jaja+|jeje+|jsjs+|saludos|un saludo|besos|abrazos)';
const LEADING_FILLER = /^(?:actualizaci[oó]n|nota|ojo|edit|ps|p\.d\.)\s*[:：-]\s*/iu;
// "Now" before a lasting state ("ahora vivo en Valencia"): filler, as the pin of the present adds nothing.
const LEADING_NOW = /^(?:ahora|actualmente|hoy en d[ií]a),?\s+/iu;
// Times relative to the moment of speaking, which a stored fact would carry into a future where they are wrong.
const RELATIVE_TIME =
  /(?:^|\s+)(?:desde\s+(?=hace\s))?(?:la semana pasada|el (?:mes|a[ñn]o|verano|invierno|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo) pasado|el otro d[ií]a|hace (?:unos? |unas |un par de |\d+ |dos |tres |varios |varias )?(?:d[ií]as?|semanas?|meses|mes|a[ñn]os?)|recientemente|[uú]ltimamente)(?![\p{L}])/giu;
const TRAILING_FILLER =
  /(?:,?\s+(?:por cierto|jaja+|jeje+|la verdad|eso s[ií]|porfa|de momento)|\s+(?:ahora|actualmente|hoy en d[ií]a|estos d[ií]as))+$/iu;

/** How Spanish states a durable fact, and what it says around one. */
export const spanishExtraction: LocaleExtraction = {
  languageWords: SPANISH_LANGUAGE_WORDS,
  // Accented letters, ñ, opening marks, and verbs of the first person plural.
  languageMarks: /[ñÑáéíóúÁÉÍÓÚ¿¡]|\p{L}{2}(?:amos|emos|imos)(?![\p{L}])/gu,
  courtesy: {
    opening: new RegExp(`^(?:[¡¿]\\s*)?${GREETINGS}(?:${PUNCTUATION.replace('\\s', '')}+\\s*|$)`, 'iu'),
    closing: new RegExp(`(?:^|${PUNCTUATION}+)${CLOSINGS}${PUNCTUATION}*$`, 'iu'),
  },
  asides:
    'por cierto|adem[aá]s|tambi[eé]n|oye|bueno|pues|la verdad|o sea|te cuento que|ya te cont[eé] que|le comento que|te comento que|f[ií]jate que|ah|y',
  hypotheticals:
    'si\\b|cuando\\b|quiz[aá]s?\\b|tal vez\\b|a lo mejor\\b|igual\\b|creo que\\b|supongo que\\b|no s[eé] si\\b|me pregunto\\b|en caso de\\b|suponiendo\\b',
  ephemeral:
    /(?<![\p{L}])(?:hoy|esta noche|esta ma[ñn]ana|esta tarde|ayer|anoche|(?<!(?:de la|por la|cada) )ma[ñn]ana|ahora mismo|en este momento|de momento|por ahora|por el momento|temporalmente|este error|este bug|este fallo|esta vez)(?![\p{L}])/u,
  changesSubject:
    'olv[ií]dalo|d[eé]jalo|no importa|da igual|otra pregunta|otra cosa|cambiando de tema|mejor olv[ií]dalo',
  dropFiller: (clause) =>
    clause
      .replace(LEADING_FILLER, '')
      .replace(LEADING_NOW, '')
      .replace(RELATIVE_TIME, '')
      .replace(TRAILING_FILLER, '')
      .trim(),
  splitClauses: splitSpanishClauses,
  factRules: SPANISH_FACT_RULES,
  foldForRules: foldSpanish,
  // Spanish states a fact by the verb's person: a clause the rewrite cannot put in the third person ("…vive conmigo",
  // a form it does not know) is not kept in the first.
  restate: (clause) => (rewriteSpanish(clause) === null ? null : clause),
  inThirdPerson: rewriteSpanish,
};
