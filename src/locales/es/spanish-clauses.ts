import { SPANISH_TEAM_PLACE } from './spanish-fact-words.js';
import { foldSpanish } from './spanish-fold.js';

// What starts a clause of its own: a verb in the first person (after adverbs and pronouns), or "mi perra…".
const CLAUSE_START =
  '(?:(?:ya|no|tambien|siempre|nunca|ahora|todavia|aun|solo|me|nos|te|le|lo|la|los|las|se)\\s+)*(?:soy|estoy|voy|doy|he|hemos|somos|estamos|vamos|\\p{L}{2,}(?:o|amos|emos|imos)(?![\\p{L}])|(?:mi|mis|nuestro|nuestra|nuestros|nuestras)\\s)';
// "pero", "así que", "porque", "si" always end a clause (a reason or a condition states no fact of its own), and so
// does a comma before an article (a new subject); "y" and a comma otherwise only before a clause of its own ("vivo en
// Córdoba, trabajo de enfermera", not "cerca de la playa, en Valencia").
const CLAUSE_OPENER = new RegExp(`^${CLAUSE_START}`, 'u');
const BREAK = new RegExp(
  `\\s*;\\s*|,?\\s+(?=(?:pero|asi que|asi q|porque|ya que|aunque|si|desde que)\\s)|\\s*\\p{Extended_Pictographic}+\\s*|,\\s+(?=(?:el|la|los|las|un|una|su|sus)\\s)|,\\s+(?:y\\s+|e\\s+)?(?=${CLAUSE_START})|\\s+(?:y|e)\\s+(?=${CLAUSE_START})`,
  'u',
);
const CONNECTIVE = /^(?:pero|asi que|asi q|porque|ya que|aunque|desde que)\s+/u;
// A time put first goes last, so that the clause starts at its verb: "desde 2019 soy vegana" → "soy vegana desde
// 2019", "en septiembre empiezo en Google".
const LEADING_TIME =
  /^(?:desde|a partir de|durante|en (?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|verano|invierno|primavera|otono|\d{4}))\s/u;
// One verb, two objects with their own phrases: "usamos Jira para los tickets y Confluence para la documentación".
const SHARED_VERB = new RegExp(
  `^((?:${SPANISH_TEAM_PLACE})?(?:(?:ya|no|tambien|siempre|ahora|todavia|solo)\\s+)*(?:uso|usamos|utilizo|utilizamos|tengo|tenemos|prefiero|preferimos)\\s)(\\S+(?:\\s\\S+){0,3}?\\s(?:para|en|con|de)\\s.+?)\\s+y\\s+(\\S+(?:\\s\\S+){0,3}?\\s(?:para|en|con|de)\\s.+)$`,
  'u',
);

/**
 * The clauses of a Spanish statement ("Soy de Rosario pero vivo en Córdoba, trabajo de enfermera" → three). Spanish
 * leaves the subject out, so each clause already stands alone; a clause opened by "pero" keeps what follows it,
 * one opened by "así que" or "porque" is a reason, not a statement (the fact rules pass it by).
 */
export function splitSpanishClauses(sentence: string): string[] {
  const written = sentence.normalize('NFC');
  const folded = foldSpanish(written);
  // Folding keeps one letter for one; if it did not (a rare letter), the sentence stays whole.
  if (folded.length !== written.length) return [sentence];
  const clauses: string[] = [];
  let start = 0;
  const breaks = new RegExp(BREAK.source, 'gu');
  for (const match of folded.matchAll(breaks)) {
    // A capital after the break is a name ("dos gatos, Frida y Diego"), not a verb.
    if (/^\p{Lu}/u.test(written.slice(match.index + match[0].length))) continue;
    clauses.push(written.slice(start, match.index));
    start = match.index + match[0].length;
  }
  clauses.push(written.slice(start));
  return clauses
    .map((clause) => {
      const trimmed = clause.trim().replace(/[,.]+$/u, '');
      const connective = CONNECTIVE.exec(foldSpanish(trimmed));
      const kept = connective?.[0].startsWith('pero') ? trimmed.slice(connective[0].length) : trimmed;
      return timeLast(kept);
    })
    .filter((clause) => clause !== '')
    .flatMap(splitObjects);
}

/** The clause with a time it opens with moved to its end, when a verb follows the time within a few words. */
function timeLast(clause: string): string {
  if (!LEADING_TIME.test(foldSpanish(clause))) return clause;
  const words = clause.split(/\s+/u);
  for (let length = 2; length <= 5 && length < words.length; length += 1) {
    const rest = words.slice(length).join(' ');
    if (CLAUSE_OPENER.test(foldSpanish(rest))) return `${rest} ${words.slice(0, length).join(' ').toLowerCase()}`;
  }
  return clause;
}

function splitObjects(clause: string): string[] {
  const parts = SHARED_VERB.exec(foldSpanish(clause));
  if (!parts?.[1] || !parts[2] || !parts[3] || foldSpanish(clause).length !== clause.length) return [clause];
  const verb = clause.slice(0, parts[1].length);
  const first = clause.slice(parts[1].length, parts[1].length + parts[2].length);
  return [`${verb}${first}`, `${verb}${clause.slice(clause.length - parts[3].length)}`];
}
