import { UNSPACED_LETTER } from '../text/scripts.js';
import { TOOL_VALUES, TOOLS } from './tool-slots.js';

/**
 * What a fact says about one exclusive slot of a subject: where they live, who they work for, which tool of a set
 * of exclusive choices they use or prefer.
 */
interface Claim {
  slot: string;
  /** `self` (the user, "we", the user's team or project) or `name:<who>` (another named person). */
  subject: string;
  value: string;
  kind: 'state' | 'preference';
  /** The value a stated change leaves ("switched from npm", "moved from Paris"), if it names one. */
  replaces: string | null;
}

type SlotKind = 'residence' | 'employer' | 'tool';

interface Form {
  pattern: RegExp;
  slot: SlotKind;
  kind: Claim['kind'];
  /**
   * "joined X", "moved to X": verbs with other senses, so the value must not name a product or platform. A company
   * still passes ("moved to Google" reads as a move to a place): a known gap, rare in extracted facts.
   */
  ambiguous?: boolean;
}

// Products and platforms that "moved to X" or "joined X" may name: never a place or an employer by those verbs.
const NOT_PLACES = new Set([
  ...TOOL_VALUES.keys(),
  ...'linux windows macos mac ubuntu debian fedora arch typescript javascript python rust go golang java kotlin swift ruby php elixir react vue svelte angular next.js node node.js deno aws gcp azure github gitlab bitbucket vercel netlify heroku cloudflare docker kubernetes postgres postgresql mysql sqlite mongodb redis slack discord teams zoom notion jira linear figma twitter x reddit linkedin mastodon bluesky threads vite webpack esbuild biome eslint prettier terraform'.split(
    ' ',
  ),
  ...'家 家里 家裡 宿舍 酒店 公寓 这里 那里 這裡 那裡 国外 國外 海外 附近 乡下 鄉下 実家 自宅 ホテル 寮 ここ そこ'.split(
    ' ',
  ),
]);
const NOT_EMPLOYERS = new Set(
  '家 家里 家裡 公司 办公室 辦公室 远程 遠程 国外 國外 海外 本地 当地 當地 线上 線上 这里 這裡 那里 那裡 自宅 在宅 リモート 会社 オフィス ここ そこ'.split(
    ' ',
  ),
);

// Negated, hypothetical, past, partial or conditional statements: any of these words and the fact fills no slot.
const DOUBT_WORDS =
  'not|never|no|no longer|neither|nor|none|without|stopped|quit|hates?|dislikes?|avoids?|except|but|and|or|both|either|also|too|sometimes|occasionally|often|usually|mostly|mainly|partly|part[- ]time|temporarily|for now|at work|at home|on weekends?|weekends|weekdays|side|might|(?<!(?:in|since|of|early|late|mid) )may|could|would|should|will|shall|can|wants?|wanted|wish(?:es)?|hopes?|hoping|plans?|planned|planning|intends?|intending|considering|considers?|thinking|thinks|going to|gonna|trying|tries|tried|evaluating|exploring|experimenting|testing out|trial|if|unless|when|whenever|while|maybe|perhaps|probably|possibly|likely|soon|someday|eventually|later|next|once|used to|previously|formerly|former|lived|was|were|had|until';
const DOUBT = new RegExp(`(?<![\\p{L}\\p{N}'])(?:${DOUBT_WORDS})(?![\\p{L}\\p{N}])|n't(?!\\p{L})|[?？]`, 'iu');
const CJK_DOUBT =
  /不|没|沒|未|别|別|无|無|可能|也许|也許|或许|或許|大概|打算|计划|計劃|考虑|考慮|想|希望|准备|準備|将要|將要|将会|將會|如果|假如|要是|的话|的話|曾|以前|之前|过去|過去|原来|原來|原本|也|偶尔|偶爾|有时|有時|周末|週末|工作日|公司里|公司裡|暂时|暫時|临时|臨時|和|与|與|或|及|但|还是|還是|时|時|ない|なかった|ません|予定|つもり|かもしれ|検討|考え|たい|でしょう|だろう|もし|なら|場合|ときどき|たまに|平日|仕事で|会社では|家では|前は|昔|かつて|ていた|でいた|ていまし|でいまし|けど|けれど|でも/u;

