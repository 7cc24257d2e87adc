/**
 * Lines that introduce, wrap or replace a list of facts instead of stating one ("Here are the key facts:", "No new
 * facts.", "以下是关键事实"), and a model's refusals or asides ("I'm sorry, but I can't…", "As an AI…"), which are
 * not facts either. Each is anchored at the start and cheap to run.
 */
export const FACT_PREAMBLES: readonly RegExp[] = [
  /^(here (are|is)|here'?s\b|below (are|is)|the following|sure[,!. ]|certainly[,!. ]|of course[,!. ]|okay[,!. ])/i,
  /^i (found|extracted|identified|have extracted|could not find)\b/i,
  /^(the )?((key|durable|extracted|new|important|relevant) )?facts? (are|were) (as follows|listed|below)\b/i,
  /^(the )?((key|durable|extracted|new|important|relevant) )?facts?( (about the user|from (this|the) (exchange|conversation|message)|extracted|found))?[.!]?$/i,
  /^(none|nothing|n\/a)( (found|to extract|extracted|here))?[.!]?$/i,
  /^(there (are|is|were) )?no (new |durable |key |relevant |important )?facts?\b/i,
  /^(以下是|以下為|以下为|以下が|下面是|这些是|這些是|关键事实|關鍵事實|重要な事実|以下の事実|抽出した事実|抽出された事実)/,
  /^(没有|沒有|无|無)(新的|新|任何)?(需要记录的|需要記錄的|关键|關鍵)?(事实|事實)/,
  /^(事実|事实|事實)(は|が)?(ありません|なし)/,
  /^(i'?m sorry|i am sorry|sorry, (but )?i\b|as an ai\b|as a language model\b|i (cannot|can't|am unable to|'m unable to) (help|assist|comply|do that|provide))/i,
  /^(抱歉，?我|对不起，?我|我无法|作为一个?(ai|人工智能|语言模型)|申し訳ありませんが|aiとして)/i,
];
