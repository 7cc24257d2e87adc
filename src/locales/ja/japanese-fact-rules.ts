import type { FactKind } from '../locale-extraction.js';
import {
  JAPANESE_CONDITIONS,
  JAPANESE_DURABLE_VERBS,
  JAPANESE_IDENTITIES,
  JAPANESE_PERSONAL,
  JAPANESE_PETS,
  JAPANESE_RELATIVES,
} from './japanese-fact-words.js';

/**
 * Japanese statements of durable facts, anchored at the predicate (the subject is usually left out): preferences,
 * environments, decisions, constraints, then stated rules, residence, work, family and pets, health, schedules,
 * goals, changes.
 */
export const JAPANESE_FACT_RULES: ReadonlyArray<readonly [FactKind, RegExp]> = [
  ['preference', /(?:好き|大好き|嫌い|大嫌い|苦手|好み|好んで|派です|派だ|愛用)/],
  // A habit told by how often: "いつも金曜日に…".
  ['preference', /(?:いつも|常に|普段|基本的に|今後)/],
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
  // A stated rule first: "金曜日はデプロイしないルールです" is a rule, not the user's Friday habit.
  ['rule', /(?:ルールです|ルールだ|ことになっています)$/],
  ['personal', new RegExp(`(?:${JAPANESE_DURABLE_VERBS})(?:います|いる|おります)$`)],
  // The course of a life, told in the past or as settled: moving, a new job, marrying, quitting, starting.
  [
    'personal',
    /(?:引っ越し|(?:転職|就職|転勤|結婚|離婚|退職|入社|卒業|入学|出産|移住|独立)し)(?:ました|た)$|(?:転職|就職|転勤)(?:に)?な(?:りました|った)$|(?:引っ越し|移住|結婚)(?:します|する)$|(?:辞め|やめ|始め)(?:ました|た)$/,
  ],
  [
    'personal',
    new RegExp(`(?:アレルギー|${JAPANESE_CONDITIONS})(?:が|を)?(?:あります|ある|持っています|持ち(?:です|だ)?|です)$`),
  ],
  // What one does not have or do: "運転免許は持っていない".
  ['personal', /(?:持っていない|持っていません|持ってない)$/],
  ['personal', /出身(?:です|だ)$/],
  [
    'personal',
    new RegExp(
      `^(?:私は|僕は)?(?:[^はがを、]{1,10}[のでな])?(?:${JAPANESE_IDENTITIES})(?:です|だ|をしています|をやっています|やっています|になった|になりました)$`,
    ),
  ],
  // What one does for a living or a pastime, said as "doing it": "保育士やってます", "テニスやってます".
  ['personal', /^(?!.*(?:それ|これ|あれ|今))[^、。はがを]{1,12}(?:を)?やっています$/],
  // Where one was born and has stayed: "生まれは沖縄です", "大学からずっと東京です".
  ['personal', /^(?:生まれ|出身)は|ずっと[^、。はがを]{1,10}(?:です|だ|に住んでいます)$/],
  [
    'personal',
    new RegExp(
      `^(?:私の|僕の|うちの|ペットの)?(?:${JAPANESE_RELATIVES}|${JAPANESE_PETS}|${JAPANESE_PERSONAL})(?:の名前)?(?:は|が|も)`,
    ),
  ],
  ['schedule', /^(?:毎朝|毎晩|毎日|毎週|毎月|(?:週末|平日|[月火水木金土日]曜日?)は)/],
  ['goal', /(?:のが目標|ことが目標|が目標です|目標は)/],
  ['personal', /^[^、。]{1,20}が(?:趣味|特技|専門|仕事)(?:です|だ)$/],
  ['personal', /(?:飲みません|食べません|吸いません|飲まない|食べない|吸わない|飲めません|食べられません)$/],
  ['change', /(?:に切り替え|に移行し|に変え|に乗り換え|に寄せ|に移し|にし)(?:ました|た)$/],
  // A part of the project and the named tool it is: "フロントはNext.jsです", "DBはPostgreSQL".
  ['environment', /^(?:うちは|私たちは)?[^、。はがを]{1,10}は\s*[a-z0-9][^、。]*?(?:です|だ|を?使っています)?$/],
];