const TIME =
  ',?\\s+(?:(?:in|since)\\s+(?:(?:early|late|mid)[\\s-]+)?(?:\\d{4}|(?:january|february|march|april|may|june|july|august|september|october|november|december)(?:\\s+\\d{4})?)|(?:last|this)\\s+(?:year|month|week|spring|summer|autumn|fall|winter)|(?:a\\s+(?:few|couple\\s+of)|\\d+|two|three|four|five|several)\\s+(?:days|weeks|months|years)\\s+ago|an?\\s+(?:day|week|month|year)\\s+ago|recently|now|nowadays|these\\s+days|for\\s+good|permanently)';
const SUBJECT = '^(?<subject>[^,;:]+?)';
const ADVERBS = '(?:\\s+(?:now|currently|recently|just|finally|officially|still))*';
const HAS = '(?:(?:has|have)\\s+)?';
const TOOL_ROLE =
  '(?:package\\s+manager|test\\s+runner|test(?:ing)?\\s+(?:framework|library|tool)|(?:code\\s+|text\\s+)?editor|ide|theme|colou?r\\s+scheme|indentation|quote\\s+style)';
const TOOL_TAIL = `(?:\\s+as\\s+(?:(?:a|an|the|its|their|his|her|our|my|(?:the\\s+)?user's)\\s+)?(?:(?:default|main|primary|preferred|go-to)\\s+)?${TOOL_ROLE}|\\s+for\\s+(?:package\\s+management|managing\\s+(?:packages|dependencies)|dependencies|(?:running\\s+)?tests|testing|editing|coding|indentation|strings|formatting)|\\s+(?:for|in|across)\\s+(?:all\\s+)?(?:the|this|our|its|their|all|every|(?:the\\s+)?user's)\\s+(?:projects?|repos?|repository|repositories|codebases?|apps?)|\\s+(?:everywhere|by\\s+default)|${TIME})*`;
const PLACE_TAIL = `(?:\\s+for\\s+(?:a\\s+)?(?:new\\s+)?(?:job|work)|${TIME})*`;
const JOB_TAIL = `(?:\\s+as\\s+(?:a|an)\\s+(?:[\\p{L}-]+\\s+){0,2}(?:engineer|developer|designer|manager|scientist|analyst|researcher|consultant|architect|intern|lead|director|founder|co-?founder|cto|ceo|programmer|writer|teacher|nurse|doctor|lawyer|accountant|specialist|administrator|officer|sre)|${TIME})*`;
const USE =
  '(?:has\\s+|have\\s+)?decided\\s+(?:to\\s+use|on)|is\\s+using|are\\s+using|(?:has|have)\\s+been\\s+using|uses|use|relies\\s+on|rely\\s+on|(?:has\\s+|have\\s+)?adopted|(?:has\\s+|have\\s+)?standardi[sz]ed\\s+on|(?:has\\s+|have\\s+)?settled\\s+on|went\\s+with|goes\\s+with|chose|picked|(?:runs|writes)\\s+tests\\s+with|tests\\s+with|(?:manages|installs)\\s+(?:packages|dependencies)\\s+with|indents\\s+with|(?:codes|edits\\s+code|writes\\s+code|works)\\s+(?:in|with)';
const PREFER =
  '(?:prefers|prefer|likes|like|loves|love)\\s+(?:using|to\\s+use|working\\s+(?:in|with))|prefers|prefer|likes|like|loves|love|favou?rs|favou?r|is\\s+a\\s+fan\\s+of|(?:has|have)\\s+a\\s+(?:strong\\s+)?preference\\s+for';
const SWITCH =
  '(?:switched|moved|migrated|changed|transitioned|converted|gone)(?:\\s+over)?(?:\\s+(?:the\\s+project|the\\s+codebase|the\\s+repo|its\\s+projects?|their\\s+projects?))?';

