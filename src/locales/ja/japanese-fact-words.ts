// Nouns a person "has": relatives, pets, personal and project things; identities; durable verbs.
export const JAPANESE_RELATIVES =
  '妻|夫|嫁|旦那|主人|彼氏|彼女|婚約者|両親|父|母|父親|母親|娘|息子|子供|子ども|子どもたち|子供たち|兄|姉|弟|妹|祖父|祖母|家族|ルームメイト|上司';
export const JAPANESE_PETS = '犬|猫|愛犬|愛猫|ペット|うさぎ|ハムスター|インコ|金魚';
export const JAPANESE_PERSONAL =
  '誕生日|生まれ|出身|名前|目標|夢|趣味|仕事|職場|会社|チーム|プロジェクト|本番環境|本番|開発環境|環境|シェル|エディタ|エディター|os|サーバー|データベース|db|スタック|バックエンド|フロントエンド|リポジトリ|パソコン|pc|マシン|実家|家';
// Roles and identities stated without a subject: "ベジタリアンです".
export const JAPANESE_IDENTITIES =
  'ベジタリアン|ヴィーガン|ビーガン|フリーランスのエンジニア|エンジニア|保育士|薬剤師|中学生|小学生|プログラマー|デザイナー|学生|大学生|高校生|大学院生|看護師|医者|医師|教師|先生|主婦|専業主婦|主夫|会社員|公務員|フリーランス|社会人|母親|父親|独身|既婚';
// Verbs of durable states and habits in the ている form.
export const JAPANESE_DURABLE_VERBS =
  '住んで|働いて|勤めて|飼って|通って|習って|勉強して|専攻して|研究して|所属して|使って|書いて|飲んで|食べて|続けて|運用して|開発して|担当して|育てて|暮らして|利用して|愛用して';

// Lasting health conditions a person "has".
export const JAPANESE_CONDITIONS = '糖尿病|喘息|高血圧|持病|片頭痛|偏頭痛|不眠症|うつ病|貧血|花粉症|腰痛';
