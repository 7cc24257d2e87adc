import type { LocaleTask } from '../locale-pack.js';

// Words that may open a sentence before the request itself: "Bueno, por favor…", "Y además…".
const OPENER =
  '(?:(?:y|bueno|vale|ok|oye|entonces|pues|tambi[eé]n|adem[aá]s|primero|luego|despu[eé]s|por [uú]ltimo),?\\s+)*';
const POLITE = '(?:por favor,?\\s+|porfa,?\\s+)?';
// Imperatives, with or without the pronoun attached and its accent ("organízame", "organizame", "redácteme").
const COMMANDS =
  'ay[uú]da(?:me|nos)?|ay[uú]de(?:me|nos)?|haz(?:me)?|h[aá]game|crea(?:me)?|cr[eé]ame|escr[ií]be(?:me)?|prepara|prep[aá]ra(?:me)?|redacta|red[aá]cta(?:me)?|red[aá]cte(?:me)?|organiza|organ[ií]za(?:me)?|traduce|trad[uú]ce(?:me)?|revisa|rev[ií]sa(?:me)?|arregla|corrige|a[ñn]ade|agrega|elimina|borra|cambia|genera|gen[eé]ra(?:me)?|implementa|refactoriza|migra|configura|planea|planifica|dise[ñn]a|resume|res[uú]me(?:me)?|calcula|busca|b[uú]sca(?:me)?|env[ií]a|manda|dame|d[eé]me|p[aá]same|optimiza|mejora|convierte|compara|analiza|explica|expl[ií]ca(?:me)?|reserva|res[eé]rva(?:me)?|agenda|ag[eé]nda(?:me)?|recu[eé]rda(?:me)|evita|usa|no uses|no toques|no cambies|aseg[uú]rate';

const STATEMENTS: readonly RegExp[] = [
  new RegExp(`^[¡]?${OPENER}${POLITE}(?:${COMMANDS})(?![\\p{L}])`, 'iu'),
  new RegExp(
    `^${OPENER}${POLITE}(?:necesito|necesitamos|quiero que|queremos que|quisiera|quisi[eé]ramos|me gustar[ií]a que|quiero (?:hacer|montar|crear|escribir|preparar|organizar|planear|migrar|a[ñn]adir|armar|tener|un|una)|tengo que|tenemos que|hay que|debes|tienes que)(?![\\p{L}])`,
    'iu',
  ),
  /(?<![\p{L}])(?:como m[aá]ximo|m[aá]ximo|como m[ií]nimo|m[ií]nimo|sin romper|sin usar|no m[aá]s de|antes del?|plazo|presupuesto|fecha l[ií]mite|entregable)(?![\p{L}])/iu,
];
// A question that asks for work ("¿Puedes arreglar el login?"), not for knowledge ("¿Puedes explicar…?").
const REQUEST_QUESTION = new RegExp(
  `^[¿]?${OPENER}(?:me |nos )?(?:puedes|podr[ií]as|pod[eé]s|puede|podr[ií]a)\\s+(?:por favor\\s+)?(?:ayudar|hacer|crear|escribir|preparar|redactar|organizar|traducir|revisar|arreglar|corregir|a[ñn]adir|agregar|generar|implementar|refactorizar|migrar|configurar|planear|planificar|dise[ñn]ar|resumir|buscar|enviar|mandar|optimizar|mejorar|convertir|instalar|reservar|agendar)`,
  'iu',
);

/** Spanish requests, goals and constraints; questions that ask for work. */
export const spanishTask: LocaleTask = {
  statements: STATEMENTS,
  requestQuestions: [REQUEST_QUESTION],
  knowledgeQuestion:
    /(?<![\p{L}])(?:explicar|explicarme|decir|decirme|contar|contarme|recomendar|sugerir)(?![\p{L}])/iu,
};