const ZH_SUBJECT =
  '^(?<subject>[^\\s,，、。]+?)(?:现在|現在|目前|已经|已經|刚刚|剛剛|最近|如今|终于|終於|正式|一直|已|刚|剛|上个月|上個月|上周|上週|上星期|去年|今年|前几天|前幾天|前阵子|前陣子|这个月|這個月|本月|昨天|前天|\\s)*';
const ZH_SWITCH =
  '切换到|切換到|切换成|切換成|换成|換成|换到|換到|迁移到|遷移到|迁到|遷到|转到|轉到|转向|轉向|改成|改为|改為|改用';
const ZH_TOOL_TAIL =
  '(?:(?:来|來)?(?:管理(?:依赖|依賴|包|套件|软件包|軟體包)|做包管理)|(?:作为|作為|当作|當作|做)(?:包管理器|套件管理器|包管理工具|测试框架|測試框架|测试工具|測試工具|编辑器|編輯器)|(?:来|來)?(?:写|寫|跑|做)?(?:测试|測試)|(?:来|來)?(?:写|寫|编辑|編輯)(?:代码|代碼)|(?:来|來)?(?:缩进|縮進|縮排))?';
const JA_SUBJECT =
  '^(?<subject>[^\\s,、。]+?)(?:は|が)\\s*(?:(?:現在|今は|いまは|今|最近|もう|既に|すでに|ついに|先月|去年|昨年|先週)[、,]?\\s*)*';
const JA_ROLE =
  '(?:パッケージ(?:マネージャー|マネージャ|管理(?:ツール)?)|テスト(?:ランナー|フレームワーク)|エディタ|エディター|インデント|テーマ)';
const JA_USE =
  '(?:使っている|使っています|使ってる|使う|使用している|使用しています|使用する|愛用している|愛用しています|採用している|採用しています)';

const form = (source: string, slot: SlotKind, kind: Claim['kind'] = 'state', ambiguous = false): Form => ({
  pattern: new RegExp(source, 'iu'),
  slot,
  kind,
  ambiguous,
});

