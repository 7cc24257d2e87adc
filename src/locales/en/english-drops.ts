import type { LocaleDrops } from '../locale-pack.js';

const PLACE_VERB =
  /^(?:no\s+longer\s+(?:lives?|living|resides?|works?|working)\b|left\b|moved\s+(?:away\s+from|off)\b|(?:stopped|quit)\s+(?:working|living)\b)/iu;

// English: the subject is read case-sensitively (a name is capitalised), the rest without case.
const EN_SUBJECT =
  /^(?:(?:[Tt]he\s+)?[Uu]ser(?:'s\s+[\p{L}-]+)?|I|[Ww]e|(?:[Tt]he|[Oo]ur|[Mm]y)\s+[\p{L}-]+|\p{Lu}[\p{L}\p{M}-]*(?:'s\s+[\p{L}-]+)?)(?=['’\s])/u;
const EN_DROP_VERB = [
  'no\\s+longer\\s+\\p{L}+(?:\\s+(?:at|in|with|for|on|to))?',
  "(?:does\\s+not|doesn't|do\\s+not|don't)\\s+(?:use|drink|eat|like|prefer|play|watch|want)s?",
  '(?:stopped|stopping|quit|quitting|given\\s+up(?:\\s+on)?|gave\\s+up(?:\\s+on)?|giving\\s+up(?:\\s+on)?|dropped|dropping|ditched|ditching|abandoned|gone\\s+off|went\\s+off|left|moved\\s+away\\s+from|moved\\s+off)(?:\\s+(?:using|drinking|eating|playing|watching|working\\s+(?:at|for)|living\\s+in))?',
].join('|');
const EN_END =
  '(?:\\s+(?:any\\s*more|now|for\\s+good|altogether|entirely|completely|recently|(?:last|this)\\s+(?:week|month|year)|(?:a\\s+(?:few|couple\\s+of)|\\d+|two|three|several)\\s+(?:days|weeks|months|years)\\s+ago))*';
const EN_DROP = new RegExp(
  `^(?:(?:'ve|'m|'re|has|have|had|is|are|am)\\s+)?(?:(?:now|just|recently|finally|already|actually|officially|completely)\\s+)*(?:${EN_DROP_VERB})\\s+(?<value>.+?)${EN_END}$`,
  'iu',
);
const EN_VALUE_END = /\s+(?:for|in\s+favou?r\s+of|and|but|because|since|as)\s+.*$/iu;
const PRONOUN = /^(?:it|that|this|them|those|these|him|her|everything|something|anything)$/iu;

/** English drops: "User no longer uses VS Code", "We're dropping MySQL", "I've gone off dark roast", "left Acme". */
export const englishDrops: LocaleDrops = {
  read(text) {
    const subject = EN_SUBJECT.exec(text)?.[0];
    const rest = subject === undefined ? text : text.slice(subject.length).trim();
    const match = EN_DROP.exec(rest);
    const value = match?.groups?.value
      ?.replace(EN_VALUE_END, '')
      .replace(/^(?:the|my|our|his|her|their)\s+/iu, '')
      .trim();
    if (value === undefined || value === '' || PRONOUN.test(value)) return null;
    if (value.split(' ').length > 5 || value.length > 40 || !/\p{L}/u.test(value)) return null;
    const verb = rest.replace(
      /^(?:(?:'ve|'m|'re|has|have|had|is|are|am)\s+)?(?:(?:now|just|recently|finally|already|actually|officially|completely)\s+)*/iu,
      '',
    );
    return { ...(subject === undefined ? {} : { subject }), value, place: PLACE_VERB.test(verb) };
  },
  factSubject: (fact) => EN_SUBJECT.exec(fact)?.[0] ?? null,
};
