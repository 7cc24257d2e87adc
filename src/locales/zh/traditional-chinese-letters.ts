/**
 * Traditional Chinese characters folded to their simplified forms before matching, so that one word list serves
 * both (用戶 and 用户, 無視你的規則 and 无视你的规则). Only characters that occur in memstack's rule words, or
 * commonly around them, are listed: this is a matching aid, not a converter. Applied to the rules too, so Japanese
 * kanji folded here (無視, 時) still match themselves.
 */
const TRADITIONAL =
  '們無視規則統詞設開發獄體顯輸請從現說記個隱內過濾繞讓沒僅應該須務麼裡這對話蓋達選擇議錯誤後試額餘賬帳戶網絡暫時頻問權證驗認連斷處啟動關閉當負載調敗鑰碼狀態編號訪範圍簡單語為會來實樣點還種經於與專項據歡頁檔預層庫檢屬計數雲換轉識環習慣嗎幫寫讀決門題鍵異絕遠總終準許別將裝虛擬機廢棄洩給複祕護欄審聽響稱講團隊氣間帶傳錄類隨質價標輕級兩書學變條興錢際頭導盤聲資訊軟嚴腦適織優舊雜較壓縮歸電戰劃週覽瀏驅萬區彈產夠濟擔獲謝詳細節圖聯繫係鎖緩衝擴覺滿壞構論償儲紹維輯摯邏衛罰遞疊頓貼買賣費貴幣歷紀戲義遲邊錶鐘億齊圓壽廣廠慮戀揮損搖攜擊斂極樂樹殺漢潔潛燒爭獨猶璽瓊畫瘋盡盧眾礙禮穩窮篩簽籌紅純紙組結絲綁綜緊線練縣績繩繪續罷聖職脅臉舉艙藝蘭蟲術補見觀觸討訓託診詩誠課談諸謀謂譯讚豐貓貝財貨販責貸賓賜賽贊趕趨跡踐躍車軌軍軸輔輪辦農運遊違遜遷遺邁醫釋針鈕銀銷鋪鋼鍋鎮鏈鏡長閃閱闆陸陽險雖雙雞離難靈靜頂順領顧風飛飯館馬髮鬆魚鳥麗黃齡龍';
const SIMPLIFIED =
  '们无视规则统词设开发狱体显输请从现说记个隐内过滤绕让没仅应该须务么里这对话盖达选择议错误后试额余账帐户网络暂时频问权证验认连断处启动关闭当负载调败钥码状态编号访范围简单语为会来实样点还种经于与专项据欢页档预层库检属计数云换转识环习惯吗帮写读决门题键异绝远总终准许别将装虚拟机废弃泄给复秘护栏审听响称讲团队气间带传录类随质价标轻级两书学变条兴钱际头导盘声资讯软严脑适织优旧杂较压缩归电战划周览浏驱万区弹产够济担获谢详细节图联系系锁缓冲扩觉满坏构论偿储绍维辑挚逻卫罚递叠顿贴买卖费贵币历纪戏义迟边表钟亿齐圆寿广厂虑恋挥损摇携击敛极乐树杀汉洁潜烧争独犹玺琼画疯尽卢众碍礼稳穷筛签筹红纯纸组结丝绑综紧线练县绩绳绘续罢圣职胁脸举舱艺兰虫术补见观触讨训托诊诗诚课谈诸谋谓译赞丰猫贝财货贩责贷宾赐赛赞赶趋迹践跃车轨军轴辅轮办农运游违逊迁遗迈医释针钮银销铺钢锅镇链镜长闪阅板陆阳险虽双鸡离难灵静顶顺领顾风飞饭馆马发松鱼鸟丽黄龄龙';

export const TRADITIONAL_CHINESE_LETTERS: ReadonlyMap<string, string> = new Map(
  Array.from(TRADITIONAL, (letter, index) => [letter, SIMPLIFIED[index] as string]),
);
