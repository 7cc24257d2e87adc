import {
  CHINESE_CONDITIONS,
  CHINESE_PERSONAL,
  CHINESE_PETS,
  CHINESE_RELATIVES,
  ENGLISH_CONDITIONS,
  ENGLISH_PERSONAL,
  ENGLISH_PETS,
  ENGLISH_RELATIVES,
  JAPANESE_CONDITIONS,
  JAPANESE_DURABLE_VERBS,
  JAPANESE_IDENTITIES,
  JAPANESE_PERSONAL,
  JAPANESE_PETS,
  JAPANESE_RELATIVES,
} from './fact-words.js';

export type LifeFactKind = 'personal' | 'schedule' | 'goal' | 'change' | 'rule';

const ADVERB = '(?: (?:also|still|currently|usually|mostly|mainly|always|just|now|only|actually))*';
const DAY =
  '(?:day|morning|evening|night|week|weekend|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|christmas|easter|thanksgiving|summer|winter|spring|autumn|fall|holiday)s?';

/**
 * What people say about their lives and their tools, in the shapes each language gives it: residence, work, family
 * and pets, identity and health, schedules, goals, and changes ("switched to", "改用", "切り替えました"). Run on
 * case-folded text; English and Chinese rules are anchored at the subject, Japanese ones (whose subject is usually
 * left out) at the predicate.
 */
