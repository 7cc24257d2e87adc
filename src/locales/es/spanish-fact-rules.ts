import type { FactKind } from '../locale-extraction.js';
import {
  SPANISH_CONDITIONS,
  SPANISH_PERSONAL,
  SPANISH_PETS,
  SPANISH_RELATIVES,
  SPANISH_TEAM_PLACE,
} from './spanish-fact-words.js';

// A need or a wish is a task, not a habit: "necesito un backup cada noche".
// Spanish leaves the subject out: a statement starts at its verb, after a pronoun, a place of work ("en el equipo
// usamos…") and adverbs. Run on folded text (lower case, no accents).
const HEAD = `^(?:${SPANISH_TEAM_PLACE})?(?:(?:yo|nosotros|nosotras)\\s+)?(?:(?:ya|no|tambien|siempre|nunca|ahora|todavia|aun|solo|casi|normalmente|generalmente|actualmente|tampoco|ademas|aca|aqui|hoy en dia)\\s+)*`;
const rule = (kind: FactKind, verbs: string): readonly [FactKind, RegExp] => [
  kind,
  new RegExp(`${HEAD}(?:${verbs})(?![\\p{L}])`, 'u'),
];
const NUMBER = '(?:un|una|dos|tres|cuatro|cinco|seis|\\d+)';

/**
 * Spanish statements of durable facts, tested on folded text: what is left out, what is forbidden, then residence,
 * work, family and pets, identity and health, preferences, tools, decisions, schedules, goals and changes.
 */
export const SPANISH_FACT_RULES: ReadonlyArray<readonly [FactKind, RegExp]> = [
  [
    'constraint',
    /^(?:(?:yo|ya|tambien|todavia|aun)\s+)*(?:no|nunca)\s+(?:puedo|podemos|como|comemos|tomo|tomamos|bebo|bebemos|fumo|uso|usamos|manejo|conduzco|quiero|queremos|soporto)(?![\p{L}])/u,
  ],
  rule(
    'personal',
    `vivo|vivimos|resido|residimos|naci|creci|me crie|soy de|somos de|vengo de|trabajo|trabajamos|laburo|curro|estudio|estudiamos|doy clases|enseno|me llamo|me dedico|me jubile|me mude|nos mudamos|me he mudado|nos hemos mudado|me he ido a vivir|me case|nos casamos|hablo|fumo|padezco|sufro de|llevo \\d+|tengo ${NUMBER} (?!(?:duda|pregunta|problema|consulta|error|reunion|cita|examen)\\b)|tengo (?:hijos|hijas|nietos|novio|novia|esposa|esposo|marido|mujer|pareja|perro|perra|gato|gata|mascota|${SPANISH_CONDITIONS})|estoy (?:casad|jubilad|divorciad|embarazad|solter)\\p{L}*|soy (?:un |una )?(?!muy |un poco |bastante |yo |el |la |de )\\p{L}+`,
  ),
  [
    'personal',
    new RegExp(
      `^(?:mi|mis|nuestro|nuestra|nuestros|nuestras) (?:${SPANISH_RELATIVES}|${SPANISH_PETS}|${SPANISH_PERSONAL})(?:\\s+\\p{L}+)?,?\\s+(?:es|son|esta|estan|vive|viven|trabaja|trabajan|tiene|tienen|se llama|se llaman|cumple|cumplen|estudia|estudian|va|van|juega|juegan|usa|usan|corre|corren|queda)(?![\\p{L}])`,
      'u',
    ),
  ],
  rule(
    'preference',
    'prefiero|preferimos|me gusta|me gustan|me encanta|me encantan|nos gusta|nos encanta|odio|odiamos|detesto|adoro|soy fan|soy muy fan',
  ),
  rule(
    'decision',
    'decidi|decidimos|elegi|elegimos|nos quedamos con|me quedo con|vamos a usar|voy a usar|optamos por|opte por|nos decidimos por',
  ),
  rule(
    'goal',
    'quiero aprender|queremos aprender|estoy aprendiendo|estamos aprendiendo|estoy estudiando|me estoy preparando|estoy preparando|estoy ahorrando|estoy entrenando|planeo|planeamos|tengo pensado|estoy pensando en',
  ),
  // Any statement in the first person of a lasting kind, told by its verb: "me muevo en bici", "sigo en Sevilla",
  // "llevo la contabilidad de…". Not a need, a wish, a request, a thought or a mood ("necesito…", "creo que…",
  // "estoy cansada"), nor a future or an unaccented preterite, whose person the form does not tell.
  [
    'personal',
    new RegExp(
      `${HEAD}(?:me |nos )?(?!(?:teng[oa] (?:una? )?(?:duda|pregunta|problema|error|consulta|hambre|sueno|prisa|frio|calor|miedo|ganas|reunion|cita|examen)|estoy en (?:el|la|los|las|un|una|casa|camino|clase|reunion|una llamada)\\s|teng[oa] que|tenemos que|maxim|minim|primer|tercer|ultim|necesit|quier|quis|pued|pod|deb|busc|pregunt|intent|trat|esper|cre|piens|pens|supong|imagin|veo|dig|pid|escrib|sient|acuerd|olvid|entiend|ayud|recomiend|opin|alegr|preocup|aburr|cans|mand|envi|adjunt|pas[oe] (?:a|el|la)|llam[oa] (?:a|para|por)|voy a (?!vivir|mudar)|estoy (?:cansad|aburrid|trist|feliz|content|preocupad|nervios|enferm|hart|agotad|perdid|confundid|liad|ocupad|saliendo|llegando|yendo|buscando|intentando|tratando|probando|viendo|mirando|pensando|esperando|escribiendo|haciendo|trabajando en (?:el|la|un|una|esto|eso))))(?:soy|estoy|tengo|voy|sigo|llevo|somos|estamos|tenemos|vamos|seguimos|llevamos|\\p{L}{2,}(?:o|amos|emos|imos))(?![\\p{L}])`,
      'u',
    ),
  ],
  rule(
    'change',
    'me cambie|cambie|cambiamos|me pase|nos pasamos|migre|migramos|deje|dejamos|volvi a|volvimos a|he cambiado|hemos cambiado|empece a|empezamos a|sacamos|quitamos',
  ),
];
