import { foldCase } from '../../core/language/fold-text.js';
import { KANA_LETTER } from '../../core/text/scripts.js';
import { LIFE_FACT_RULES, type LifeFactKind } from './life-fact-rules.js';

export type FactKind = 'preference' | 'decision' | 'constraint' | 'environment' | LifeFactKind;

// Who a durable English statement is about: the user, their team, their project.
const SUBJECT =
  '(?:i|we|my|our|the (?:project|app|application|repo|repository|codebase|code|service|api|site|website|backend|frontend|server|team|company|product|bot|build|ci|database|db|stack)|this (?:project|app|repo|codebase|service))';
const PROJECT_NOUN =
  '(?:stack|tech stack|backend|frontend|database|db|server|servers|os|operating system|runtime|ci|infra|infrastructure|project|app|application|repo|repository|codebase|code|api|service|site|website|team|company|editor|ide|machine|laptop|setup|environment|monorepo|product|platform|cluster|bot|language|framework|package manager|shell|terminal)';
// What a rule constrains: "must support IE11", "can't use Docker". Not "I have to go", "I need to fix this".
const CONSTRAINED_VERBS =
  'use|install|upgrade|change|touch|modify|add|deploy|access|share|expose|depend|rely|exceed|spend|run|ship|store|send|commit|push|open|switch|migrate|break|drop|remove|delete|be|stay|remain|support|work|keep|target|comply|pass|follow|avoid|fit|handle|build|compile|respond|return|cost|load|scale|include|contain|call|write|go through';
const MODAL =
  "(?:must|mustn't|must not|has to|have to|needs to|is not allowed to|isn't allowed to|are not allowed to|aren't allowed to|may not|should|shouldn't|should not|can only|can't|cannot|can not)";
const CONSTRAINT = `${MODAL}(?: (?:always|never|only|not|also|still|ever))? (?:${CONSTRAINED_VERBS})\\b`;

