import { KANA_LETTER } from '../../core/text/scripts.js';
import { COURTESY_PUNCTUATION as PUNCTUATION } from '../courtesy-punctuation.js';
import type { LocaleExtraction } from '../locale-extraction.js';
import { splitChineseClauses } from './chinese-clauses.js';
import { CHINESE_FACT_RULES } from './chinese-fact-rules.js';
import { restateChinese } from './chinese-restate.js';
import { rewriteChinese } from './chinese-third-person.js';

const COURTESY =
  '(?:你好|您好|嗨|哈喽|哈囉|大家好|谢谢(?:你|您|啦|了)?|謝謝(?:你|您|啦|了)?|多谢|多謝|感谢|感謝|哈哈+|呵呵|嘿嘿|拜拜)';
const HAN = /\p{Script=Han}/u;
const FILLER =
  /已经|已經|最近|上个?月|上個?月|上周|上週|上星期|去年|前几天|前幾天|前阵子|前陣子|其实|其實|(?:现在|現在|目前)(?!开始|開始|起|为止|為止)|(?<=^|[我们們咱])(?:也|都)(?=不再|改|在用|用)/g;
// A closing 了 is a particle ("改用 pnpm 了") except after a duration ("结婚五年了").
const TRAILING = /(?:\s*(?:(?<![年月天周週岁歲])了|啦|哈+|呀|哦|喔|呢))+$/u;

/** How Chinese (simplified and traditional) states a durable fact, and what it says around one. */
export const chineseExtraction: LocaleExtraction = {
  // Han without kana: kana make a text Japanese, which shares the Han letters.
  claims: (text) => HAN.test(text) && !KANA_LETTER.test(text),
  courtesy: {
    opening: new RegExp(`^${COURTESY}${PUNCTUATION}*`, 'iu'),
    closing: new RegExp(`(?:^|${PUNCTUATION}+)${COURTESY}${PUNCTUATION}*$`, 'iu'),
  },
  asides: '另外|顺便说一下|順便說一下|顺便|順便|还有|還有|对了|對了|其实|其實|补充一下|補充一下',
  hypotheticals: '如果|要是|假如|假设|假設|也许|也許|可能|或许|或許',
  ephemeral:
    /今天|今晚|明天|昨天|刚才|剛才|刚刚|剛剛|(?<![从從])现在(?!开始|起)|(?<![从從])現在(?!開始|起)|这个错误|這個錯誤|这个报错|這個報錯|这个bug|這個bug|这次|這次|暂时|暫時|目前先|(?:必须|必須|得|要|先)(?:走|离开|離開|下线|下線|去睡)/,
  // "Now" before a lasting state: filler, not a sign of an ephemeral statement.
  durableNow: /(?:现在|現在|目前)(?!开始|開始|起)/g,
  changeMarkers: { now: /现在|現在|目前/, noLonger: /不再|不用.*了$|离职|離職|辞职|辭職|戒了/ },
  changesSubject: '算了|不管了|别管|別管|换个|換個|另一个问题|另一個問題|顺便问|順便問|题外话|題外話',
  dropFiller: (clause) => clause.replace(FILLER, '').trim().replace(TRAILING, ''),
  splitClauses: splitChineseClauses,
  factRules: CHINESE_FACT_RULES,
  restate: restateChinese,
  inThirdPerson: rewriteChinese,
};
