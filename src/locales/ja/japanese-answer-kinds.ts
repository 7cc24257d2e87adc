import type { LocaleAnswerKinds } from '../locale-pack.js';

/** Japanese question words for a kind of answer, and the words that give one. */
export const japaneseAnswerKinds: LocaleAnswerKinds = {
  asks: {
    frequency: /どのくらいの頻度|どれくらいの頻度|何回/iu,
    time: /いつ|何月|何日|何年|何曜日/iu,
    quantity: /いくつ|いくら|何人|何個|何歳|どのくらい|どれくらい/iu,
  },
  says: {
    time: /昨日|今日|明日|先週|先月|来週|来月|[月火水木金土日]曜|この前|さっき|週末/iu,
    frequency: /毎|いつも|よく|たまに|[一二三四五六七八九十\d]+回/iu,
  },
};
