import type { LocaleAnswerKinds } from '../locale-pack.js';

/** Chinese question words for a kind of answer, and the words that give one. */
export const chineseAnswerKinds: LocaleAnswerKinds = {
  asks: {
    frequency: /多久一次|多常|多频繁|多頻繁/iu,
    time: /什么时候|什麼時候|何时|何時|哪天|哪一天|几月|幾月|几号|幾號|哪年|哪一年/iu,
    quantity: /多少|[几幾][个個位次天年岁歲只本口]|多久|多长|多長|多大/iu,
  },
  says: {
    time: /[昨今明前后後去上下]天|[上下这這本][个個]?(?:星期|周|週|月)|[去今明前]年|星期[一二三四五六日天]|周[一二三四五六日末]|\d+\s*[年月日号號]|[一二三四五六七八九十]+月|刚才|剛才|刚刚|剛剛|最近|之前|以前|那天/iu,
    frequency: /每|经常|經常|总是|總是|常常|[一两兩三四五六七八九十几幾]次/iu,
    quantity: /[一二两兩三四五六七八九十百千万萬]/iu,
  },
};