// English and Chinese.
const RULES: ReadonlyArray<readonly [FactKind, RegExp]> = [
  // English
  [
    'preference',
    /^(?:i|we)(?: (?:really|strongly|generally|usually|also|much|definitely|personally|mostly|still|always|do|kind of|absolutely))* (?:prefer|like|love|hate|dislike|enjoy|favou?r|can't stand|cannot stand|don't like|do not like|don't want|do not want)\b/,
  ],
  ['preference', /^(?:i|we) (?:always|never|usually|typically|generally|normally|tend to|only ever)\b/],
  ['preference', /^(?:i|we)(?:'d| would) (?:rather|prefer)\b/],
  ['preference', /^(?:i'm|i am|we're|we are) (?:a )?(?:big |huge )?fans? of\b/],
  ['preference', /^my (?:favou?rite|preferred|go-to)\b/],
  ['preference', /\b(?:from now on|going forward|in (?:the )?future|in all (?:your )?(?:answers|replies))\b/],
  ['decision', /^let(?:'s| us) (?:go with|use|stick with|pick|choose|switch to|adopt|keep using|move to|settle on)\b/],
  ['decision', /^(?:i|we)(?: have|'ve)? (?:decided|chosen|chose|settled on|agreed|picked|went with|opted)\b/],
  ['decision', /^(?:i|we)(?:'ll| will|'re going to| are going to) (?:go with|use|stick with|switch to|adopt)\b/],
  ['decision', /^(?:use|go with|pick|choose|take) (?:option|approach|plan|variant|solution|proposal) \w+/],
  ['decision', /^(?:use|go with|stick with|switch to) \S+(?: \S+){0,3},? (?:not|instead of|over|rather than)\b/],
  ['constraint', /^(?:always|never|don't ever|do not ever|under no circumstances) \w+/],
  [
    'constraint',
    /^(?:the |our |my )?(?:budget|deadline|due date|time limit|max(?:imum)?|min(?:imum)?|sla|quota|limit)(?: \w+)? (?:is|are|=|:)/,
  ],
  ['constraint', new RegExp(`^${SUBJECT}\\b.*\\b${CONSTRAINT}`)],
  [
    'environment',
    /^(?:i'm|i am|we're|we are) (?:on|using|running|developing on|developing with|deploying (?:on|to)|hosted on|based in|still on)\b/,
  ],
  [
    'environment',
    /^(?:i|we)(?: (?:mostly|mainly|usually|also|only|still|currently))? (?:use|run|work with|work in|develop on|develop with|deploy (?:on|to)|host (?:on|with)|build with|code in|write in|program in|rely on|target|ship (?:on|to))\b/,
  ],
  [
    'environment',
    new RegExp(
      `^(?:my|our|the) ${PROJECT_NOUN}\\b.*\\b(?:is|are|uses|use|runs|run|lives|live|targets|has|have|was built|is built|is written|is deployed|is hosted|relies|depends)\\b`,
    ),
  ],
  ['environment', new RegExp(`^${SUBJECT}\\b.*\\b(?:deployed|hosted|running|runs) (?:on|to|in|at)\\b`)],
  // Chinese
  [
    'preference',
    /^(?:我|我们|我們|咱们|咱們)(?:很|非常|比较|比較|更|也|一直|通常|总是|總是|都|特别|特別|真的|最|还是|還是)*(?:喜欢|喜歡|偏好|偏爱|偏愛|讨厌|討厭|不喜欢|不喜歡|爱用|愛用|习惯|習慣|倾向|傾向|不想用|不爱用|不愛用)/,
  ],
  [
    'preference',
    /^(?:我|我们|我們)(?:一直|从不|從不|从来不|從來不|总是|總是|向来|向來|始终|始終|平时|平時|通常|经常|經常|常常)/,
  ],
  ['preference', /(?:以后|以後|今后|今後|从现在开始|從現在開始|从现在起|從現在起|所有回答|一律)/],
  [
    'environment',
    /^(?:我|我们|我們|咱们|咱們)(?:的)?(?:团队|團隊|公司|项目|項目)?(?:现在|現在|目前|都|也|主要|一般|平时|平時|一直|始终|始終|向来|向來)?(?:在用|用(?!了)|使用|采用|採用|部署|跑在|运行在|運行在|基于|基於|是用)/,
  ],
  [
    'environment',
    /^(?:我|我们|我們|咱们|咱們)的(?:项目|項目|专案|專案|程式码|程式碼|程式|服务|服務|应用|應用|代码|代碼|技术栈|技術棧|后端|後端|前端|数据库|數據庫|資料庫|系统|系統|仓库|倉庫|网站|網站|团队|團隊|公司|产品|產品|环境|環境|服务器|伺服器|电脑|電腦|机器|機器|编辑器|編輯器|框架|架构|架構|集群|主机|主機|app|api|repo|ci).*(?:是|用|使用|部署|跑在|运行|運行|基于|基於|采用|採用|写的|寫的|在)/,
  ],
  [
    'environment',
    /^(?:我|我们|我們|咱们|咱們)(?:都|一直|平时|平時|主要)?(?:在|是在|用)\s*(?:mac|macos|windows|linux|ubuntu|debian|wsl|arch|fedora|centos)/,
  ],
  [
    'decision',
    /(?:(?:我|我们|我們)(?:已经|已經)?(?:决定|決定)|(?:决定|決定)(?:用|使用|采用|採用|了|要|把|先|不|改)|就用|选定|選定|定了用|确定用|確定用|敲定|拍板)/,
  ],
  ['decision', /^(?:那)?(?:就|还是|還是)?(?:用|选|選|采用|採用)(?:方案|选项|選項)\s*[a-z0-9一二三四]/],
  [
    'constraint',
    /^(?:我|我们|我們|咱们|咱們|(?:我们|我們)?的?(?:项目|項目|代码|代碼|服务|服務|团队|團隊|公司|所有))[^，,。]*?(?:必须|必須|务必|務必|只能|不允许|不允許|不得|不能(?:用|使用|改|修改|动|動|超过|超過|依赖|依賴|删|刪|升级|升級|装|裝|安装|安裝|引入|上传|上傳|暴露|提交|部署))/,
  ],
  ['constraint', /(?:永远不要|永遠不要|永远别|永遠別|千万不要|千萬不要|千万别|千萬別|绝对不要|絕對不要|从不|從不)/],
  ['constraint', /(?:预算|預算|截止日期|截止时间|截止時間|期限)(?:是|为|為|:|：)/],
];

const JAPANESE_RULES: ReadonlyArray<readonly [FactKind, RegExp]> = [
  ['preference', /(?:好き|大好き|嫌い|大嫌い|苦手|好み|好んで|派です|派だ|愛用)/],
  ['preference', /(?:いつも|常に|普段|基本的に|今後)/],
  [
    'environment',
    /(?:を使っています|を使ってます|を使っている|を使用しています|を採用しています|で動いています|で動かしています|で運用しています|にデプロイしています|でホストしています|で開発しています|を利用しています|使っています)/,
  ],
  [
    'environment',
    /^(?:私たち|僕たち|我々|うち|弊社|当社|私|僕)の(?:プロジェクト|チーム|会社|環境|サーバー|スタック|バックエンド|フロントエンド|データベース|アプリ|サービス|リポジトリ|コード|pc|マシン)(?:は|では)/,
  ],
  ['environment', /(?:mac|macos|windows|linux|ubuntu|wsl)(?:を使|で開発|で作業|環境|ユーザー)/],
  [
    'decision',
    /(?:に決めました|に決定しました|にしました|にします|にしましょう|で行きます|でいきます|で行きましょう|でいきましょう|を選びます|を採用します|ことにしました)/,
  ],
  [
    'constraint',
    /(?:してはいけません|してはいけない|してはならない|禁止|必須|必ず|絶対に|なければならない|なければなりません|ないといけない|予算は|締め切りは|締切は|期限は)/,
  ],
];

/**
 * What kind of durable fact this sentence states about the user or project, or null. Expects a clean statement
 * (no question, no small talk); recognises English, Chinese and Japanese phrasings.
 */
export function classifyFact(sentence: string): FactKind | null {
  const text = foldCase(sentence);
  // Kana tell Japanese from Chinese, which share words such as 必須 and 禁止 with other meanings or uses.
  const japanese = KANA_LETTER.test(text);
  const rules = japanese ? JAPANESE_RULES : RULES;
  for (const [kind, pattern] of rules) if (pattern.test(text)) return kind;
  for (const [kind, pattern] of japanese ? LIFE_FACT_RULES.japanese : LIFE_FACT_RULES.latin)
    if (pattern.test(text)) return kind;
  return null;
}
