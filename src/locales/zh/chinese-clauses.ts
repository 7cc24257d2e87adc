import { CHINESE_PERSONAL, CHINESE_PETS, CHINESE_RELATIVES } from './chinese-fact-words.js';

// The subject a following clause shares: the speaker, or the speaker's relative or pet ("我女儿三岁了，特别喜欢画画").
const CHINESE_SUBJECT = new RegExp(
  `^(?:我们|我們|咱们|咱們|我)(?:的?(?:${CHINESE_RELATIVES}|${CHINESE_PETS})(?![^，,。]*?(?:和|跟)))?`,
);
const CHINESE_OWN_SUBJECT = /^(?:我|咱|你|您|他|她|它|这|這|那|大家|谁|誰)/;
const CHINESE_POSSESSED = new RegExp(`^(?:${CHINESE_PERSONAL}|${CHINESE_RELATIVES}|${CHINESE_PETS})`);
// "我有一只猫，叫团子" says one thing: 有一只叫团子的猫.
const CHINESE_NAMED =
  /(有|养了|養了|养|養)([一两兩二三四五六几幾]?[只隻个個条條匹位])([^，,。；;]{1,8}?)[，,]?\s*(?:它|牠|她|他)?(?:叫|名叫|名字叫)([^，,。；;]{1,12})/u;
// A chat leaves the speaker out of its first clause: a clause that opens with a time or aspect word or a verb of a
// life's or a project's change speaks of the speaker ("已经从腾讯离职了", "换安卓了"); one that opens with a part of
// the project, of the speaker's project ("后端 Spring Boot 3"). An order opens with its verb ("用 Python 写…") and
// gets no subject.
const SPEAKER_LEFT_OUT =
  /^(?:已经|已經|现在|現在|目前|一直|还在|還在|终于|終於|刚|剛|明年|今年|去年|年底|下个?月|下個?月|上个?月|上個?月|从|從|换|換|改|搬|迁|遷|升级|升級|离职|離職|辞职|辭職|养了|養了|戒了|在.{1,12}(?:工作|上班|做|当|當|读|讀))/u;
const PROJECT_LEFT_OUT = new RegExp(`^(?:${CHINESE_PERSONAL})`);
// "家里养了一只狗": the household is the speaker's.
const HOUSEHOLD = /^(?:家里|家裡)/u;
// Two statements a space apart, with no punctuation between them ("我下个月搬去深圳了 公司在南山").
const SPACED = /(?<=\p{Script=Han}[了啦呢吧]?)\s+(?=\p{Script=Han})/u;

/** The clauses of a Chinese statement: a clause without a subject gets the one before ("我住在北京，在腾讯工作"). */
export function splitChineseClauses(sentence: string): string[] {
  const text = sentence.replace(CHINESE_NAMED, '$1$2叫$4的$3');
  const clauses: string[] = [];
  let subject = '';
  for (const part of text.split(/[，,；;]/).flatMap((piece) => piece.split(SPACED))) {
    const clause = part.trim().replace(HOUSEHOLD, '我家');
    if (clause === '') continue;
    if (subject === '' && !CHINESE_OWN_SUBJECT.test(clause)) {
      if (PROJECT_LEFT_OUT.test(clause)) {
        clauses.push(`我们的${clause}`);
        continue;
      }
      // "现在我必须…" names its subject after the time word.
      if (SPEAKER_LEFT_OUT.test(clause) && !/^.{0,4}(?:我|咱)/u.test(clause)) subject = '我';
    }
    const own = CHINESE_SUBJECT.exec(clause);
    if (own) subject = own[0];
    else if (subject !== '' && !CHINESE_OWN_SUBJECT.test(clause)) {
      const possessive = CHINESE_POSSESSED.test(clause) && /^(?:我们|我們|咱们|咱們|我)$/.test(subject);
      clauses.push(`${subject}${possessive ? '的' : ''}${clause}`);
      continue;
    } else if (CHINESE_OWN_SUBJECT.test(clause)) subject = '';
    clauses.push(clause);
  }
  return clauses;
}
