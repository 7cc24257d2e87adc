import type { FactKind } from '../locale-extraction.js';
import { CHINESE_KIN_PLAIN, CHINESE_PERSONAL, CHINESE_PETS, CHINESE_RELATIVES } from './chinese-fact-words.js';

const CHINESE_POSSESSED = new RegExp(`^(?:${CHINESE_RELATIVES}|${CHINESE_PETS}|${CHINESE_PERSONAL})`);

/** The Chinese clause with plain kin words and a household's subject ("我们住在…" → 我家住在…). */
export function restateChinese(clause: string, kind: FactKind): string {
  // "我们家…" is the household's: 我家.
  if (/^(?:我们|我們)家/.test(clause)) return clause.replace(/^(?:我们|我們)家/, '我家');
  if (/^(?:我们|我們)(?=住|搬)/.test(clause)) return clause.replace(/^(?:我们|我們)/, '我家');
  // "我们有一个女儿", "我们养了一只猫": a couple's child or pet, not a team's.
  if (/^(?:我们|我們)(?=有|养|養)/.test(clause) && kind === 'personal') return clause.replace(/^(?:我们|我們)/, '我');
  // Informal kin words in their plain form: 我老婆 → 我的妻子.
  const kin = /^(我|我们|我們)的?(.*)$/.exec(clause);
  if (!kin?.[1] || kin[2] === undefined) return clause;
  for (const [informal, plain] of CHINESE_KIN_PLAIN)
    if (informal.test(kin[2])) return `${kin[1]}的${kin[2].replace(informal, plain)}`;
  // "我和老公住在苏州" → 我和丈夫住在苏州.
  const together = /^(和|跟|与|與)(.*)$/.exec(kin[2]);
  if (together?.[1] && together[2] !== undefined)
    for (const [informal, plain] of CHINESE_KIN_PLAIN)
      if (informal.test(together[2])) return `${kin[1]}${together[1]}${together[2].replace(informal, plain)}`;
  return CHINESE_POSSESSED.test(kin[2]) ? `${kin[1]}的${kin[2]}` : clause;
}
