import type { LocaleSearch } from '../locale-pack.js';

/** Japanese search words, as the ICU word segmenter returns them. */
export const japaneseSearchWords: LocaleSearch = {
  stopWords:
    `は が を に の で と も へ や か な ね よ から まで より です ます でした ました ですか ますか する した して
  いる ある ない この その あの これ それ あれ どの どれ 何 なに 私 あなた 僕 俺 さん ください
  はい いいえ ありがとう どうも うん ええ
  どこ いつ だれ どう どうして なぜ どんな いくら いくつ 何で なん`
      .split(/\s+/)
      .filter(Boolean),
  pastReferenceWords: 'この前 前回 さっき 前 決め 決めた 話 話し 話した 言った 覚え 覚えて 約束'
    .split(/\s+/)
    .filter(Boolean),
  // Hiragana of one or two characters are particles and endings (って, い, ます), never topics.
  ignoredWord: /^[\p{Script=Hiragana}\u30fc]{1,2}$/u,
};