export const LIFE_FACT_RULES: {
  latin: ReadonlyArray<readonly [LifeFactKind, RegExp]>;
  japanese: ReadonlyArray<readonly [LifeFactKind, RegExp]>;
} = {
  latin: [
    // English
    [
      'personal',
      new RegExp(
        `^(?:i|we)${ADVERB} (?:(?:live|lived) (?:in|at|near|with|on|by|outside|abroad|alone|downtown|close)|(?:moved|relocated) (?:to|from|back|abroad|away|out|in with)|grew up|come from|(?:work|teach|volunteer|freelance|consult) (?:at|for|as|in|from|remotely|part-time|full-time|night|nights|weekends|shifts|with)|teach\\b)\\b`,
      ),
    ],
    ['personal', /^(?:i'm|i am|we're|we are) (?:from|based|living|located|a native of)\b/],
    [
      'personal',
      new RegExp(`^i${ADVERB} (?:started|began|got|landed) (?:a (?:new )?job|working|work) (?:at|for|as)\\b`),
    ],
    [
      'personal',
      /^(?:i'm|i am) (?:allergic|vegetarian|vegan|pregnant|married|single|divorced|retired|left-handed|right-handed|colou?r-?blind|lactose|gluten)\b/,
    ],
    [
      'personal',
      /^(?:i'm|i am) (?:a|an) (?!(?:bit|little|lot|few|fan|big|huge|real|total|complete)\b)[a-z-]+(?: [a-z-]+)?(?: (?:in|at|from|for) [^,;]+)?$/,
    ],
    // An age: "I'm 34".
    ['personal', /^(?:i'm|i am) \d{1,3}(?: years old)?$/],
    [
      'personal',
      new RegExp(
        `^(?:i|we)${ADVERB} (?:have|own|'ve got|have got) (?:a|an|one|two|three|four|five|\\d+) (?:[a-z-]+ ){0,3}(?:${ENGLISH_RELATIVES}|${ENGLISH_PETS}|kids?|boys?|girls?|grandchildren|grandkids)\\b`,
      ),
    ],
    // A relative, a pet or a personal thing with a lasting predicate: not "my mom says hi".
    [
      'personal',
      new RegExp(
        `^my (?:${ENGLISH_RELATIVES}|${ENGLISH_PETS}|${ENGLISH_PERSONAL})(?:'s)?(?: [a-z]+)? (?:is|are|'s|was born|lives|live|works|work|has|have|studies|goes|go|starts|turns|teaches|plays|loves|likes|hates|name|names|passed away|died)\\b`,
      ),
    ],
    [
      'personal',
      /^(?:please )?call me (?!(?:back|later|again|when|if|at|on|in|tomorrow|now|anytime|maybe|soon)\b)\S+(?: \S+)?$/,
    ],
    ['personal', /^(?:i|we) (?:have|own|'ve got) (?:a|an|one|two|three|\d+) .*\b(?:named|called)\b/],
    ['personal', new RegExp(`^i (?:have|suffer from|was diagnosed with|live with) (?:${ENGLISH_CONDITIONS})\\b`)],
    // Tools and work habits with the adverb after the verb, or any object: "I code mostly in Kotlin", "We deploy
    // everything with Terraform".
    [
      'personal',
      /^(?:i|we)(?: (?:mostly|mainly|usually|also|only|still))? (?:code|write|program|develop|build|deploy|ship|host|test|manage|run) (?:\S+ ){0,2}(?:in|with|on|to|using) (?!(?:the|this|that|it|a|an)\b)\S/,
    ],
    [
      'personal',
      /^(?:i|we)(?:'ve| have) been (?:married|together|engaged|vegetarian|vegan|sober|living|working|coding|programming|learning|studying|playing|running|teaching)\b/,
    ],
    [
      'goal',
      /^(?:i|we)(?:'m| am|'re| are)? (?:plan(?:ning)?|going|hoping|aiming) to .+ (?:next|this) (?:year|month|summer|spring|autumn|fall|winter)\b/,
    ],
    // A habit with a relative or a pet: "I walk my dog before work", "I call my mom on Sundays".
    [
      'personal',
      new RegExp(
        `^(?:i|we)${ADVERB} (?![a-z]+(?<!e)ed\\b)[a-z]+ (?:my|our) (?:${ENGLISH_RELATIVES}|${ENGLISH_PETS})\\b`,
      ),
    ],
    [
      'personal',
      /^(?:i|we)(?: usually| often| always| never)? (?:don't|do not|never|can't|cannot|can not) (?:eat|drink|smoke|drive|fly|own|watch|use|work|cook|have)\b/,
    ],
    ['schedule', new RegExp(`^(?:i|we)\\b.*\\b(?:(?:every|each) (?:other )?(?:${DAY})|on (?:${DAY})s)\\b`)],
    [
      'schedule',
      /^(?:i|we)(?: usually| always| often)? (?:wake up|get up|go to bed|start work|finish work|leave work) (?:at|around|by)\b/,
    ],
    [
      'goal',
      /^(?:i'm|i am|we're|we are) (?:(?:learning|studying) (?!(?:a lot|so much|from|this|that|it|how)\b)|training for|preparing for|saving (?:up )?for|working towards?)\b/,
    ],
    ['goal', /^my (?:goal|plan|dream|aim|target) (?:is|for)\b/],
    [
      'change',
      // To a named thing, not "to the other branch".
      /^(?:i|we)(?:'ve| have)?(?: just| recently)? (?:switched|migrated|moved over|changed)(?: over)?(?: from \S+(?: \S+)?)? to (?!(?:the|a|an|this|that|another|other|my|our|it)\b)/,
    ],
    ['change', /^(?:i|we) no longer \w+/],
    // Chinese
    [
      'personal',
      /^(?:我|我们|我們)家?(?:(?:和|跟|与|與)[^，。]{1,6}?)?(?:也|都|一直|还|還)?(?:住在|住|搬到|搬去|搬来|搬來|来自|來自|老家在|是.{1,6}人$)/,
    ],
    [
      'personal',
      /^(?:我|我们|我們)(?:也|都|一直|还|還)?(?:在|于|於).{1,20}?(?:工作|上班|实习|實習|任职|任職|当|當|读书|讀書|上学|上學|读研|讀研|做.{0,4}(?:经理|經理|工程师|工程師|设计师|設計師|老师|老師|医生|醫生|律师|律師|会计|會計|销售|銷售|程序员|程序員|运营|運營|编辑|編輯|护士|護士|主管))/,
    ],
    [
      'personal',
      /^我(?:是|当|當|做)(?:一名|一个|一個|个|個)?.{0,8}(?:者|师|師|生|员|員|医生|醫生|护士|護士|工程师|工程師|老师|老師|程序员|程序員|设计师|設計師|学生|學生|妈妈|媽媽|爸爸|族|控|迷|撇子)$/,
    ],
    // A relative, a pet or a personal thing with a lasting predicate: not "我妈说你好".
    [
      'personal',
      new RegExp(
        `^我(?:的)?(?:(?:${CHINESE_RELATIVES}|${CHINESE_PETS}).{0,4}?(?:叫|是|住|在|今年|有|养|養|喜欢|喜歡|讨厌|討厭|不吃|不喝|对|對|上|读|讀|工作|退休|结婚|結婚|属|屬|[0-9一二三四五六七八九十两兩]+(?:岁|歲))|(?:${CHINESE_PERSONAL})(?:是|叫|在))`,
      ),
    ],
    [
      'personal',
      new RegExp(
        `^(?:我|我们|我們)(?:家)?(?:有|养|養)(?:了)?(?:一|两|兩|二|三|四|五|几|幾)?(?:只|隻|个|個|条|條|位|匹)(?:.{0,6}的)?(?:${CHINESE_RELATIVES}|${CHINESE_PETS}|孩子|小孩|儿子|兒子|女儿|女兒|宝宝|寶寶)`,
      ),
    ],
    ['personal', /^我(?:对|對).{1,10}过敏|^我.{0,4}(?:过敏|過敏)/],
    ['personal', /^(?:我|我们|我們)(?:不吃|不喝|不抽烟|不抽菸|不喝酒|吃素|不开车|不開車|戒了|戒烟|戒菸|戒酒)/],
    ['personal', new RegExp(`^我(?:有|患有|得了)(?:${CHINESE_CONDITIONS})`)],
    ['personal', /^(?:我们|我們)(?:结婚|結婚|在一起|认识|認識)/],
    [
      'schedule',
      /^(?:我|我们|我們).{0,6}(?:每天|每周|每週|每晚|每早|每个|每個|每月|每年|平时|平時|工作日|(?:周|週|星期)[一二三四五六日天末]到(?:周|週|星期)[一二三四五六日天])/,
    ],
    ['goal', /^(?:我|我们|我們)(?:正在|在)(?:(?:学|學)(?![校生院])|准备|準備|备考|備考|练|練|考|攻读|攻讀)/],
    ['goal', /^(?:我|我们|我們)的?(?:目标|目標|梦想|夢想|计划|計劃)是/],
    ['goal', /^(?:我|我们|我們)(?:打算|计划|計劃|准备|準備)(?:在)?(?:明年|今年|年底|下半年|下个月|下個月|以后|以後)/],
    [
      'change',
      /^(?:我|我们|我們)(?:的)?(?:团队|團隊|公司|项目|項目|家)?(?:也|都)?(?:已经|已經)?(?:改用|改成|改喝|改吃|换成|換成|换用|換用|换到|換到|切换到|切換到|迁移到|遷移到|不再|从.{1,20}?(?:迁移|遷移|换|換|切换|切換|改)(?:到|成))/,
    ],
    // Not a colleague's or a friend's: "我同事用的是 Mac".
    ['change', /^(?:我|我们|我們)(?![^，。]{0,12}(?:同事|朋友|同学|同學|他|她))[^，。]{0,12}(?:依赖|依賴|用的是)/],
  ],
  japanese: [
    // A stated rule first: "金曜日はデプロイしないルールです" is a rule, not the user's Friday habit.
    ['rule', /(?:ルールです|ルールだ|ことになっています)$/],
    ['personal', new RegExp(`(?:${JAPANESE_DURABLE_VERBS})(?:います|いる|おります)$`)],
    ['personal', /(?:に引っ越しました|に引っ越した|に転職しました|に転職した|に就職しました)$/],
    ['personal', new RegExp(`(?:アレルギー|${JAPANESE_CONDITIONS})(?:が|を)?(?:あります|ある|持っています|です)$`)],
    ['personal', /(?:アレルギー|持病)/],
    ['personal', /出身(?:です|だ)$/],
    ['personal', new RegExp(`^(?:私は|僕は)?(?:[^はがを、]{1,10}の)?(?:${JAPANESE_IDENTITIES})(?:です|だ)$`)],
    [
      'personal',
      new RegExp(
        `^(?:私の|僕の|ペットの)?(?:${JAPANESE_RELATIVES}|${JAPANESE_PETS}|${JAPANESE_PERSONAL})(?:の名前)?(?:は|が)`,
      ),
    ],
    ['schedule', /^(?:毎朝|毎晩|毎日|毎週|毎月|(?:週末|平日|[月火水木金土日]曜日?)は)/],
    ['goal', /(?:のが目標|ことが目標|が目標です|目標は)/],
    ['personal', /^[^、。]{1,20}が(?:趣味|特技|専門|仕事)(?:です|だ)$/],
    ['personal', /(?:飲みません|食べません|吸いません|飲まない|食べない|吸わない|飲めません|食べられません)$/],
    ['change', /(?:に切り替えました|に切り替えた|に移行しました|に移行した|に変えました|に乗り換えました)$/],
  ],
};
