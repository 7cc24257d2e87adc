import { KANA_LETTER } from '../../core/text/scripts.js';

// Words that add nothing to a fact, and times relative to the moment of speaking, which a stored fact would carry
// into a future where they are wrong ("I moved to Berlin last week" read a year later).
const ENGLISH_LEADING = /^(?:(?:quick |small |status )?update|edit|fyi|note|heads up|ps|p\.s\.)\s*[:：-]\s*/i;
const ENGLISH_TRAILING =
  /(?:,?\s+(?:by the way|btw|fyi|haha+|lol|though|anyway|actually)|(?<!\b(?:right|for|just|until|by|from|as of))\s+(?:now|these days|nowadays|at this point)|,\s*(?:just so you know|for (?:the record|context|reference)))+$/i;
const ENGLISH_INNER =
  /\s+(?:last (?:week|month|year|weekend|spring|summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:a (?:few |couple of )?|\d+ |two |three |several )(?:weeks?|months?|years?) ago|recently)\b/gi;
const CHINESE_FILLER =
  /已经|已經|最近|上个?月|上個?月|上周|上週|上星期|去年|前几天|前幾天|前阵子|前陣子|其实|其實|(?:现在|現在|目前)(?!开始|開始|起|为止|為止)|(?<=^|[我们們咱])(?:也|都)(?=不再|改|在用|用)/g;
// A closing 了 is a particle ("改用 pnpm 了") except after a duration ("结婚五年了").
const CHINESE_TRAILING = /(?:\s*(?:(?<![年月天周週岁歲])了|啦|哈+|呀|哦|喔|呢))+$/u;
const JAPANESE_FILLER = /先月|先週|去年|最近は?|今は|今では|現在は|実は|ちなみに[、,]?/g;
const JAPANESE_TRAILING = /(?:笑|w+|ｗ+|よ|ね|な)+$/u;

/** The clause without filler ("by the way", "其实", "ちなみに") and without times relative to now. */
export function dropFiller(clause: string): string {
  const text = clause
    .trim()
    .replace(/[.!。！~～]+$/u, '')
    .trim();
  if (KANA_LETTER.test(text)) return tidy(text.replace(JAPANESE_FILLER, '').replace(JAPANESE_TRAILING, ''));
  if (/\p{Script=Han}/u.test(text)) return tidy(text.replace(CHINESE_FILLER, '').trim().replace(CHINESE_TRAILING, ''));
  return tidy(text.replace(ENGLISH_LEADING, '').replace(ENGLISH_INNER, '').replace(ENGLISH_TRAILING, ''));
}

/** Commas and spaces a removed word left at either end. */
function tidy(text: string): string {
  return text.replace(/^[\s,，、]+|[\s,，、]+$/gu, '');
}
