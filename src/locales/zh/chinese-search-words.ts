import type { LocaleSearch } from '../locale-pack.js';

/** Chinese search words, simplified and traditional, as the ICU word segmenter returns them. */
export const chineseSearchWords: LocaleSearch = {
  stopWords:
    `的 了 是 在 我 你 他 她 它 们 我们 你们 他们 这 那 这个 那个 這 這個 那個 吗 嗎 呢 吧 啊 和 与 與 也 都 就 还 還 又 把 被
  让 讓 给 給 对 對 从 從 到 有 没有 沒有 不 没 沒 很 什么 什麼 怎么 怎麼 怎样 怎樣 为什么 為什麼 哪 哪个 哪個 一个 一個 一下 请 請
  个 個 会 會 能 可以 要 想 说 說 知道 现在 現在 今天 那么 那麼 所以 因为 因為 但是 如果 然后 然後 之 其 及
  我的 你的 他的 她的 我们的 我們的 应该 應該 需要 时候 時候 一些 这些 這些 那些 怎么样 怎麼樣 的话 的話
  好 好的 谢谢 謝謝 多谢 多謝 嗯 哦 喔 行 对 對 是的 没问题 沒問題 可以的
  哪些 哪里 哪裡 哪儿 哪兒 多少 几 幾 如何 为何 為何 何时 何時 什么样 什麼樣 谁 誰 啥 怎么办 怎麼辦`
      .split(/\s+/)
      .filter(Boolean),
  pastReferenceWords:
    `之前 以前 上次 刚才 剛才 先前 决定 決定 讨论 討論 聊 聊过 聊過 说过 說過 提到 记得 記得 约定 約定 商量 结论 結論`
      .split(/\s+/)
      .filter(Boolean),
};
