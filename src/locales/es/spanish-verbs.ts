import { foldSpanish } from './spanish-fold.js';
import { spanishSearchWords } from './spanish-search-words.js';

const FUNCTION_WORDS = new Set(spanishSearchWords.stopWords.map(foldSpanish));

// First-person forms whose third person is not the regular one, keyed without accents (as people type them).
const IRREGULAR: Readonly<Record<string, string>> = {
  soy: 'es',
  como: 'come',
  estoy: 'está',
  voy: 'va',
  doy: 'da',
  he: 'ha',
  tengo: 'tiene',
  hago: 'hace',
  pongo: 'pone',
  salgo: 'sale',
  vengo: 'viene',
  digo: 'dice',
  puedo: 'puede',
  quiero: 'quiere',
  prefiero: 'prefiere',
  pienso: 'piensa',
  sigo: 'sigue',
  juego: 'juega',
  duermo: 'duerme',
  vuelvo: 'vuelve',
  entiendo: 'entiende',
  empiezo: 'empieza',
  comienzo: 'comienza',
  suelo: 'suele',
  conozco: 'conoce',
  conduzco: 'conduce',
  traduzco: 'traduce',
  veo: 've',
  leo: 'lee',
  creo: 'cree',
  cuento: 'cuenta',
  encuentro: 'encuentra',
  recuerdo: 'recuerda',
  pruebo: 'prueba',
  pierdo: 'pierde',
  siento: 'siente',
  mido: 'mide',
  pido: 'pide',
  sirvo: 'sirve',
  consigo: 'consigue',
  elijo: 'elige',
  escojo: 'escoge',
  corrijo: 'corrige',
  dirijo: 'dirige',
  padezco: 'padece',
  ofrezco: 'ofrece',
  pertenezco: 'pertenece',
  fui: 'fue',
  fuimos: 'fue',
  tuve: 'tuvo',
  hice: 'hizo',
  estuve: 'estuvo',
  pude: 'pudo',
  dije: 'dijo',
  vine: 'vino',
  puse: 'puso',
  quise: 'quiso',
  supe: 'supo',
  traje: 'trajo',
  lei: 'leyó',
  empece: 'empezó',
  comence: 'comenzó',
  llegue: 'llegó',
  jugue: 'jugó',
  pague: 'pagó',
  busque: 'buscó',
  saque: 'sacó',
  toque: 'tocó',
  practique: 'practicó',
  // The first person plural: the team (or the household) as one subject.
  somos: 'es',
  estamos: 'está',
  vamos: 'va',
  hemos: 'ha',
  tenemos: 'tiene',
  queremos: 'quiere',
  podemos: 'puede',
  preferimos: 'prefiere',
  seguimos: 'sigue',
  volvemos: 'vuelve',
  pensamos: 'piensa',
  empezamos: 'empieza',
  jugamos: 'juega',
  elegimos: 'elige',
  decimos: 'dice',
  venimos: 'viene',
};

// Stems of common verbs in -er and -ir, whose third person ends in -e: the others (-ar) end in -a.
const ER_IR_STEMS = new Set(
  `viv com beb escrib corr aprend vend comprend sufr sub recib abr compart asist decid exist permit depend deb met
  romp respond part resid insist cos barr cumpl resum cre le imprim añad anad discut describ ocurr promet recorr
  sacud tem toser acud admit coincid confund consum convenc defend descubr dividi esparc invad mov ocurr ofend omit
  prend proced prohib repart reun suspend transmit un muev parec crec merec conoc ejerc vist repit sig sirv`
    .split(/\s+/u)
    .filter((stem) => stem !== ''),
);

/** Whether a word is a verb in the first person plural ("usamos", "vivimos", "somos"). */
export function isFirstPersonPlural(word: string): boolean {
  const folded = foldSpanish(word);
  return /^\p{L}{2,}(?:amos|emos|imos)$/u.test(folded) || ['somos', 'estamos', 'vamos'].includes(folded);
}

/**
 * The third person singular of a verb written in the first person, singular or plural ("vivo" → "vive", "usamos" →
 * "usa", "dejé" → "dejó", "soy" → "es"), or null when the word is no first-person form this knows. A regular
 * preterite is known by its accent ("dejé"; "deje" is also a subjunctive), or without it where the caller knows
 * the sentence is in the past (`preterite`: "me mude a Cádiz", "deje de fumar").
 */
export function inThirdPersonVerb(word: string, options: { preterite?: boolean } = {}): string | null {
  const written = word.normalize('NFC').toLowerCase();
  const folded = foldSpanish(written);
  // A written accent on the last "ó" is the third person's preterite ("me convenció"), never the first person.
  if (/ó$/u.test(written)) return null;
  // An accented stem before a pronoun is an order ("déjalo", "pásame"), never a statement.
  if (/[áéíóú]\p{L}*(?:lo|la|los|las|le|les|me|te|nos)$/u.test(written)) return null;
  const irregular = IRREGULAR[folded];
  if (irregular !== undefined) return irregular;
  // A function word is no verb, whatever its ending ("algo", "todo", "mucho").
  if (FUNCTION_WORDS.has(folded)) return null;
  const preterite = (options.preterite ? /^(\p{L}{2,})([eéií])$/u : /^(\p{L}{2,})([éí])$/u).exec(written);
  if (preterite?.[1]) return /[eé]/u.test(preterite[2] ?? '') ? `${preterite[1]}ó` : `${preterite[1]}ió`;
  const plural = /^(\p{L}{2,})(amos|emos|imos)$/u.exec(folded);
  if (plural?.[1]) return `${written.slice(0, plural[1].length)}${plural[2] === 'amos' ? 'a' : 'e'}`;
  const singular = /^(\p{L}{2,})o$/u.exec(folded);
  if (singular?.[1]) return `${written.slice(0, singular[1].length)}${ER_IR_STEMS.has(singular[1]) ? 'e' : 'a'}`;
  return null;
}
