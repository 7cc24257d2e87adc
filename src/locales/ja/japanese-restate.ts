import type { FactKind } from '../locale-extraction.js';
import { JAPANESE_PERSONAL, JAPANESE_PETS, JAPANESE_RELATIVES } from './japanese-fact-words.js';

const JAPANESE_SUBJECT =
  /^(?:私|僕|俺|わたし|ぼく|おれ|自分|私たち|僕たち|我々|われわれ|うち|弊社|当社)(?:は|が|も|の|では)/;
const JAPANESE_POSSESSED = new RegExp(
  `^(?:ペットの)?((?:${JAPANESE_RELATIVES}|${JAPANESE_PETS}|${JAPANESE_PERSONAL})(?:の名前)?(?:は|が|の|も))`,
  'i',
);
const JAPANESE_TIME_TOPIC = /^((?:毎週)?[月火水木金土日]曜日?|毎週末?|週末|平日|毎朝|毎晩|毎日)は/;
// Topics that frame the habit rather than name a time it happens at: "普段は…", "朝はパン派です".
const JAPANESE_FRAME_TOPIC = /^(?:(普段|いつも)は|((?:朝|昼|夜|夏|冬|家|仕事|職場)(?:で)?は))/;
const JAPANESE_LIKING = /^(.+?)は((?:大)?好き|苦手|(?:大)?嫌い)(です|だ)?$/;
const JAPANESE_HOBBY = /^(.+?)が(趣味|特技|専門|仕事)(です|だ)$/;
const JAPANESE_GOAL = /^(.+?)(?:の|こと)が目標(です|だ)$/;
const JAPANESE_RULE = /^(.+?)(?:という|の)?(?:ルール|ことになっています)(?:です|だ)?$/;
// "テストはVitestで書いています": the topic is the object of a verb the user does.
// Not a person in the topic: "彼はRustで書いています" is about him.
const JAPANESE_OBJECT_TOPIC =
  /^(?!彼|彼女|あの人|この人|友達|友人|同僚|先輩|後輩|みんな|皆)([^はがをにで、]{1,20})は([^はがをにで、]{1,30})で((?:書いて|作って|管理して|開発して|使って|実行して|ビルドして|テストして|動かして|デプロイして|運用して|組んで|描いて|録って|撮って)います)$/;
// The parts of a project or of one's tools a topic names, with a tool's Latin name after it.
const PROJECT_PART =
  /^(?:フロント(?:エンド)?|バックエンド|インフラ|ホスティング|認証|db|データベース|ci|デプロイ|サーバー|言語|フレームワーク|ビルド|テスト|エディタ|エディター|ide|os|ブラウザ|スマホ|パソコン|pc|マシン|本番(?:環境)?|開発環境|クラウド|ストレージ|監視|ログ)は[^、。]*[A-Za-z]/i;
const CHANGED_TO = /(?<![\w.+#-])([A-Za-z][\w .+#-]*)に(?:切り替え|移行し|変え|乗り換え|寄せ|移し)(?:ました|た)$/u;
const UNKNOWN_TOPIC = /^[^、。]{1,20}?(?:は|では)/;

/**
 * The Japanese clause with the speaker it leaves out ("東京に住んでいます" → 私は東京に住んでいます) and objects and
 * times moved out of the topic ("週末はよく山登りに行きます" → 私は週末によく…), or null for a topic that may be
 * someone else's.
 */
export function restateJapanese(clause: string, kind: FactKind): string | null {
  const text = clause.replace(/[。！!]+$/u, '');
  if (kind === 'rule' || kind === 'constraint') return JAPANESE_RULE.exec(text)?.[1] ?? text;
  if (/^(?:私たち|僕たち|我々|うち)は[^、。]*(?:住んで|引っ越し|暮らして|飼って)/.test(text))
    return text.replace(/^(?:私たち|僕たち|我々|うち)は/, '私の家族は');
  if (JAPANESE_SUBJECT.test(text)) return text;
  const possessed = JAPANESE_POSSESSED.exec(text);
  // "子供が二人います" says what the user has; "娘は…" speaks of the user's daughter.
  if (possessed?.[1]?.endsWith('が') && /(?:います|あります|いる|ある|好きです|嫌いです|苦手です|得意です)$/.test(text))
    return `私は${text}`;
  if (possessed?.[1]) return `私の${possessed[1]}${text.slice(possessed[0].length)}`;
  const frame = JAPANESE_FRAME_TOPIC.exec(text);
  if (frame) return `私は${frame[1] ?? frame[2] ?? ''}${text.slice(frame[0].length)}`;
  const time = JAPANESE_TIME_TOPIC.exec(text);
  if (time?.[1]) return `私は${time[1]}に${text.slice(time[0].length)}`;
  const liking = JAPANESE_LIKING.exec(text);
  if (liking?.[1] && liking[2]) return `私は${liking[1]}が${liking[2]}${liking[3] ?? ''}`;
  const hobby = JAPANESE_HOBBY.exec(text);
  if (hobby?.[1] && hobby[2]) return `私の${hobby[2]}は${hobby[1]}${hobby[3] ?? 'です'}`;
  const abstain =
    /^([^はがを、]{1,20})は((?:あまり|全然|ほとんど|もう)?(?:飲|食べ|吸い|吸わ|飲ま|食べな|やめ|辞め|持って)[^、]*)$/.exec(
      text,
    );
  // A potential form takes が: "お酒は飲めません" → お酒が飲めません.
  if (abstain?.[1] && abstain[2] && kind === 'personal')
    return `私は${abstain[1]}${/(?:めません|られません|めない|られない)$/.test(abstain[2]) ? 'が' : 'を'}${abstain[2]}`;
  const goal = JAPANESE_GOAL.exec(text);
  if (goal?.[1]) return `私の目標は${goal[1]}ことです`;
  const object = JAPANESE_OBJECT_TOPIC.exec(text);
  if (object?.[1] && object[2] && object[3]) return `私は${object[2]}で${object[1]}を${object[3]}`;
  // A change to a named tool says what is in use now: "iPhoneに変えた" → 私はiPhoneを使っています.
  const changedTo = CHANGED_TO.exec(text);
  if (kind === 'change' && changedTo?.[1])
    return `${PROJECT_PART.test(text) ? '私たちは' : '私は'}${changedTo[1].trim()}を使っています`;
  // A part of the project named by a tool ("フロントはNext.js", "インフラはGCPに寄せました"): the team's project.
  if ((kind === 'environment' || kind === 'change') && PROJECT_PART.test(text)) return `私たちの${text}`;
  // A topic the rules do not know ("デプロイは…") may be someone else's.
  if (UNKNOWN_TOPIC.test(text) && !/^[^、。]*?(?:には|とは)/.test(text)) return null;
  return `私は${text}`;
}
