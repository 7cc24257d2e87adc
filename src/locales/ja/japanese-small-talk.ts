import type { LocaleSmallTalk } from '../locale-pack.js';
import { phraseList } from '../phrase-list.js';

/** Japanese small talk and acknowledgement, matched without word boundaries. */
export const japaneseSmallTalk: LocaleSmallTalk = {
  phrases: phraseList(`
  こんにちは, こんばんは, おはよう(?:ございます)?, ありがとう(?:ございます|ございました)?, どうも, サンキュー, はい, うん, ええ, 了解(?:です|しました)?, りょうかい, わかりました,
  分かりました, 承知(?:しました|いたしました), なるほど, いいね, いいですね, すごい(?:です)?, 素晴らしい, 完璧, よろしく(?:お願いします|お願いいたします)?, お願いします,
  お疲れ(?:様|さま)(?:です|でした)?, さようなら, またね, じゃあね, 笑, 草,
`),
  wholeWords: false,
};
