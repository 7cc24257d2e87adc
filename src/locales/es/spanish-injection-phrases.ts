import type { PhraseRule } from '../phrase-rule.js';

const SPANISH_VERBS = [
  'ignora',
  'ignore',
  'ignoren',
  'ignorar',
  'olvida',
  'olvide',
  'olviden',
  'olvidar',
  'descarta',
  'descartar',
  'omite',
  'no sigas',
  'no sigan',
  'deja de seguir',
  'pasa por alto',
  'haz caso omiso de',
  'desobedece',
];
const SPANISH_PRIOR = [
  'anteriores',
  'previas',
  'previos',
  'precedentes',
  'de arriba',
  'originales',
  'iniciales',
  'todas',
  'todos',
  'tus',
  'sus',
  'del sistema',
];
const SPANISH_RULES = [
  'instrucciones',
  'instrucción',
  'reglas',
  'indicaciones',
  'órdenes',
  'directrices',
  'normas',
  'pautas',
  'restricciones',
];
const SPANISH_SECRETS = [
  'prompt del sistema',
  'prompt de sistema',
  'mensaje del sistema',
  'instrucciones del sistema',
  'instrucciones ocultas',
  'instrucciones iniciales',
  'instrucciones originales',
  'prompt inicial',
  'indicaciones del sistema',
];

/**
 * Spanish override and jailbreak phrases (accents are dropped before matching
 * on both sides, so "instrucción" and "instruccion" are one entry). The adjective comes after the noun ("las
 * instrucciones anteriores"), so the override rules come in both orders.
 */
export const SPANISH_INJECTION_PHRASES: readonly PhraseRule[] = [
  // Ignora todas las instrucciones anteriores / ignora las instrucciones anteriores.
  { parts: [SPANISH_VERBS, SPANISH_PRIOR, SPANISH_RULES], gap: 16 },
  { parts: [SPANISH_VERBS, SPANISH_RULES, SPANISH_PRIOR], gap: 16 },
  {
    parts: [
      [
        'muestra',
        'muéstrame',
        'revela',
        'revélame',
        'dime',
        'imprime',
        'repite',
        'enséñame',
        'comparte',
        'dame',
        'cuál es',
      ],
      ['tu', 'tus', 'su', 'sus'],
      [...SPANISH_SECRETS, 'instrucciones', 'reglas'],
    ],
    gap: 10,
  },
  {
    parts: [['muestra', 'muéstrame', 'revela', 'revélame', 'dime', 'imprime', 'repite', 'enséñame'], SPANISH_SECRETS],
    gap: 10,
  },
  {
    parts: [
      [
        'eres ahora',
        'ahora eres',
        'a partir de ahora eres',
        'actúa como',
        'finge que eres',
        'finge ser',
        'compórtate como',
      ],
      ['dan', 'sin restricciones', 'sin límites', 'sin filtros', 'sin censura', 'una ia sin', 'liberado'],
    ],
    gap: 10,
  },
  {
    parts: [
      ['no tienes', 'ya no tienes', 'ya no estás sujeto a', 'no estás sujeto a'],
      ['restricciones', 'limitaciones', 'reglas', 'filtros', 'censura'],
    ],
    gap: 4,
  },
  {
    parts: [
      ['estás en', 'ahora estás en', 'responde en', 'actúa en'],
      ['modo desarrollador', 'modo dan', 'modo jailbreak'],
    ],
    gap: 3,
  },
  {
    parts: [
      ['elude', 'evita', 'salta', 'desactiva', 'ignora'],
      ['tus', 'sus'],
      ['filtros de seguridad', 'restricciones', 'filtros', 'salvaguardas', 'políticas'],
    ],
    gap: 6,
  },
];
