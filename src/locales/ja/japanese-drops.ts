import { dropReader } from '../drop-reader.js';
import type { LocaleDrops } from '../locale-pack.js';

const JA_SUBJECTS = 'ユーザーのチーム|ユーザー|利用者|私たち|私|わたし|僕|俺|我々|チーム';
const JA_HEAD = `^(?:(?<subject>${JA_SUBJECTS})(?:は|が)\\s*)?(?:(?:最近|もう|今|いま|すでに|既に|先月|去年|先週)(?:は)?[、,]?\\s*)*(?<value>[^、,。\\s][^、,。]*?)\\s*`;
const JA_DROP: readonly RegExp[] = [
  new RegExp(
    `${JA_HEAD}(?:を|は)\\s*(?:もう\\s*)?(?:やめ|辞め|止め|卒業し|退職し|退社し)(?:て|た|ました|ています|てしまった|てしまいました|ちゃった)?$`,
    'u',
  ),
  new RegExp(`${JA_HEAD}(?:を|は)\\s*もう\\s*(?:使って|飲んで|食べて|吸って)(?:いません|いない)$`, 'u'),
  new RegExp(`${JA_HEAD}を\\s*(?:使わ|飲ま|食べ|吸わ)なく(?:なった|なりました)$`, 'u'),
];

// A value is one noun phrase: no kana but の (a particle would make it a clause), no 的.
const CLAUSE = /的|(?!の)\p{Script=Hiragana}|[，,、。；;！？!?]/u;
const PLACE = /辞め|退職|退社/u;

/** Japanese drops: "VS Codeはやめて", "ソニーを辞めて", "コーヒーはもう飲んでいません". */
export const japaneseDrops: LocaleDrops = {
  read: dropReader(JA_DROP, { notInValue: CLAUSE, place: PLACE, longest: 16 }),
  // The words before は or が (ユーザーの妹は).
  factSubject: (fact) => /^(?<subject>[^、。\s]{1,12}?)(?:は|が)/u.exec(fact)?.groups?.subject ?? null,
};