// Tools first: "moved to Bun" is a tool change, not a move to a place called Bun.
const FORMS: readonly Form[] = [
  form(
    `${SUBJECT}${ADVERBS}\\s+(?:${USE})\\s+(?<value>.+?)\\s+(?:instead\\s+of|rather\\s+than)\\s+(?<from>.+?)${TOOL_TAIL}$`,
    'tool',
  ),
  form(
    `${SUBJECT}${ADVERBS}\\s+(?:${PREFER})\\s+(?<value>.+?)\\s+(?:over|to|rather\\s+than|instead\\s+of)\\s+(?<other>.+?)${TOOL_TAIL}$`,
    'tool',
    'preference',
  ),
  form(`${SUBJECT}${ADVERBS}\\s+(?:${USE})\\s+(?<value>.+?)${TOOL_TAIL}$`, 'tool'),
  form(`${SUBJECT}${ADVERBS}\\s+(?:${PREFER})\\s+(?<value>.+?)${TOOL_TAIL}$`, 'tool', 'preference'),
  form(
    `${SUBJECT}${ADVERBS}\\s+${HAS}${SWITCH}(?:\\s+from\\s+(?<from>.+?))?\\s+to\\s+(?<value>.+?)${TOOL_TAIL}$`,
    'tool',
  ),
  form(`${SUBJECT}${ADVERBS}\\s+${HAS}replaced\\s+(?<from>.+?)\\s+with\\s+(?<value>.+?)${TOOL_TAIL}$`, 'tool'),
  form(
    `${SUBJECT}${ADVERBS}\\s+${HAS}(?:swapped|traded)\\s+(?<from>.+?)\\s+(?:for|with|out\\s+for)\\s+(?<value>.+?)${TOOL_TAIL}$`,
    'tool',
  ),
  form(
    `${SUBJECT}${ADVERBS}\\s+${HAS}(?:dropped|ditched)\\s+(?<from>.+?)\\s+(?:for|in\\s+favou?r\\s+of)\\s+(?<value>.+?)${TOOL_TAIL}$`,
    'tool',
  ),
  form(
    `${SUBJECT}'s\\s+(?:(?:default|main|primary)\\s+)?${TOOL_ROLE}\\s+is(?:\\s+now)?\\s+(?<value>.+?)(?:${TIME})*$`,
    'tool',
  ),
  form(
    `${SUBJECT}'s\\s+(?:preferred|favou?rite)\\s+${TOOL_ROLE}\\s+is(?:\\s+now)?\\s+(?<value>.+?)(?:${TIME})*$`,
    'tool',
    'preference',
  ),
  form(`${ZH_SUBJECT}(?:从|從)\\s*(?<from>.+?)\\s*(?:${ZH_SWITCH})了?\\s*(?<value>.+?)\\s*${ZH_TOOL_TAIL}了?$`, 'tool'),
  form(
    `${ZH_SUBJECT}(?:把|将|將)\\s*(?<from>.+?)\\s*(?:换成|換成|替换成|替換成|改成|改为|改為|切换成|切換成|迁移到|遷移到)了?\\s*(?<value>.+?)\\s*了?$`,
    'tool',
  ),
  form(`${ZH_SUBJECT}用\\s*(?<value>.+?)\\s*(?:代替|替代|取代|替换|替換|换掉|換掉)了?\\s*(?<from>.+?)$`, 'tool'),
  form(`${ZH_SUBJECT}(?:改用|换用|換用|转用|轉用|${ZH_SWITCH})了?\\s*(?<value>.+?)\\s*${ZH_TOOL_TAIL}了?$`, 'tool'),
  form(`${ZH_SUBJECT}(?:在使用|使用|在用|采用|採用|用)\\s*(?<value>.+?)\\s*${ZH_TOOL_TAIL}$`, 'tool'),
  form(
    `${ZH_SUBJECT}更?(?:偏好|偏爱|偏愛|爱用|愛用|喜欢|喜歡|倾向于|傾向於)(?:使用|用)?\\s*(?<value>.+?)\\s*${ZH_TOOL_TAIL}$`,
    'tool',
    'preference',
  ),
  form(`${JA_SUBJECT}(?<from>.+?)\\s*の代わりに\\s*(?<value>.+?)\\s*を\\s*${JA_USE}$`, 'tool'),
  form(
    `${JA_SUBJECT}(?:(?<from>.+?)\\s*から\\s*)?(?<value>.+?)\\s*(?:に|へ)\\s*(?:移行し|乗り換え|切り替え|変更し|変え|移っ|移り)(?:た|ました)$`,
    'tool',
  ),
  form(
    `${JA_SUBJECT}(?:${JA_ROLE}(?:に|として|には|は)\\s*)?(?<value>.+?)\\s*を\\s*(?:${JA_ROLE}(?:として|に)\\s*)?${JA_USE}$`,
    'tool',
  ),
  form(
    `${JA_SUBJECT}(?:${JA_ROLE}(?:は)\\s*)?(?<value>.+?)\\s*(?:が好き|が好み|を好む|を好んでいる|を好んで使っている|を好んで使っています|派)(?:です)?$`,
    'tool',
    'preference',
  ),

  form(
    `${SUBJECT}${ADVERBS}\\s+(?:lives|live|resides|reside|(?:is|are|has\\s+been|have\\s+been)(?:\\s+(?:now|currently|still))?\\s+(?:living|based|residing))\\s+(?:in|at)\\s+(?<value>.+?)${PLACE_TAIL}$`,
    'residence',
  ),
  form(
    `${SUBJECT}${ADVERBS}\\s+${HAS}(?:just\\s+|recently\\s+)?(?:moved|relocated)(?:\\s+back)?(?:\\s+from\\s+(?<from>.+?))?\\s+to\\s+(?<value>.+?)${PLACE_TAIL}$`,
    'residence',
    'state',
    true,
  ),
  form(`${ZH_SUBJECT}(?:住在|居住在|定居在|定居于|定居於|生活在)\\s*(?<value>.+?)$`, 'residence'),
  form(
    `${ZH_SUBJECT}(?:(?:从|從)\\s*(?<from>.+?)\\s*)?(?:搬到|搬去|搬家到|搬回|移居到|移居|迁居到|遷居到|迁居|遷居)了?\\s*(?<value>.+?)\\s*(?:居住|生活|住|去)?了?$`,
    'residence',
    'state',
    true,
  ),
  form(
    `${JA_SUBJECT}(?<value>.+?)\\s*(?:に|で)\\s*(?:住んでいる|住んでいます|住んでる|住んでおります|住む|暮らしている|暮らしています)$`,
    'residence',
  ),
  form(
    `${JA_SUBJECT}(?:(?<from>.+?)\\s*から\\s*)?(?<value>.+?)\\s*(?:に|へ)\\s*(?:引っ越し|引越し|移住し|転居し)(?:た|ました)$`,
    'residence',
    'state',
    true,
  ),
  form(`${JA_SUBJECT}(?<value>.+?)\\s*在住(?:です|だ|である)?$`, 'residence'),

  form(
    `${SUBJECT}${ADVERBS}\\s+(?:works|work|(?:is|are|has\\s+been|have\\s+been)(?:\\s+(?:now|currently|still))?\\s+working|(?:is|are)(?:\\s+(?:now|currently))?\\s+employed)\\s+(?:at|for|by)\\s+(?<value>.+?)${JOB_TAIL}$`,
    'employer',
  ),
  form(
    `${SUBJECT}${ADVERBS}\\s+${HAS}(?:joined|started\\s+(?:working\\s+)?(?:at|for)|(?:started|got|took|landed|accepted)\\s+(?:a\\s+)?(?:new\\s+)?(?:job|position|role)\\s+(?:at|with))\\s+(?<value>.+?)${JOB_TAIL}$`,
    'employer',
    'state',
    true,
  ),
  form(`${ZH_SUBJECT}在\\s*(?<value>.+?)\\s*(?:工作|上班|任职|任職|就职|就職)了?$`, 'employer'),
  form(
    `${ZH_SUBJECT}(?:就职于|就職於|任职于|任職於|供职于|供職於|受雇于|受僱於|跳槽到|跳槽去|入职|入職)了?\\s*(?<value>.+?)了?$`,
    'employer',
  ),
  form(
    `${JA_SUBJECT}(?<value>.+?)\\s*(?:で(?:働いている|働いています|働いてる|働く|勤務している|勤務しています)|に(?:勤めている|勤めています|勤務している|勤務しています|入社した|入社しました|転職した|転職しました))$`,
    'employer',
  ),
];

