import type { PhraseRule } from '../phrase-rule.js';

const FRENCH_VERBS = [
  'ignore',
  'ignorez',
  'ignorer',
  'oublie',
  'oubliez',
  'oublier',
  'ne tiens pas compte',
  'ne tenez pas compte',
  'ne tiens plus compte',
  'fais abstraction',
  'faites abstraction',
  'écarte',
  'écartez',
  'laisse tomber',
  'ne suis pas',
  'ne suivez pas',
  'ne suis plus',
  'ne respecte plus',
];
const FRENCH_PRIOR = [
  'précédentes',
  'antérieures',
  'ci-dessus',
  'toutes',
  'tous',
  'tes',
  'vos',
  'initiales',
  'originales',
  'du système',
  'système',
];
const FRENCH_RULES = ['instructions', 'consignes', 'règles', 'directives', 'indications', 'ordres', 'restrictions'];
const FRENCH_SECRETS = [
  'prompt système',
  'prompt du système',
  'invite système',
  'message système',
  'message du système',
  'instructions système',
  'instructions du système',
  'consignes cachées',
  'instructions cachées',
  'instructions initiales',
  'prompt initial',
];

/**
 * French override and jailbreak phrases (accents are dropped before matching
 * on both sides). The adjective comes after the noun, so the override rules come in both orders.
 */
export const FRENCH_INJECTION_PHRASES: readonly PhraseRule[] = [
  // Ignore toutes les instructions précédentes / oublie les consignes précédentes.
  { parts: [FRENCH_VERBS, FRENCH_PRIOR, FRENCH_RULES], gap: 16 },
  { parts: [FRENCH_VERBS, FRENCH_RULES, FRENCH_PRIOR], gap: 16 },
  {
    parts: [
      [
        'montre',
        'montre-moi',
        'montrez',
        'montrez-moi',
        'révèle',
        'révélez',
        'affiche',
        'affichez',
        'donne-moi',
        'donnez-moi',
        'répète',
        'répétez',
        'imprime',
        'dis-moi',
        'dites-moi',
        'quel est',
        'quelles sont',
        'recopie',
      ],
      ['ton', 'ta', 'tes', 'votre', 'vos'],
      [...FRENCH_SECRETS, 'consignes', 'instructions'],
    ],
    gap: 10,
  },
  {
    parts: [
      ['montre-moi', 'révèle', 'révélez', 'affiche', 'affichez', 'donne-moi', 'répète', 'dis-moi'],
      FRENCH_SECRETS,
    ],
    gap: 10,
  },
  {
    parts: [
      [
        'tu es maintenant',
        'désormais tu es',
        'à partir de maintenant tu es',
        "tu n'es plus",
        'agis comme',
        'fais comme si tu',
        "fais semblant d'être",
      ],
      ['dan', 'sans restriction*', 'sans limite*', 'sans filtre*', 'sans censure', 'une ia sans', 'libéré', 'libre de'],
    ],
    gap: 12,
  },
  {
    parts: [
      ["tu n'as aucune", "tu n'as plus de", "vous n'avez aucune", "tu n'as pas de", "tu n'es soumis à aucune"],
      ['restriction*', 'limite*', 'règle*', 'filtre*', 'censure', 'limitation*'],
    ],
    gap: 4,
  },
  {
    parts: [
      ['tu es en', 'vous êtes en', 'réponds en', 'répondez en'],
      ['mode développeur', 'mode dan', 'mode jailbreak'],
    ],
    gap: 3,
  },
  {
    parts: [
      ['contourne', 'contournez', 'désactive', 'désactivez', 'ignore'],
      ['tes', 'vos'],
      ['filtres', 'restrictions', 'garde-fous', 'règles de sécurité', 'politiques'],
    ],
    gap: 6,
  },
];
