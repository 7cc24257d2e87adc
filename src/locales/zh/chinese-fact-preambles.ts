/** Chinese lines that introduce or replace a list of facts (以下是, 没有新的事实), and a model's refusals (抱歉，我…). */
export const CHINESE_FACT_PREAMBLES: readonly RegExp[] = [
  /^(以下是|以下為|以下为|下面是|这些是|這些是|关键事实|關鍵事實)/,
  /^(没有|沒有|无|無)(新的|新|任何)?(需要记录的|需要記錄的|关键|關鍵)?(事实|事實)/,
  /^(抱歉，?我|对不起，?我|我无法|作为一个?(ai|人工智能|语言模型))/i,
];