const SELF =
  /^(?:i|we|(?:the\s+)?user|(?:the|our|my|(?:the\s+)?user's)\s+(?:team|project|codebase|repo|repository|app)|用户|用戶|使用者|我|我们|我們|团队|團隊|项目|項目|本项目|本項目|(?:用户|用戶|我|我们|我們)的(?:团队|團隊|项目|項目)|ユーザー|利用者|私|わたし|僕|俺|私たち|我々|チーム|プロジェクト|(?:ユーザー|私|私たち)の(?:チーム|プロジェクト))$/iu;
const RELATIONS =
  'sister|brother|wife|husband|partner|girlfriend|boyfriend|mother|mom|mum|father|dad|son|daughter|friend|colleague|coworker|co-worker|manager|boss|co-?founder|roommate|parents|team|project|company';
// Case matters here: a name is capitalised, and "The"/"User" may start a sentence.
const NAMED = new RegExp(
  `^(?:[Tt]he\\s+)?(?:(?:[Uu]ser|\\p{Lu}[\\p{L}\\p{M}-]*)'s\\s+(?:${RELATIONS})|\\p{Lu}[\\p{L}\\p{M}-]*(?:\\s+\\p{Lu}[\\p{L}\\p{M}-]*)?)$|^(?:用户|用戶|我)的(?:妹妹|姐姐|哥哥|弟弟|妻子|丈夫|老婆|老公|妈妈|媽媽|爸爸|母亲|母親|父亲|父親|朋友|同事|老板|老闆|儿子|兒子|女儿|女兒|伴侣|伴侶|室友)$|^(?:ユーザー|私)の(?:妹|姉|兄|弟|妻|夫|母|父|友人|友達|同僚|上司|息子|娘|パートナー)$|^\\p{L}{1,8}(?:さん|くん|君|ちゃん|様|氏)$`,
  'u',
);
const NOT_NAMED = /^(?:he|she|they|it|this|that|someone|everyone|people|users|his|her|their)$/iu;
// Capitalised words, with a few lower-case particles inside ("Frankfurt am Main", "Bank of America").
const PROPER_NAME =
  /^(?:[Tt]he\s+)?\p{Ll}?[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'.&-]*(?:\s+(?:(?:de|da|do|del|della|di|du|la|le|am|an|im|upon|on|sur|of|&)\s+)*\p{Ll}?[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'.&-]*)*(?:,\s*\p{Lu}[\p{L}\p{M}'.-]*(?:\s+\p{Lu}[\p{L}\p{M}'.-]*)*)?$/u;
