import type { LocaleFacts } from '../locale-pack.js';
import { slotForm } from '../slot-form.js';
import { spanishDrops } from './spanish-drops.js';
import { SPANISH_RELATIVES } from './spanish-fact-words.js';
import { rewriteSpanish } from './spanish-third-person.js';

// Negated, hypothetical, past, partial or conditional statements: any of these words and the fact fills no slot.
const DOUBT_WORDS =
  'no|nunca|jam[aá]s|sin|pero|y|o|ni|tampoco|tambi[eé]n|ambos|a veces|de vez en cuando|normalmente|sobre todo|los fines de semana|en el trabajo|en casa|de momento|por ahora|temporalmente|quiz[aá]s?|tal vez|a lo mejor|puede que|podr[ií]a|querr[ií]a|quiere|quiero|quisiera|planea|planeo|piensa|pienso|va a|voy a|vamos a|intenta|probando|si|cuando|mientras|antes|hasta|viv[ií]a|trabajaba|usaba|era|fue|estaba|de niñ[oa]|de chic[oa]|de pequeñ[oa]|pronto|alg[uú]n d[ií]a|el a[ñn]o que viene|el pr[oó]ximo';
const SUBJECT = '^(?<subject>[^,;:]+?)';
const ADVERBS = '(?:\\s+(?:ya|ahora|actualmente|todav[ií]a|a[uú]n|por\\s+fin|finalmente|recientemente))*';
const TIME =
  '(?:,?\\s+(?:el\\s+(?:mes|a[ñn]o|verano|invierno|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo)\\s+pasado|la\\s+semana\\s+pasada|hace\\s+.+|desde\\s+.+|en\\s+(?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|\\d{4})))*';
const TOOL_TAIL = `(?:\\s+(?:para|como|en)\\s+[^,]+)?${TIME}`;
const USE = 'usa|usan|utiliza|utilizan|trabaja\\s+con|trabajan\\s+con';
const PREFER = 'prefiere|prefieren';
const SWITCHED =
  '(?:se\\s+)?(?:cambi[oó]|cambia|pas[oó]|pasa|migr[oó]|migra|ha\\s+cambiado|ha\\s+pasado|ha\\s+migrado)';
// Capitalised words with lower-case particles inside ("Sant Cugat", "Castilla y León"), and what follows a comma.
const PROPER_NAME =
  /^(?:(?:el|la|los|las)\s+)?\p{Ll}?[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'.&-]*(?:\s+(?:(?:de|del|la|las|los|el|y)\s+)*\p{Ll}?[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'.&-]*)*(?:,\s*[^,]{1,60})?$/u;

/** Spanish forms of the slots, doubt words and subjects, for facts in the extractor's third person. */
export const spanishFacts: LocaleFacts = {
  slotForms: {
    tool: [
      slotForm(`${SUBJECT}${ADVERBS}\\s+${SWITCHED}\\s+de\\s+(?<from>.+?)\\s+a\\s+(?<value>.+?)${TOOL_TAIL}$`),
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+(?:cambi[oó]|cambia|ha\\s+cambiado|reemplaz[oó]|reemplaza|sustituy[oó]|sustituye)\\s+(?<from>.+?)\\s+(?:por|con)\\s+(?<value>.+?)${TOOL_TAIL}$`,
      ),
      slotForm(`${SUBJECT}${ADVERBS}\\s+(?:${USE})\\s+(?<value>.+?)${TOOL_TAIL}$`),
      slotForm(`${SUBJECT}${ADVERBS}\\s+(?:${PREFER})\\s+(?<value>.+?)${TOOL_TAIL}$`, 'preference'),
      slotForm(`${SUBJECT}${ADVERBS}\\s+${SWITCHED}\\s+a\\s+(?<value>.+?)${TOOL_TAIL}$`),
    ],
    residence: [
      slotForm(`${SUBJECT}${ADVERBS}\\s+(?:vive|viven|reside|residen)\\s+en\\s+(?<value>.+?)${TIME}$`),
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+(?:se\\s+(?:mud[oó]|muda|ha\\s+mudado|traslad[oó]|ha\\s+trasladado)|(?:se\\s+)?(?:fue|ha\\s+ido)\\s+a\\s+vivir)(?:\\s+de\\s+(?<from>.+?))?\\s+a\\s+(?<value>.+?)${TIME}$`,
        'state',
        true,
      ),
    ],
    employer: [
      slotForm(`${SUBJECT}${ADVERBS}\\s+(?:trabaja|trabajan|curra|labura)\\s+(?:en|para)\\s+(?<value>.+?)${TIME}$`),
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+(?:empez[oó]\\s+a\\s+trabajar\\s+(?:en|para)|entr[oó]\\s+(?:en|a\\s+trabajar\\s+en)|se\\s+uni[oó]\\s+a|fich[oó]\\s+por)\\s+(?<value>.+?)${TIME}$`,
        'state',
        true,
      ),
    ],
  },
  doubt: new RegExp(`(?<![\\p{L}\\p{N}])(?:${DOUBT_WORDS})(?![\\p{L}\\p{N}])`, 'iu'),
  self: /^(?:usuario|el usuario|al usuario|yo|nosotros|nosotras|(?:el|la)\s+(?:equipo|proyecto|empresa|familia)\s+del\s+usuario)$/iu,
  named: new RegExp(
    `^(?:(?:el|la|los|las)\\s+(?:${SPANISH_RELATIVES})\\s+del\\s+usuario|\\p{Lu}[\\p{L}\\p{M}-]*(?:\\s+\\p{Lu}[\\p{L}\\p{M}-]*)?)$`,
    'u',
  ),
  notNamed: /^(?:él|el|ella|ellos|ellas|alguien|todos|todas|la gente|los usuarios|mi\s+\S+|mis\s+\S+)$/iu,
  properName: PROPER_NAME,
  notPlaces: ['casa', 'aquí', 'aqui', 'allí', 'alli', 'acá', 'aca', 'el centro'],
  notEmployers: ['casa', 'remoto', 'la oficina', 'la ofi', 'desde casa'],
  slotCues: {
    residence: 'vive viven reside mudó mudo muda mudado vivir',
    employer: 'trabaja trabajan curra labura trabajar entró',
  },
  toolSpellings: {
    indentation: { tabs: ['tabuladores', 'tabs', 'pestañas'], spaces: ['espacios'] },
    quotes: { single: ['comillas simples'], double: ['comillas dobles'] },
    'color-scheme': {
      dark: ['el modo oscuro', 'modo oscuro', 'el tema oscuro', 'tema oscuro'],
      light: ['el modo claro', 'modo claro', 'el tema claro', 'tema claro'],
    },
  },
  leadingArticle: /^(?:el|la|los|las)\s+/u,
  toolValuePrefix: /^(?:usando|con)\s+/u,
  clauseOpener:
    /(?:por cierto|además|ademas|bueno|oye|pues|la verdad|ah|y|ya te cont[eé] que|te cuento que|le comento que|actualizaci[oó]n)\s*[,:!-]?\s+/iu,
  qualifyingClause:
    /(?<![\p{L}])(?:si|cuando|a veces|quiz[aá]s?|tal vez|los fines de semana|en el trabajo|en casa|de momento|por ahora|s[oó]lo para|solamente|excepto|menos)(?![\p{L}])/iu,
  withUserAsSubject: rewriteSpanish,
  drops: spanishDrops,
  possessor: (subject) =>
    /^(?:el|la|los|las)\s+[\p{L}\p{M}-]+\s+(?:del|de\s+la|de)\s+(.+)$/iu.exec(subject)?.[1] ?? null,
  doubtWhenRead: true,
};
