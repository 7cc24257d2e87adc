import type { LocaleSmallTalk } from '../locale-pack.js';
import { phraseList } from '../phrase-list.js';

/** Spanish small talk and acknowledgement, matched as whole words, with and without accents. */
export const spanishSmallTalk: LocaleSmallTalk = {
  phrases: phraseList(`
  hola+, holi, buenas, buenos d[ií]as, buenas (?:tardes|noches), saludos, gracias+, muchas gracias, mil gracias,
  gracias por (?:todo|la ayuda|tu ayuda), de nada, vale, ok(?:ey)?, perfecto, genial, bien, muy bien, de acuerdo,
  claro(?: que s[ií])?, s[ií]+, no+, jaja+, jeje+, jsjs+, xd, qu[eé] tal, c[oó]mo est[aá]s, c[oó]mo est[aá] usted,
  c[oó]mo va, adi[oó]s, chao, chau, hasta luego, hasta pronto, nos vemos, entendido, listo, dale, buen[ií]simo,
  excelente, incre[ií]ble, guay, qu[eé] bien, ya veo, exacto, cierto, verdad, por supuesto, ah+, oh+, uf+,
  porfa, por favor, amigo, amiga, t[ií]o, t[ií]a, y, pues, bueno,
`),
  wholeWords: true,
};
