// Word lists the fact rules share, per language. Nouns a person "has": relatives, pets, personal and project things.

export const ENGLISH_RELATIVES =
  'wife|husband|partner|girlfriend|boyfriend|fiancee?|spouse|mom|mum|mother|dad|father|parents|son|daughter|kids|children|child|baby|brother|sister|siblings|grandma|grandmother|grandpa|grandfather|grandparents|uncle|aunt|cousin|family|friend|best friend|roommate|boss|manager';
export const ENGLISH_PETS = 'dog|dogs|cat|cats|puppy|kitten|pet|pets|rabbit|hamster|parrot|bird|fish|horse';
export const ENGLISH_PERSONAL =
  'birthday|name|goal|dream|hobby|hobbies|job|work|office|home|hometown|commute|diet|allergy|schedule|plan|routine|favou?rite \\w+';

export const CHINESE_RELATIVES =
  '老婆|妻子|太太|老公|丈夫|先生|女朋友|男朋友|对象|對象|未婚妻|未婚夫|爸妈|爸媽|父母|爸爸|妈妈|媽媽|父亲|父親|母亲|母親|爸|妈|媽|女儿|女兒|儿子|兒子|孩子|宝宝|寶寶|哥哥|姐姐|弟弟|妹妹|爷爷|爺爺|奶奶|外婆|外公|家人|室友|老板|老闆|领导|領導';
export const CHINESE_PETS = '猫|貓|狗|狗狗|猫咪|貓咪|宠物|寵物|兔子|仓鼠|倉鼠|鹦鹉|鸚鵡|鱼|魚';
export const CHINESE_PERSONAL =
  '生日|名字|目标|目標|梦想|夢想|爱好|愛好|工作|职业|職業|专业|專業|老家|家乡|家鄉|数据库|數據庫|資料庫|后端|後端|前端|服务器|伺服器|框架|技术栈|技術棧|代码|代碼|仓库|倉庫';
// Informal kin words and the plain ones a fact uses.
export const CHINESE_KIN_PLAIN: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:老婆|太太)/, '妻子'],
  [/^老公/, '丈夫'],
  [/^(?:爸妈|爸媽)/, '父母'],
];

export const JAPANESE_RELATIVES =
  '妻|夫|嫁|旦那|主人|彼氏|彼女|婚約者|両親|父|母|父親|母親|娘|息子|子供|子ども|子どもたち|子供たち|兄|姉|弟|妹|祖父|祖母|家族|ルームメイト|上司';
export const JAPANESE_PETS = '犬|猫|愛犬|愛猫|ペット|うさぎ|ハムスター|インコ|金魚';
export const JAPANESE_PERSONAL =
  '誕生日|名前|目標|夢|趣味|仕事|職場|会社|チーム|プロジェクト|本番環境|本番|開発環境|環境|シェル|エディタ|エディター|os|サーバー|データベース|db|スタック|バックエンド|フロントエンド|リポジトリ|パソコン|pc|マシン|実家|家';
// Roles and identities stated without a subject: "ベジタリアンです".
export const JAPANESE_IDENTITIES =
  'ベジタリアン|ヴィーガン|ビーガン|エンジニア|プログラマー|デザイナー|学生|大学生|高校生|大学院生|看護師|医者|医師|教師|先生|主婦|専業主婦|主夫|会社員|公務員|フリーランス|社会人|母親|父親|独身|既婚';
// Verbs of durable states and habits in the ている form.
export const JAPANESE_DURABLE_VERBS =
  '住んで|働いて|勤めて|飼って|通って|習って|勉強して|専攻して|研究して|所属して|使って|書いて|飲んで|食べて|続けて|運用して|開発して|担当して|育てて|暮らして|利用して|愛用して';

// Lasting health conditions a person "has".
export const ENGLISH_CONDITIONS =
  'diabetes|asthma|adhd|autism|celiac disease|coeliac disease|epilepsy|migraines|high blood pressure|hypertension|dyslexia|anxiety|depression|insomnia|arthritis|a heart condition|a disability|tinnitus|eczema|hay fever';
export const CHINESE_CONDITIONS =
  '高血压|高血壓|糖尿病|哮喘|鼻炎|抑郁症|憂鬱症|失眠|胃病|心脏病|心臟病|偏头痛|偏頭痛|近视|近視|色盲|贫血|貧血|痛风|痛風';
export const JAPANESE_CONDITIONS = '糖尿病|喘息|高血圧|持病|片頭痛|偏頭痛|不眠症|うつ病|貧血|花粉症|腰痛';
