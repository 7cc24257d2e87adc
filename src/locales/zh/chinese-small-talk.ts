import type { LocaleSmallTalk } from '../locale-pack.js';
import { phraseList } from '../phrase-list.js';

/** Chinese small talk and acknowledgement, matched without word boundaries. */
export const chineseSmallTalk: LocaleSmallTalk = {
  phrases: phraseList(`
  你好, 您好, 嗨, 哈喽, 哈囉, 早上好, 早安, 午安, 晚安, 晚上好, 大家好, 谢谢(?:你|您|啦|了)?, 謝謝(?:你|您|啦|了)?, 多谢, 多謝, 感谢, 感謝, 感恩, 好的, 好滴, 好嘞, 好吧,
  好啊, 好呀, 好, 嗯+, 哦+, 噢, 喔, 行吧, 行, 可以, 收到, 明白了?, 了解, 知道了, 懂了, 没问题, 沒問題, 不客气, 不客氣, 辛苦了?, 太棒了, 真棒, 很棒, 棒, 厉害, 厲害, 哈+,
  呵呵, 嘿嘿, 拜拜, 再见, 再見, 是的, 对的, 對的, 对, 對, 没错, 沒錯, 是,
`),
  wholeWords: false,
};
