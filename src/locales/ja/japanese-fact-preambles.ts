/** Japanese lines that introduce or replace a list of facts (以下の事実, 事実はありません), and a model's refusals. */
export const JAPANESE_FACT_PREAMBLES: readonly RegExp[] = [
  /^(以下が|重要な事実|以下の事実|抽出した事実|抽出された事実)/,
  /^(事実|事实|事實)(は|が)?(ありません|なし)/,
  /^(申し訳ありませんが|aiとして)/i,
];
