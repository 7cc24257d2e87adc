import { CHINESE_PERSONAL, CHINESE_PETS, CHINESE_RELATIVES } from './chinese-fact-words.js';

// The subject a following clause shares: the speaker, or the speaker's relative or pet ("我女儿三岁了，特别喜欢画画").
const CHINESE_SUBJECT = new RegExp(
  `^(?:我们|我們|咱们|咱們|我)(?:的?(?:${CHINESE_RELATIVES}|${CHINESE_PETS})(?![^，,。]*?(?:和|跟)))?`,
);
const CHINESE_OWN_SUBJECT = /^(?:我|咱|你|您|他|她|它|这|這|那|大家|谁|誰)/;
const CHINESE_POSSESSED = new RegExp(`^(?:${CHINESE_PERSONAL}|${CHINESE_RELATIVES}|${CHINESE_PETS})`);
// "我有一只猫，叫团子" says one thing: 有一只叫团子的猫.
const CHINESE_NAMED =
  /(有|养了|養了|养|養)([一两兩二三四五六几幾]?[只隻个個条條匹位])([^，,。；;]{1,8})[，,]\s*(?:它|牠|她|他)?(?:叫|名叫|名字叫)([^，,。；;]{1,12})/u;

/** The clauses of a Chinese statement: a clause without a subject gets the one before ("我住在北京，在腾讯工作"). */
export function splitChineseClauses(sentence: string): string[] {
  const text = sentence.replace(CHINESE_NAMED, '$1$2叫$4的$3');
  const clauses: string[] = [];
  let subject = '';
  for (const part of text.split(/[，,；;]/)) {
    const clause = part.trim();
    if (clause === '') continue;
    const own = CHINESE_SUBJECT.exec(clause);
    if (own) subject = own[0];
    else if (subject !== '' && !CHINESE_OWN_SUBJECT.test(clause)) {
      const possessive = CHINESE_POSSESSED.test(clause) && /^(?:我们|我們|咱们|咱們|我)$/.test(subject);
      clauses.push(`${subject}${possessive ? '的' : ''}${clause}`);
      continue;
    } else if (CHINESE_OWN_SUBJECT.test(clause)) subject = '';
    clauses.push(clause);
  }
  return clauses;
}