// A slot is stated in a short sentence; a longer one says more, and may say something that lets both facts hold.
const MAX_LENGTH = 160;
const CJK_VALUE = /^[\p{L}\p{M}\p{N}·・ー\s'.&-]{1,24}$/u;

/**
 * Ids of known facts that a new fact replaces: both fill the same slot of the same subject with different values.
 * Slots: where someone lives ("lives in", "moved to", 住在, 搬到, 住んでいる, 引っ越した), whom they work for
 * ("works at", "joined", 在…工作, で働いている), and exclusive tool choices (package manager, test runner, editor,
 * tabs/spaces, quote style, light/dark mode), including stated changes ("switched from npm to pnpm", "replaced jest
 * with vitest", "uses pnpm instead of npm"). The user, "we" and the user's team or project are one subject; another
 * named person is another. A use and a preference are different things ("prefers vim" holds beside "uses VS Code"),
 * except that a stated change from X replaces every fact naming X.
 * Deliberately narrow: a negated, hypothetical, past or qualified statement ("for monorepos", "at work",
 * "plans to"), or one with anything the forms do not expect, fills no slot, because a wrong supersede silently
 * hides a true fact.
 */
export function findContradicted(newFact: string, known: ReadonlyArray<{ id: number; text: string }>): number[] {
  const claim = readClaim(newFact);
  if (claim === null) return [];
  const contradicted: number[] = [];
  for (const fact of known) {
    const old = readClaim(fact.text);
    if (old === null || old.slot !== claim.slot || old.subject !== claim.subject) continue;
    if (sameValue(old.value, claim.value)) continue;
    const leftBehind = claim.replaces !== null && sameValue(old.value, claim.replaces);
    if (old.kind === claim.kind || leftBehind) contradicted.push(fact.id);
  }
  return contradicted;
}

/**
 * Search terms that find the known facts a fact may contradict (the words of its slot, in the three languages), or
 * null when the fact fills no slot. "Moved to Berlin" shares no word with "lives in Paris".
 */
export function contradictionCues(fact: string): string | null {
  const claim = readClaim(fact);
  if (claim === null) return null;
  if (claim.slot === 'residence')
    return 'lives live living based resides moved relocated 住在 居住 搬到 搬去 住んで 引っ越 在住';
  if (claim.slot === 'employer') return 'works working employed joined 工作 上班 就职 就職 任职 働いて 勤めて 入社';
  const slot = TOOLS[claim.slot.slice('tool:'.length)] ?? {};
  return Object.values(slot).flat().join(' ');
}

/** The slot a fact fills (`residence`, `employer`, `tool:<choice>`), or null. */
export function claimSlot(fact: string): string | null {
  return readClaim(fact)?.slot ?? null;
}

/** Negated, hypothetical, past, partial or conditional: the words that keep a statement from replacing anything. */
export function isQualified(text: string): boolean {
  return DOUBT.test(text) || CJK_DOUBT.test(text);
}

function readClaim(fact: string): Claim | null {
  const text = fact
    .normalize('NFKC')
    .replace(/[‘’]/gu, "'")
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[\s.!。…]+$/u, '');
  if (text.length > MAX_LENGTH || DOUBT.test(text) || CJK_DOUBT.test(text)) return null;
  for (const { pattern, slot, kind, ambiguous } of FORMS) {
    const groups = pattern.exec(text)?.groups;
    if (!groups) continue;
    const subject = subjectKey(groups.subject ?? '');
    if (subject === null) continue;
    const value =
      slot === 'tool' ? toolValue(groups.value ?? '') : placeOrEmployer(slot, groups.value ?? '', ambiguous);
    if (value === null) continue;
    let replaces: string | null = null;
    if (groups.from !== undefined || groups.other !== undefined) {
      const from =
        slot === 'tool' ? toolValue(groups.from ?? groups.other ?? '') : placeOrEmployer(slot, groups.from ?? '');
      // "switched from npm to pnpm" names one slot twice; "switched from work to pnpm" is no form we know.
      if (from === null || from.slot !== value.slot) continue;
      // "switched from npm", and "prefers Vitest over Jest": the value named second is left behind.
      replaces = from.value;
    }
    return { slot: value.slot, subject, value: value.value, kind, replaces };
  }
  return null;
}

