// Nouns a person "has": relatives, pets, personal and project things.
export const CHINESE_RELATIVES =
  '老婆|妻子|太太|老公|丈夫|先生|女朋友|男朋友|对象|對象|未婚妻|未婚夫|爸妈|爸媽|父母|爸爸|妈妈|媽媽|父亲|父親|母亲|母親|爸|妈|媽|女儿|女兒|儿子|兒子|孩子|宝宝|寶寶|哥哥|姐姐|弟弟|妹妹|爷爷|爺爺|奶奶|外婆|外公|家人|室友|老板|老闆|领导|領導';

export const CHINESE_PETS = '猫|貓|狗|狗狗|猫咪|貓咪|宠物|寵物|兔子|仓鼠|倉鼠|鹦鹉|鸚鵡|鱼|魚';

export const CHINESE_PERSONAL =
  '生日|名字|目标|目標|梦想|夢想|爱好|愛好|公司|学校|學校|工作|职业|職業|专业|專業|老家|家乡|家鄉|数据库|數據庫|資料庫|后端|後端|前端|服务器|伺服器|框架|技术栈|技術棧|代码|代碼|仓库|倉庫';

// Informal kin words and the plain ones a fact uses.
export const CHINESE_KIN_PLAIN: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:老婆|太太)/, '妻子'],
  [/^老公/, '丈夫'],
  [/^(?:爸妈|爸媽)/, '父母'],
];

// Lasting health conditions a person "has".
export const CHINESE_CONDITIONS =
  '高血压|高血壓|糖尿病|哮喘|鼻炎|抑郁症|憂鬱症|失眠|胃病|心脏病|心臟病|偏头痛|偏頭痛|近视|近視|色盲|贫血|貧血|痛风|痛風';
