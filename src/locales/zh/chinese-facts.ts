import type { LocaleFacts } from '../locale-pack.js';
import { slotForm } from '../slot-form.js';
import { chineseDrops } from './chinese-drops.js';

const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

const ZH_SUBJECT =
  '^(?<subject>[^\\s,，、。]+?)(?:现在|現在|目前|已经|已經|刚刚|剛剛|最近|如今|终于|終於|正式|一直|已|刚|剛|上个月|上個月|上周|上週|上星期|去年|今年|前几天|前幾天|前阵子|前陣子|这个月|這個月|本月|昨天|前天|\\s)*';
const ZH_SWITCH =
  '切换到|切換到|切换成|切換成|换成|換成|换到|換到|迁移到|遷移到|迁到|遷到|转到|轉到|转向|轉向|改成|改为|改為|改用';
const ZH_TOOL_TAIL =
  '(?:(?:来|來)?(?:管理(?:依赖|依賴|包|套件|软件包|軟體包)|做包管理)|(?:作为|作為|当作|當作|做)(?:包管理器|套件管理器|包管理工具|测试框架|測試框架|测试工具|測試工具|编辑器|編輯器)|(?:来|來)?(?:写|寫|跑|做)?(?:测试|測試)|(?:来|來)?(?:写|寫|编辑|編輯)(?:代码|代碼)|(?:来|來)?(?:缩进|縮進|縮排))?';

/** Chinese forms of the slots, doubt words and subjects (simplified and traditional). */
export const chineseFacts: LocaleFacts = {
  slotForms: {
    tool: [
      slotForm(`${ZH_SUBJECT}(?:从|從)\\s*(?<from>.+?)\\s*(?:${ZH_SWITCH})了?\\s*(?<value>.+?)\\s*${ZH_TOOL_TAIL}了?$`),
      slotForm(
        `${ZH_SUBJECT}(?:把|将|將)\\s*(?<from>.+?)\\s*(?:换成|換成|替换成|替換成|改成|改为|改為|切换成|切換成|迁移到|遷移到)了?\\s*(?<value>.+?)\\s*了?$`,
      ),
      slotForm(`${ZH_SUBJECT}用\\s*(?<value>.+?)\\s*(?:代替|替代|取代|替换|替換|换掉|換掉)了?\\s*(?<from>.+?)$`),
      slotForm(`${ZH_SUBJECT}(?:改用|换用|換用|转用|轉用|${ZH_SWITCH})了?\\s*(?<value>.+?)\\s*${ZH_TOOL_TAIL}了?$`),
      slotForm(`${ZH_SUBJECT}(?:在使用|使用|在用|采用|採用|用)\\s*(?<value>.+?)\\s*${ZH_TOOL_TAIL}$`),
      slotForm(
        `${ZH_SUBJECT}更?(?:偏好|偏爱|偏愛|爱用|愛用|喜欢|喜歡|倾向于|傾向於)(?:使用|用)?\\s*(?<value>.+?)\\s*${ZH_TOOL_TAIL}$`,
        'preference',
      ),
    ],
    residence: [
      slotForm(`${ZH_SUBJECT}(?:住在|居住在|定居在|定居于|定居於|生活在)\\s*(?<value>.+?)$`),
      slotForm(
        `${ZH_SUBJECT}(?:(?:从|從)\\s*(?<from>.+?)\\s*)?(?:搬到|搬去|搬家到|搬回|移居到|移居|迁居到|遷居到|迁居|遷居)了?\\s*(?<value>.+?)\\s*(?:居住|生活|住|去)?了?$`,
        'state',
        true,
      ),
    ],
    employer: [
      slotForm(`${ZH_SUBJECT}在\\s*(?<value>.+?)\\s*(?:工作|上班|任职|任職|就职|就職)了?$`),
      slotForm(
        `${ZH_SUBJECT}(?:就职于|就職於|任职于|任職於|供职于|供職於|受雇于|受僱於|跳槽到|跳槽去|入职|入職)了?\\s*(?<value>.+?)了?$`,
      ),
    ],
  },
  doubt:
    /不|没|沒|未|别|別|无|無|可能|也许|也許|或许|或許|大概|打算|计划|計劃|考虑|考慮|想|希望|准备|準備|将要|將要|将会|將會|如果|假如|要是|的话|的話|曾|以前|之前|过去|過去|原来|原來|原本|也|偶尔|偶爾|有时|有時|周末|週末|工作日|公司里|公司裡|暂时|暫時|临时|臨時|和|与|與|或|及|但|还是|還是|时|時/u,
  self: /^(?:用户|用戶|使用者|我|我们|我們|团队|團隊|项目|項目|本项目|本項目|(?:用户|用戶|我|我们|我們)的(?:团队|團隊|项目|項目))$/iu,
  named:
    /^(?:用户|用戶|我)的(?:妹妹|姐姐|哥哥|弟弟|妻子|丈夫|老婆|老公|妈妈|媽媽|爸爸|母亲|母親|父亲|父親|朋友|同事|老板|老闆|儿子|兒子|女儿|女兒|伴侣|伴侶|室友)$/u,
  // 的 makes a phrase ("朋友的家"), not a name.
  notInName: /的/u,
  notPlaces: '家 家里 家裡 宿舍 酒店 公寓 这里 那里 這裡 那裡 国外 國外 海外 附近 乡下 鄉下'.split(' '),
  notEmployers:
    '家 家里 家裡 公司 办公室 辦公室 远程 遠程 国外 國外 海外 本地 当地 當地 线上 線上 这里 這裡 那里 那裡'.split(' '),
  slotCues: { residence: '住在 居住 搬到 搬去', employer: '工作 上班 就职 就職 任职' },
  toolSpellings: {
    indentation: { tabs: ['制表符'], spaces: ['空格'] },
    quotes: { single: ['单引号', '單引號'], double: ['双引号', '雙引號'] },
    'color-scheme': {
      dark: ['深色模式', '暗色模式', '暗黑模式', '深色主题', '深色主題'],
      light: ['浅色模式', '淺色模式', '亮色模式', '浅色主题'],
    },
  },
  clauseOpener: /(?:其实|其實|另外|还有|還有|对了|對了|顺便说一下|順便說一下|更新)[，,：:]?\s*/iu,
  qualifyingClause: /如果|要是|假如|可能|也许|也許|有时|有時|偶尔|偶爾|周末|週末|暂时|暫時|除了|只有/iu,
  // Chinese drops the subject of a sentence about oneself ("上个月搬到了上海。"): Han without kana.
  withUserAsSubject: (statement) => (HAN.test(statement) && !KANA.test(statement) ? `我${statement}` : null),
  drops: chineseDrops,
  possessor: (subject) => /^(.+?)的[\p{L}\p{M}-]+$/u.exec(subject)?.[1] ?? null,
};
