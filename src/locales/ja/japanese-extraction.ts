import { KANA_LETTER } from '../../core/text/scripts.js';
import { COURTESY_PUNCTUATION as PUNCTUATION } from '../courtesy-punctuation.js';
import type { LocaleExtraction } from '../locale-extraction.js';
import { splitJapaneseClauses } from './japanese-clauses.js';
import { JAPANESE_FACT_RULES } from './japanese-fact-rules.js';
import { restateJapanese } from './japanese-restate.js';
import { rewriteJapanese } from './japanese-third-person.js';

const COURTESY =
  '(?:こんにちは|こんばんは|おはようございます|お疲れ(?:様|さま)です|ありがとう(?:ございます)?|よろしく(?:お願いします|お願いいたします)|笑)';
const FILLER = /先月|先週|去年|最近は?|今は|今では|現在は|実は|ちなみに[、,]?|やっと|ついに|とうとう/g;
const TRAILING = /(?:笑|w+|ｗ+|よ|ね|な|[〜～…！!]|\.\.\.|(?<=[なねよ])ー)+$/u;

// Spoken contractions of the ている form, in full: "やってます" → やっています, "練習してる" → 練習している.
function spoken(clause: string): string {
  return clause
    .replace(/(?<=[てで])ます$/, 'います')
    .replace(/(?<=[てで])ません$/, 'いません')
    .replace(/(?<=[てで])る$/, 'いる')
    .replace(/ないです$/, 'ない')
    .replace(/(?<=[てで])ない$/, 'いない');
}

/** How Japanese states a durable fact, and what it says around one. */
export const japaneseExtraction: LocaleExtraction = {
  // Kana tell Japanese from Chinese, which share words such as 必須 and 禁止 with other meanings or uses.
  claims: (text) => KANA_LETTER.test(text),
  courtesy: {
    opening: new RegExp(`^${COURTESY}${PUNCTUATION}*`, 'iu'),
    closing: new RegExp(`(?:^|${PUNCTUATION}+)${COURTESY}${PUNCTUATION}*$`, 'iu'),
  },
  asides: 'ちなみに|あと|それと|なお',
  hypotheticals: 'もし|たぶん|多分',
  ephemeral: /今日|今夜|明日|昨日|さっき|先ほど|今すぐ|今は|今、|このエラー|このバグ|今回|一時的|とりあえず/,
  // "Now" before a lasting state ("今は楽天で働いています"): filler, not a sign of an ephemeral statement.
  durableNow: /今は|今では/g,
  changeMarkers: { now: /今は|今では|最近は|に切り替え|に移行|に乗り換え/, noLonger: /やめ|辞め/ },
  changesSubject: 'ところで|それより|話は変わ|別の質問|やっぱりいい',
  dropFiller: (clause) => spoken(clause.replace(FILLER, '').replace(TRAILING, '')),
  splitClauses: splitJapaneseClauses,
  // "東京に住んでいて、": a te-form left hanging says nothing yet.
  unfinished: /て$/,
  factRules: JAPANESE_FACT_RULES,
  restate: restateJapanese,
  inThirdPerson: rewriteJapanese,
};
