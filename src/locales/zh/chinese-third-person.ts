// Characters (and Taiwan terms) that mark Traditional Chinese, so that the rewrite says 用戶 rather than 用户.
const TRADITIONAL =
  /[們這個為說會來時實麼樣點還種發經後開關於與專項務據歡應當現請讓從過對裡頁檔預設層庫網碼檢屬計語處數雲換轉識環習慣嗎幫動寫讀選擇決須門問題體]|套件|軟體|程式|資料|伺服器|介面|網路|使用者/;

/** "我们的服务部署在…" → "用户的服务部署在…"; null without a first-person subject. */
export function rewriteChinese(text: string): string | null {
  if (!/^(?:我|咱)/.test(text)) return null;
  const traditional = TRADITIONAL.test(text);
  const user = traditional ? '用戶' : '用户';
  const team = traditional ? '用戶的團隊' : '用户的团队';
  return text
    .replace(/^(?:我们|我們)的?(?:组|組)(?!织|織|件)/, team)
    .replace(/^(?:我们|我們)(?=结婚|結婚|在一起|认识|認識)/, user)
    .replace(/(?:我们|我們|咱们|咱們)(?=(?:公司|团队|團隊|组|組|部门|部門)的)/g, user)
    .replace(
      /(?:我们|我們|咱们|咱們)(?:的|(?=公司|团队|團隊|项目|項目|专案|專案|组|組|部门|部門|产品|產品|系统|系統))/g,
      `${user}的`,
    )
    .replace(/我们|我們|咱们|咱們/g, team)
    .replace(/我/g, user);
}
