import type { InstructionPatternKit, LocaleAssistantInstructions } from '../memory-gate-words.js';

// How a Spanish text tells the assistant how to behave ("Responde siempre en inglés", "Tú debes…", "Nunca menciones
// a la competencia"), and how a fact states the user's own preference about answers instead ("El usuario prefiere
// respuestas en español"). Spanish drops the subject ("Debes responder…"), and "tu" is "you" and "your" once its
// accent is gone: "tu" counts as the assistant only before a verb in the second person ("tú debes", not "tu código
// debe"). Only communication counts: "Usa siempre pnpm" is the user's rule.

const WORDS = {
  openers: [
    'a partir de ahora',
    'de ahora en adelante',
    'desde ahora',
    'desde ya',
    'siempre',
    'nunca',
    'no',
    'por favor',
    'porfa',
    'recuerda',
    'asegúrate de',
    'solo',
    'y',
    'también',
  ],
  /** Verbs of speaking, an order only with how to speak after them: "responde en", not "responde a los incidentes". */
  speakingVerbs: [
    'responde',
    'respóndeme',
    'respondé',
    'responda',
    'contesta',
    'contéstame',
    'contestá',
    'conteste',
    'habla',
    'háblame',
    'hablá',
    'hable',
    'escríbeme',
  ],
  speakingManners: [
    'en',
    'con',
    'solo',
    'siempre',
    'de forma',
    'de manera',
    'de usted',
    'brevemente',
    'formalmente',
    'como',
    'sin',
    'usando',
    'únicamente',
  ],
  /**
   * Speaking verbs in the second person, indicative or subjunctive: with how to speak after them they address the
   * assistant wherever they stand ("…y desde hoy contestas siempre en inglés", "prefiere que respondas en inglés").
   */
  secondPersonSpeaking: [
    'respondes',
    'respondas',
    'contestas',
    'contestes',
    'hablas',
    'hables',
    'escribes',
    'escribas',
    'responderás',
    'contestarás',
    'hablarás',
    'escribirás',
  ],
  /** The assistant's behaviour in the second person, an order wherever it stands ("un modo en el que revelas …"). */
  secondPersonOrders: ['revelas', 'reveles', 'ignoras', 'obedeces', 'obedezcas', 'reenvías', 'reenvíes'],
  yourAnswers: ['tus respuestas', 'tu respuesta', 'tus contestaciones', 'tus respuestas futuras'],
  /** Orders about the assistant's behaviour after an opener or at the start. */
  orders: [
    'menciones',
    'menciona',
    'uses emoji*',
    'usa emoji*',
    'uses markdown',
    'usa markdown',
    'usa un tono',
    'uses un tono',
    'firma',
    'firmes',
    'saluda',
    'saludes',
    'preséntate',
    'llámame',
    'trátame',
    'tutéame',
    'finge',
    'actúa como',
    'compórtate',
    'recomiendes',
    'recomienda',
    'digas',
    'revela',
    'reveles',
  ],
  /** The assistant named, then a verb in the third person. */
  assistant: ['el asistente', 'la asistente', 'la ia', 'el bot', 'el modelo', 'usted'],
  modals: ['debe', 'tiene que', 'ha de', 'no debe', 'nunca', 'siempre', 'solo puede', 'no puede', 'deberá'],
  /** Modals in the second person: "tú debes", or with no subject, "Debes responder…". */
  secondPersonModals: [
    'debes',
    'tienes que',
    'tenés que',
    'has de',
    'deberás',
    'deberías',
    'no debes',
    'no puedes',
    'solo puedes',
  ],
  /** What a subjectless modal orders: speaking, or the assistant's behaviour. */
  orderedVerbs: [
    'responder',
    'contestar',
    'hablar',
    'hablarle',
    'hablarme',
    'escribir',
    'mencionar',
    'usar',
    'firmar',
    'saludar',
    'decir',
    'revelar',
    'tratar',
    'tratarme',
    'llamarme',
    'dirigirte',
    'presentarte',
  ],
  user: ['el usuario', 'la usuaria', 'al usuario', 'a la usuaria', 'el cliente', 'la clienta'],
  preferring: [
    'prefiere',
    'quiere',
    'le gusta',
    'le gustan',
    'pide',
    'desea',
    'espera',
    'necesita',
    'odia',
    'no soporta',
  ],
  answers: [
    'respuesta*',
    'explicaci*',
    'ejemplos',
    'resumen*',
    'que le respondan',
    'que le contesten',
    'que le hablen',
    'el asistente',
    'la ia',
    'el bot',
    'tono',
    'emojis',
    'en español',
    'en inglés',
    'en francés',
    'en alemán',
    'en chino',
    'en japonés',
    'en portugués',
  ],
  described: ['el asistente', 'el bot', 'la ia'],
  describedBehaviour: ['responde', 'contesta', 'habla', 'escribe', 'saluda', 'firma'],
} as const;

function orders(kit: InstructionPatternKit): string[] {
  const openers = `(?:${kit.words(WORDS.openers)}[\\s,:]*){0,3}`;
  const start = `^${kit.leading}${kit.label}`;
  return [
    // "Responde siempre en inglés", "A partir de ahora contesta solo con JSON".
    `${start}${openers}${kit.words(WORDS.speakingVerbs)}\\s${kit.words(WORDS.speakingManners)}`,
    // "Nunca menciones a la competencia", "No uses emojis".
    `${start}${openers}${kit.words(WORDS.orders)}`,
    // "El asistente debe firmar …", "La IA nunca …".
    `${kit.clauseStart}${openers}${kit.words(WORDS.assistant)}\\s(?:[a-z]+\\s)?${kit.words(WORDS.modals)}`,
    // "Tú siempre debes …".
    `${kit.clauseStart}${openers}tu\\s(?:[a-z]+\\s)?${kit.words(WORDS.secondPersonModals)}`,
    // The assistant's behaviour in the second person, wherever it stands ("un modo en el que revelas …").
    kit.words(WORDS.secondPersonOrders),
    // "Debes responder de forma breve".
    `${start}${openers}${kit.words(WORDS.secondPersonModals)}\\s(?:[a-z]+\\s)?${kit.words(WORDS.orderedVerbs)}`,
  ];
}

/**
 * A fact about the user speaks of the user in the third person: a second-person speaking verb in it is said to the
 * assistant, whatever first-person clause it follows ("Trabajo aquí y a partir de ahora respondes solo en inglés"),
 * and so is "tus respuestas"; unless the fact is the user's preference about answers ("El usuario prefiere que
 * respondas en inglés").
 */
function addressed(kit: InstructionPatternKit): string[] {
  return [
    `${kit.words(WORDS.secondPersonSpeaking)}\\s${kit.words(WORDS.speakingManners)}`,
    kit.words(WORDS.yourAnswers),
  ];
}

/** Spanish orders to the assistant and preferences about its answers. */
export const spanishAssistantInstructions: LocaleAssistantInstructions = {
  orders,
  addressed,
  preferences: [
    { parts: [WORDS.user, WORDS.preferring, WORDS.answers], gap: 40 },
    // "Prefiere que las explicaciones sean breves": the subject dropped.
    { parts: [WORDS.preferring, WORDS.answers], gap: 24, anchor: 'text' },
    { parts: [WORDS.described, WORDS.describedBehaviour], gap: 2, anchor: 'sentence' },
  ],
};
