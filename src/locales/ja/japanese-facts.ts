import type { LocaleFacts } from '../locale-pack.js';
import { slotForm } from '../slot-form.js';
import { japaneseDrops } from './japanese-drops.js';

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

const JA_SUBJECT =
  '^(?<subject>[^\\s,、。]+?)(?:は|が)\\s*(?:(?:現在|今は|いまは|今|最近|もう|既に|すでに|ついに|先月|去年|昨年|先週)[、,]?\\s*)*';
const JA_ROLE =
  '(?:パッケージ(?:マネージャー|マネージャ|管理(?:ツール)?)|テスト(?:ランナー|フレームワーク)|エディタ|エディター|インデント|テーマ)';
const JA_USE =
  '(?:使っている|使っています|使ってる|使う|使用している|使用しています|使用する|愛用している|愛用しています|採用している|採用しています)';

/** Japanese forms of the slots, doubt words and subjects. */
export const japaneseFacts: LocaleFacts = {
  slotForms: {
    tool: [
      slotForm(`${JA_SUBJECT}(?<from>.+?)\\s*の代わりに\\s*(?<value>.+?)\\s*を\\s*${JA_USE}$`),
      slotForm(
        `${JA_SUBJECT}(?:(?<from>.+?)\\s*から\\s*)?(?<value>.+?)\\s*(?:に|へ)\\s*(?:移行し|乗り換え|切り替え|変更し|変え|移っ|移り)(?:た|ました)$`,
      ),
      slotForm(
        `${JA_SUBJECT}(?:${JA_ROLE}(?:に|として|には|は)\\s*)?(?<value>.+?)\\s*を\\s*(?:${JA_ROLE}(?:として|に)\\s*)?${JA_USE}$`,
      ),
      slotForm(
        `${JA_SUBJECT}(?:${JA_ROLE}(?:は)\\s*)?(?<value>.+?)\\s*(?:が好き|が好み|を好む|を好んでいる|を好んで使っている|を好んで使っています|派)(?:です)?$`,
        'preference',
      ),
    ],
    residence: [
      slotForm(
        `${JA_SUBJECT}(?<value>.+?)\\s*(?:に|で)\\s*(?:住んでいる|住んでいます|住んでる|住んでおります|住む|暮らしている|暮らしています)$`,
      ),
      slotForm(
        `${JA_SUBJECT}(?:(?<from>.+?)\\s*から\\s*)?(?<value>.+?)\\s*(?:に|へ)\\s*(?:引っ越し|引越し|移住し|転居し)(?:た|ました)$`,
        'state',
        true,
      ),
      slotForm(`${JA_SUBJECT}(?<value>.+?)\\s*在住(?:です|だ|である)?$`),
    ],
    employer: [
      slotForm(
        `${JA_SUBJECT}(?<value>.+?)\\s*(?:で(?:働いている|働いています|働いてる|働く|勤務している|勤務しています)|に(?:勤めている|勤めています|勤務している|勤務しています|入社した|入社しました|転職した|転職しました))$`,
      ),
    ],
  },
  doubt:
    /ない|なかった|ません|予定|つもり|かもしれ|検討|考え|たい|でしょう|だろう|もし|なら|場合|ときどき|たまに|平日|仕事で|会社では|家では|前は|昔|かつて|ていた|でいた|ていまし|でいまし|けど|けれど|でも/u,
  self: /^(?:ユーザー|利用者|私|わたし|僕|俺|私たち|我々|チーム|プロジェクト|(?:ユーザー|私|私たち)の(?:チーム|プロジェクト))$/iu,
  named:
    /^(?:ユーザー|私)の(?:妹|姉|兄|弟|妻|夫|母|父|友人|友達|同僚|上司|息子|娘|パートナー)$|^\p{L}{1,8}(?:さん|くん|君|ちゃん|様|氏)$/u,
  // Kana other than の joins or qualifies names ("ベルリンとパリ").
  notInName: /(?!の)\p{Script=Hiragana}/u,
  notPlaces: '実家 自宅 ホテル 寮 ここ そこ'.split(' '),
  notEmployers: '自宅 在宅 リモート 会社 オフィス ここ そこ'.split(' '),
  slotCues: { residence: '住んで 引っ越 在住', employer: '働いて 勤めて 入社' },
  toolSpellings: {
    indentation: { tabs: ['タブ'], spaces: ['スペース'] },
    quotes: { single: ['シングルクォート'], double: ['ダブルクォート'] },
    'color-scheme': { dark: ['ダークモード', 'ダークテーマ'], light: ['ライトモード', 'ライトテーマ'] },
  },
  clauseOpener: /(?:実は|あと|ちなみに|そういえば|報告です)[、,：:]?\s*/iu,
  qualifyingClause: /もし|なら|たまに|ときどき|時々|週末|かもしれ|だけ/iu,
  // Japanese drops the subject of a sentence about oneself ("先月大阪に引っ越しました。"): any kana.
  withUserAsSubject: (statement) => (KANA.test(statement) ? `私は${statement}` : null),
  drops: japaneseDrops,
  possessor: (subject) => /^(.+?)の[\p{L}\p{M}-]+$/u.exec(subject)?.[1] ?? null,
};