/** `self`, `name:<who>`, or null when the phrase names no one we can tell apart (see `SELF`, `NAMED`). */
export function subjectKey(subject: string): string | null {
  const trimmed = subject.trim();
  if (SELF.test(trimmed)) return 'self';
  if (NOT_NAMED.test(trimmed) || !NAMED.test(trimmed)) return null;
  return `name:${trimmed.toLowerCase().replace(/^the\s+/u, '')}`;
}

function toolValue(phrase: string): { slot: string; value: string } | null {
  const spelling = phrase
    .trim()
    .toLowerCase()
    .replace(/^(?:using|to use)\s+/u, '')
    .replace(/^the\s+/u, '');
  return TOOL_VALUES.get(spelling) ?? null;
}

function placeOrEmployer(slot: SlotKind, phrase: string, ambiguous = false): { slot: string; value: string } | null {
  const value = phrase.trim();
  const key = value.toLowerCase().replace(/^the\s+/u, '');
  // Kana other than の joins or qualifies names ("ベルリンとパリ"); 的 makes a phrase ("朋友的家").
  const shaped = UNSPACED_LETTER.test(value)
    ? CJK_VALUE.test(value) && !/的|(?!の)\p{Script=Hiragana}/u.test(value)
    : PROPER_NAME.test(value);
  if (!shaped || key === '' || TOOL_VALUES.has(key)) return null;
  if ((slot === 'residence' || ambiguous) && NOT_PLACES.has(key)) return null;
  if (slot === 'employer' && NOT_EMPLOYERS.has(key)) return null;
  return { slot, value: key };
}

/**
 * Equal, or one a refinement of the other: "New York" and "New York City", "东京" and "东京都", "Paris" and
 * "12 Rue de Rivoli, Paris".
 */
function sameValue(a: string, b: string): boolean {
  const left = a.split(/\s*,\s*/u);
  const right = b.split(/\s*,\s*/u);
  return left.some((part) => right.some((other) => refines(part, other) || refines(other, part)));
}

function refines(longer: string, shorter: string): boolean {
  return (
    longer === shorter ||
    longer.startsWith(`${shorter} `) ||
    (UNSPACED_LETTER.test(shorter) && longer.startsWith(shorter))
  );
}
