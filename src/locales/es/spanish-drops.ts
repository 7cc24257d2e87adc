import type { LocaleDrops } from '../locale-pack.js';
import { inThirdPersonVerb } from './spanish-verbs.js';

const SUBJECT =
  '(?:(?<subject>usuario|el usuario|el equipo del usuario|el proyecto del usuario|la familia del usuario)\\s+)?';
const HAS_LEFT = '(?:dej[eéoó]|dejamos|ha\\s+dejado|he\\s+dejado|hemos\\s+dejado|han\\s+dejado)';
const DROPS: ReadonlyArray<{ pattern: RegExp; place: boolean | 'by-verb' }> = [
  // "ya no uso VS Code", "El equipo del usuario ya no usa Redux".
  {
    pattern: new RegExp(
      `^${SUBJECT}ya\\s+no\\s+(?<said>usa|usan|uso|usamos|utiliza|utilizo|utilizamos|toma|tomo|tomamos|bebe|bebo|come|como|comemos|juega|juego|ve|veo|escucha|escucho)\\s+(?<value>.+?)$`,
      'iu',
    ),
    place: false,
  },
  // "ya no fumo": the habit is the verb ("Usuario fuma").
  { pattern: new RegExp(`^${SUBJECT}ya\\s+no\\s+(?<verb>fuma|fumo|fumamos|bebe|bebo)$`, 'iu'), place: false },
  // "dejé de tomar café", "dejé de trabajar en Indra".
  {
    pattern: new RegExp(
      `^${SUBJECT}(?<said>${HAS_LEFT})\\s+de\\s+(?<doing>usar|utilizar|tomar|beber|comer|jugar(?:\\s+al?)?|ver|escuchar|trabajar\\s+(?:en|para)|vivir\\s+en)\\s+(?<value>.+?)$`,
      'iu',
    ),
    place: 'by-verb',
  },
  // "Dejé Telefónica", "me fui de Madrid", "salí de Indra": a named place or employer left.
  {
    pattern: new RegExp(
      `^${SUBJECT}(?<said>${HAS_LEFT}|abandon[eéoó]|renunci[eéoó]\\s+a|sal[ií]\\s+de|sali[oó]\\s+de|(?:me|se|nos)\\s+(?:fui|fue|fuimos)\\s+de)\\s+(?<value>\\p{Lu}[\\p{L}\\p{M}.&'-]*(?:\\s+\\p{Lu}[\\p{L}\\p{M}.&'-]*)*)(?:\\s+.*)?$`,
      'u',
    ),
    place: true,
  },
];
// What follows the thing left and is not part of it: "café hace dos meses", "Indra porque…".
const VALUE_END = /\s+(?:y|e|pero|porque|ya\s+que|aunque|para|despu[eé]s|hace|desde)\s.*$/iu;
// Verbs of someone else: with no subject named, the clause speaks of another person ("mi jefe es majo, ya no toma
// café"), not of the user, whose own clauses are in the first person ("ya no tomo café").
const THIRD_PERSON =
  /^(?:usan?|utilizan?|toman?|beben?|comen?|juegan?|ven?|escuchan?|fuman?|dejó|han?\s+dejado|abandon[oó]|renunci[oó]\s+a|sali[oó]\s+de|se\s+fue)$/iu;
const NO_THING = /^(?:lo|la|los|las|eso|esto|ello|nada|todo|algo)$/iu;

/** Spanish drops: "ya no uso VS Code", "dejé de tomar café", "Dejé Telefónica", "ya no fumo". */
export const spanishDrops: LocaleDrops = {
  read(text) {
    for (const { pattern, place } of DROPS) {
      // The verb may open the sentence with a capital; a name left must have one.
      const groups = pattern.exec(text.replace(/^\p{Lu}/u, (letter) => letter.toLowerCase()))?.groups;
      if (groups === undefined) continue;
      if (groups.subject === undefined && THIRD_PERSON.test(groups.said ?? groups.verb ?? '')) return null;
      const value = (groups.value ?? inThirdPersonVerb(groups.verb ?? '') ?? '').replace(VALUE_END, '').trim();
      if (value === '' || NO_THING.test(value) || value.split(' ').length > 5 || value.length > 40) return null;
      const leftPlace = place === 'by-verb' ? /^(?:trabajar|vivir)/iu.test(groups.doing ?? '') : place;
      return { ...(groups.subject === undefined ? {} : { subject: groups.subject }), value, place: leftPlace };
    }
    return null;
  },
  factSubject: (fact) =>
    /^(?:(?:el|la|los|las)\s+[\p{L}\p{M}-]+\s+del\s+usuario|al\s+usuario|el\s+usuario|usuario|\p{Lu}[\p{L}\p{M}-]*)(?=\s)/iu.exec(
      fact,
    )?.[0] ?? null,
};
