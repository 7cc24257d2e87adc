/** English function words and chat filler: they match everything, so they never enter a fact query. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below
  between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for
  from further get got had hadn't has hasn't have haven't having he her here hers herself him himself his how i i'm
  i've if in into is isn't it it's its itself just let let's like me might more most must mustn't my myself no nor
  not now of off on once only or other ought our ours ourselves out over own please same shan't she should shouldn't
  so some such than that that's the their theirs them themselves then there there's these they this those through to
  too under until up very was wasn't we we're were weren't what what's when where which while who whom why will with
  won't would wouldn't you you're your yours yourself yourselves yes yeah ok okay hi hello hey thanks thank tell know
  think want need use using used make one two may shall im ive dont doesnt cant wont whats thats lets`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Chinese, Japanese and Korean function words (as the word segmenter returns them; Korean without particles), and the
 * question words: an answer names what was asked about, never "which" or "how many".
 */
export const CJK_STOP_WORDS: ReadonlySet<string> = new Set(
  `的 了 是 在 我 你 他 她 它 们 我们 你们 他们 这 那 这个 那个 這 這個 那個 吗 嗎 呢 吧 啊 和 与 與 也 都 就 还 還 又 把 被
  让 讓 给 給 对 對 从 從 到 有 没有 沒有 不 没 沒 很 什么 什麼 怎么 怎麼 怎样 怎樣 为什么 為什麼 哪 哪个 哪個 一个 一個 一下 请 請
  个 個 会 會 能 可以 要 想 说 說 知道 现在 現在 今天 那么 那麼 所以 因为 因為 但是 如果 然后 然後 之 其 及
  は が を に の で と も へ や か な ね よ から まで より です ます でした ました ですか ますか する した して
  いる ある ない この その あの これ それ あれ どの どれ 何 なに 私 あなた 僕 俺 さん ください
  我的 你的 他的 她的 我们的 我們的 应该 應該 需要 时候 時候 一些 这些 這些 那些 怎么样 怎麼樣 的话 的話
  好 好的 谢谢 謝謝 多谢 多謝 嗯 哦 喔 行 对 對 是的 没问题 沒問題 可以的 ok はい いいえ ありがとう どうも うん ええ
  우리 저희 제가 저는 나는 내가 너는 당신 그것 이것 저것 무엇 뭐 뭐가 뭐야 어떤 어떻게 어디 언제 누구 왜 그리고 그래서
  하지만 그런데 그냥 정말 진짜 너무 아주 조금 지금 오늘 여기 거기 있어요 없어요 있어 없어 합니다 해요 했어요 주세요
  감사합니다 고마워요 네 아니요 좋아요
  哪些 哪里 哪裡 哪儿 哪兒 多少 几 幾 如何 为何 為何 何时 何時 什么样 什麼樣 谁 誰 啥 怎么办 怎麼辦
  どこ いつ だれ どう どうして なぜ どんな いくら いくつ 何で なん`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words that point back at the conversation without naming a topic ("what did we decide?", "我们之前决定了什么？",
 * "前に何を決めたっけ"): a message made of them alone asks for what was recently in play, not for a search.
 */
export const PAST_REFERENCE_WORDS: ReadonlySet<string> = new Set(
  `decide decided deciding decision decisions discuss discussed discussing discussion talk talked talking chat chatted
  say said mention mentioned agree agreed remind recall remember remembered earlier previously previous last time ago
  again settle settled conclude concluded conclusion pick picked choose chose chosen conversation
  之前 以前 上次 刚才 剛才 先前 决定 決定 讨论 討論 聊 聊过 聊過 说过 說過 提到 记得 記得 约定 約定 商量 结论 結論
  この前 前回 さっき 前 決め 決めた 話 話し 話した 言った 覚え 覚えて 約束`
    .split(/\s+/)
    .filter(Boolean),
);
