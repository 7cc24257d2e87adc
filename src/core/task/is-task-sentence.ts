// Words that may open a sentence before the request itself: "So, please…", "Also keep…".
const OPENER =
  '(?:(?:so|also|and|then|but|now|ok|okay|oh|btw|finally|first|second|third|next|lastly|plus|additionally|basically|ideally|importantly),?\\s+)*';
const TASK_VERBS =
  'help|pick|choose|select|decide|migrate|fix|add|remove|delete|create|build|write|implement|refactor|update|upgrade|downgrade|convert|make|set ?up|configure|deploy|move|rename|replace|keep|preserve|retain|leave|ensure|use|switch|port|rewrite|translate|generate|review|check|find|investigate|debug|diagnose|optimi[sz]e|improve|test|document|explain|show|tell|give|list|summari[sz]e|design|plan|draft|compare|analy[sz]e|run|install|integrate|support|handle|extract|split|merge|clean ?up|change|modify|adjust|reduce|increase|limit|include|exclude|skip|stop|start|enable|disable|allow|prevent|target|output|return|send|set|put|wrap|bump|pin|drop|restructure|simplify|benchmark|measure|profile|only|avoid|stick|focus|prioriti[sz]e|aim|get|do|book|reserve|order|buy|schedule|organi[sz]e|arrange|cancel|call|email|remind me|translate|print|draw|paint|cook|prepare|send';

const ENGLISH: readonly RegExp[] = [
  new RegExp(`^${OPENER}(?:please |pls |plz |kindly |just )?(?:${TASK_VERBS})\\b(?![:：])`, 'i'),
  new RegExp(`^${OPENER}(?:don't|do not|never|always|make sure|be sure)\\b`, 'i'),
  new RegExp(`^${OPENER}(?:please|pls|plz|kindly)\\b`, 'i'),
  new RegExp(
    `^${OPENER}(?:no|not|without|only|max(?:imum)?|min(?:imum)?|at most|at least|under|less than|fewer than|up to)\\b`,
    'i',
  ),
  new RegExp(`^${OPENER}(?:can|could|would|will) you\\b`, 'i'),
  new RegExp(
    `^${OPENER}(?:i|we)(?:'d| would) (?:like|love|prefer|want)|^${OPENER}(?:i|we) (?:need|want|have to|must|should|plan|hope|expect|require|am trying|are trying)\\b`,
    'i',
  ),
  new RegExp(
    `^${OPENER}(?:i|we)(?:'m|'re| am| are) (?:trying|looking|building|working on|migrating|writing|creating|making|developing|planning|moving|porting|switching)\\b`,
    'i',
  ),
  new RegExp(`^${OPENER}let(?:'s| us)\\b`, 'i'),
  /\b(?:must|mustn't|can't|cannot|can not|not allowed|should|shouldn't|shall|has to|have to|needs to|need to|required|requirement|without|no more than|at most|at least|deadline|budget|goal|deliverable|by (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|end of)|output should|the result should)\b/i,
  /^(?:my|our|the) (?:goal|task|aim|objective|job|requirement|constraint|deliverable|output)s? (?:is|are|:)/i,
];
const CHINESE =
  /帮我|幫我|帮忙|幫忙|请|請|麻烦|麻煩|我想|我要|我需要|我希望|希望|需要|不要|(?<![特区區分个個类類级級性识識辨告差])[别別](?![的人])|必须|必須|务必|務必|不能|不可以|禁止|只能|保留|保持|确保|確保|给我|給我|能不能|能否|可否|如何|怎么|怎麼|实现|實現|修复|修復|迁移|遷移|添加|删除|刪除|创建|創建|升级|升級|替换|替換|目标|目標|要求|截止|预算|預算/;
const CHINESE_START =
  /^(?:另外|还有|還有|然后|然後|并且|並且|而且|同时|同時|也|还|還|再|先|最后|最後)?[，,]?(?:使用|改用|改成|用|把|将|將|写|寫|做|加|改|删|刪|换|換|搞|弄|生成|整理|总结|總結|翻译|翻譯|解释|解釋|检查|檢查|优化|優化|重构|重構|修|订|訂|预订|預訂|买|買|查|找|约|約|安排|取消)/;
const JAPANESE =
  /してください|して下さい|てください|て下さい|してほしい|して欲しい|てほしい|て欲しい|したい|たいです|必要|ないで|ないように|お願い|ください|下さい|べき|なければ|ないこと|すること|維持|保持|移行|までに|禁止|必ず|予算|締め切り|期限|てくれ/;

// Verbs that ask for knowledge rather than work: "Can you explain what a monad is?" asks, it sets no task.
const KNOWLEDGE_VERBS = 'explain|tell|show|describe|define|clarify|remind|recommend|suggest|think|know|mean';
const ACTION_QUESTION = new RegExp(
  `^${OPENER}(?:(?:can|could|would|will) you|(?:can|could) (?:i|we) (?:get|have) you to|how (?:do|can|should|would) (?:i|we))\\s+(?:please |kindly |just |also |help (?:me |us )?(?:to )?)?(?!(?:${KNOWLEDGE_VERBS})\\b)(?:${TASK_VERBS})\\b`,
  'i',
);
// A request in a Chinese or Japanese question: 能帮我修一下吗？ / 直してもらえますか？ — unless it asks for an explanation.
const CJK_ACTION_QUESTION =
  /帮我|幫我|帮忙|幫忙|麻烦|麻煩|给我|給我|てくれ(?:ます|ません|る|ない)|てもらえ(?:ます|ません|る|ない)|ていただけ(?:ます|ません)|てください|て下さい|てほしい|て欲しい/;
// A question asking for a choice to be made ("Which test runner for our monorepo?", "What should we use for
// caching?") sets work: the choice; one about a choice already made ("Which database did we pick?") does not.
const CHOICE_QUESTION = new RegExp(
  `^${OPENER}(?:which|what)\\b(?![^?]*\\b(?:did|was|were|had|has|have (?:i|we))\\b)[^?]*\\b(?:should|shall|to use|for)\\b`,
  'i',
);
const CJK_KNOWLEDGE = /解释|解釋|介绍|介紹|告诉|告訴|什么是|什麼是|是什么|是什麼|说明|說明|説明|教えて|って何|とは/;

/**
 * Does this sentence state a goal, request, constraint, parameter or deliverable? A question counts only when it asks
 * for work ("Can you fix the login page?", "能帮我修一下吗？", "直してもらえますか？"); one that asks for information ("What
 * database did we pick?", "Can you explain closures?", "明日の天気は？") sets no task.
 */
export function isTaskSentence(sentence: string): boolean {
  const text = sentence.replace(/[’`]/g, "'").trim();
  if (/[?？]\s*$/.test(text)) {
    return (
      ACTION_QUESTION.test(text) ||
      CHOICE_QUESTION.test(text) ||
      (CJK_ACTION_QUESTION.test(text) && !CJK_KNOWLEDGE.test(text))
    );
  }
  return (
    ENGLISH.some((pattern) => pattern.test(text)) ||
    CHINESE.test(text) ||
    CHINESE_START.test(text) ||
    JAPANESE.test(text)
  );
}
