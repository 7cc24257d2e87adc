import { SPANISH_TEAM_PLACE } from './spanish-fact-words.js';
import { foldSpanish } from './spanish-fold.js';
import { inThirdPersonVerb, isFirstPersonPlural } from './spanish-verbs.js';

const ADVERBS = new Set(
  'ya no tambien siempre nunca ahora todavia aun solo casi normalmente generalmente actualmente tampoco ademas'.split(
    ' ',
  ),
);
const POSSESSIVES = new Set(['mi', 'mis', 'nuestro', 'nuestra', 'nuestros', 'nuestras']);
// Verbs whose subject is what pleases: "me gusta el café" → "Al usuario le gusta el café".
const PLEASING = /^(?:gusta|gustan|encanta|encantan|interesa|interesan|molesta|molestan|cuesta|cuestan|preocupa)$/u;
// A household lives and moves, not a team: "nos mudamos a Sevilla" → "La familia del usuario…".
const HOUSEHOLD = /^(?:vivimos|mudamos|residimos)$/u;
const TEAM_PLACE = new RegExp(`^${SPANISH_TEAM_PLACE}`, 'u');
// Words left in the rest that would make a mechanical rewrite wrong: the speaker or the one spoken to.
const FIRST_OR_SECOND_PERSON = /^(?:yo|me|conmigo|nosotros|nosotras|nos|te|ti|tu|contigo|usted|ustedes)$/u;
// Nouns in -a that are masculine, and others that are feminine: the article of "la perra del usuario".
const MASCULINE_IN_A = new Set(['papa', 'dia', 'mapa', 'problema', 'sistema', 'tema', 'programa', 'idioma', 'clima']);
const FEMININE = new Set(['madre', 'mujer', 'ciudad', 'base', 'red', 'api', 'web', 'app', 'aplicacion']);

/**
 * A Spanish statement in the first person rephrased about the user ("vivo en Córdoba" → "Usuario vive en Córdoba",
 * "usamos pnpm" → "El equipo del usuario usa pnpm", "mi perra Luna tiene 10 años" → "La perra del usuario, Luna, tiene
 * 10 años", "me gusta el té" → "Al usuario le gusta el té"); null when the words are no such statement or the rest
 * still speaks of "me" or "you".
 */
export function rewriteSpanish(text: string): string | null {
  const placed = TEAM_PLACE.exec(foldSpanish(text));
  const words = (placed ? text.slice(placed[0].length) : text).split(/\s+/u).filter((word) => word !== '');
  const folded = words.map((word) => foldSpanish(word).replace(/[,;:]+$/u, ''));
  let index = 0;
  if (folded[0] === 'yo' || folded[0] === 'nosotros' || folded[0] === 'nosotras') index = 1;
  if (index === 0 && POSSESSIVES.has(folded[0] ?? '')) return possessed(words, folded, placed !== null);
  const adverbs: string[] = [];
  while (ADVERBS.has(folded[index] ?? '')) {
    adverbs.push((words[index] ?? '').toLowerCase());
    index += 1;
  }
  const clitic = folded[index] === 'me' || folded[index] === 'nos' ? folded[index] : undefined;
  if (clitic !== undefined) index += 1;
  const verb = words[index];
  if (verb === undefined) return null;
  const rest = remainder(words.slice(index + 1), folded.slice(index + 1));
  if (rest === null) return null;
  const team = placed !== null || clitic === 'nos' || isFirstPersonPlural(verb);
  const who = team
    ? HOUSEHOLD.test(folded[index] ?? '')
      ? 'La familia del usuario'
      : 'El equipo del usuario'
    : 'Usuario';
  if (clitic !== undefined && PLEASING.test(folded[index] ?? '')) {
    const pleased = team ? 'Al equipo del usuario' : 'Al usuario';
    return [pleased, ...adverbs, 'le', verb.toLowerCase(), ...rest].join(' ');
  }
  // "me mude a…", "deje de…": a reflexive verb or one before "de" in "-e" is a preterite typed without its accent.
  const preterite = clitic !== undefined || folded[index + 1] === 'de';
  const third = inThirdPersonVerb(verb, { preterite });
  if (third === null) return null;
  return [who, ...adverbs, ...(clitic === undefined ? [] : ['se']), third, ...rest].join(' ');
}

/** "mi perra Luna cumple 10 años" → "La perra del usuario, Luna, cumple 10 años". */
function possessed(words: readonly string[], folded: readonly string[], team: boolean): string | null {
  const noun = words[1];
  const nounFolded = folded[1];
  if (noun === undefined || nounFolded === undefined) return null;
  const plural = folded[0]?.endsWith('s') === true;
  const feminine = FEMININE.has(nounFolded) || (/as?$/u.test(nounFolded) && !MASCULINE_IN_A.has(nounFolded));
  const article = plural ? (feminine ? 'Las' : 'Los') : feminine ? 'La' : 'El';
  const owner = folded[0]?.startsWith('nuestr') === true || team ? 'del equipo del usuario' : 'del usuario';
  const named = /^\p{Lu}/u.test(words[2] ?? '') ? 2 : 1;
  const rest = remainder(words.slice(named + 1), folded.slice(named + 1));
  if (rest === null) return null;
  const name = named === 2 ? [`, ${(words[2] ?? '').replace(/,$/u, '')},`] : [];
  return `${[article, noun.toLowerCase(), owner].join(' ')}${name.join('')} ${rest.join(' ')}`
    .replace(/ , /gu, ', ')
    .trim();
}

/** The rest of the statement with "mi" as "su", or null when it still speaks in the first or second person. */
function remainder(words: readonly string[], folded: readonly string[]): string[] | null {
  if (folded.some((word) => FIRST_OR_SECOND_PERSON.test(word))) return null;
  return words.map((word, index) => {
    const possessive = { mi: 'su', mis: 'sus', nuestro: 'su', nuestra: 'su', nuestros: 'sus', nuestras: 'sus' }[
      folded[index] ?? ''
    ];
    return possessive ?? word;
  });
}
