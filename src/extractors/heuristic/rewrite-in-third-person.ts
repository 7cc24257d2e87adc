const ADVERBS =
  /^((?:(?:really|strongly|generally|usually|typically|normally|always|never|also|still|mostly|mainly|personally|definitely|only|much|absolutely|currently|kind of|no longer) )*)(\S+)(.*)$/i;
const MODALS = /^(can't|cannot|can|must|should|could|may|might|would|will|shall|do not|don't)\b(.*)$/i;
const IRREGULAR: Record<string, string> = { have: 'has', do: 'does', go: 'goes', am: 'is', are: 'is' };
// Past forms stay as they are: "I chose…" → "User chose…".
const IRREGULAR_PAST = new Set([
  'chose',
  'went',
  'made',
  'built',
  'wrote',
  'ran',
  'took',
  'got',
  'found',
  'had',
  'did',
  'grew',
  'began',
  'came',
  'became',
  'left',
  'met',
  'taught',
  'bought',
  'sold',
  'kept',
  'spent',
  'knew',
  'saw',
  'gave',
  'brought',
  'thought',
  'felt',
  'won',
  'drove',
  'flew',
  'ate',
  'drank',
]);
const BASE_FORMS_IN_ED = new Set(['need', 'feed', 'proceed', 'succeed', 'exceed', 'embed', 'speed']);
// Words left in the rest of a sentence that would make a mechanical rewrite wrong or ambiguous.
const FIRST_OR_SECOND_PERSON =
  /\b(?:i|me|i'm|i've|i'd|i'll|we|us|we're|we've|we'd|we'll|you|your|you're|yours|myself|ourselves)\b/i;
const COORDINATED_VERB =
  /(?:\band|\bbut|\bor|,)\s+(?:(?:also|always|never|usually|often|still|mostly)\s+)?(?:use|prefer|like|love|hate|dislike|enjoy|run|deploy|work|want|need|have|keep|write|code|build|host|develop|ship|target|rely|avoid|do|don't|can't|am)\b/i;
// Characters (and Taiwan terms) that mark Traditional Chinese, so that the rewrite says 用戶 rather than 用户.
const TRADITIONAL =
  /[們這個為說會來時實麼樣點還種發經後開關於與專項務據歡應當現請讓從過對裡頁檔預設層庫網碼檢屬計語處數雲換轉識環習慣嗎幫動寫讀選擇決須門問題體]|套件|軟體|程式|資料|伺服器|介面|網路|使用者/;

/**
 * The statement rephrased about the user in third person where a mechanical rewrite is reliable ("I prefer pnpm" →
 * "User prefers pnpm", "我们的服务部署在…" → "用户的服务部署在…", "私は…が好きです" → "ユーザーは…が好きです"); else the
 * sentence as it is. Terminal punctuation is dropped either way.
 */
export function rewriteInThirdPerson(sentence: string): string {
  const text = sentence.trim().replace(/[.!。！]+$/u, '');
  return rewriteEnglish(text) ?? rewriteChinese(text) ?? rewriteJapanese(text) ?? text;
}

function rewriteEnglish(text: string): string | null {
  const normalized = text.replace(/’/g, "'");
  const letUs = /^let(?:'s| us) (.+)$/i.exec(normalized);
  if (letUs?.[1]) return finish('User decided to', letUs[1]);
  const possessive = /^(?:my|our) (.+)$/i.exec(normalized);
  if (possessive?.[1]) return finish("User's", possessive[1]);
  const subject = /^(i|we)(?:'m| am|'re| are)\b(.*)$/i.exec(normalized);
  if (subject?.[1]) return finish(`${who(subject[1])} is`, subject[2] ?? '');
  const contracted = /^(i|we)('ve|'d|'ll)\b(.*)$/i.exec(normalized);
  if (contracted?.[1] && contracted[2]) {
    const auxiliary = { "'ve": 'has', "'d": 'would', "'ll": 'will' }[contracted[2].toLowerCase()] ?? '';
    return finish(`${who(contracted[1])} ${auxiliary}`, contracted[3] ?? '');
  }
  const plain = /^(i|we) (.+)$/i.exec(normalized);
  if (!plain?.[1] || !plain[2]) return null;
  const modal = MODALS.exec(plain[2]);
  if (modal?.[1]) {
    const verb = modal[1].toLowerCase();
    const auxiliary = verb === "don't" ? "doesn't" : verb === 'do not' ? 'does not' : modal[1];
    return finish(`${who(plain[1])} ${auxiliary}`, modal[2] ?? '');
  }
  const parts = ADVERBS.exec(plain[2]);
  if (!parts?.[2]) return null;
  return finish(`${who(plain[1])} ${parts[1] ?? ''}${conjugate(parts[2])}`, parts[3] ?? '');
}

function who(pronoun: string): string {
  return pronoun.toLowerCase() === 'i' ? 'User' : "User's team";
}

/**
 * The rewritten head and the rest, or null when the rest still speaks in first or second person, or goes on with a
 * second verb of the same subject ("…and use PowerShell"), which would need conjugating too.
 */
function finish(head: string, rest: string): string | null {
  const remainder = rest.replace(/\bmy\b|\bour\b/gi, 'their');
  if (FIRST_OR_SECOND_PERSON.test(remainder) || COORDINATED_VERB.test(remainder)) return null;
  return `${head}${remainder.startsWith(' ') || remainder === '' ? '' : ' '}${remainder}`.trim();
}

function conjugate(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (!/^[a-z]+$/.test(lower) || IRREGULAR_PAST.has(lower)) return verb;
  if (lower.endsWith('ed') && !BASE_FORMS_IN_ED.has(lower)) return verb;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

function rewriteChinese(text: string): string | null {
  if (!/^(?:我|咱)/.test(text)) return null;
  const traditional = TRADITIONAL.test(text);
  const user = traditional ? '用戶' : '用户';
  const team = traditional ? '用戶的團隊' : '用户的团队';
  return text
    .replace(/^(?:我们|我們)(?=结婚|結婚|在一起|认识|認識)/, user)
    .replace(/(?:我们|我們|咱们|咱們)(?=(?:公司|团队|團隊|组|組|部门|部門)的)/g, user)
    .replace(
      /(?:我们|我們|咱们|咱們)(?:的|(?=公司|团队|團隊|项目|項目|专案|專案|组|組|部门|部門|产品|產品|系统|系統))/g,
      `${user}的`,
    )
    .replace(/我们|我們|咱们|咱們/g, team)
    .replace(/我/g, user);
}

function rewriteJapanese(text: string): string | null {
  const team = /^(?:私たち|僕たち|我々|われわれ|うち|弊社)(の|は|が|も|では)/.exec(text);
  if (team?.[1])
    return `${team[1] === 'の' ? 'ユーザーの' : `ユーザーのチーム${team[1]}`}${text.slice(team[0].length)}`;
  const person = /^(?:私|僕|俺|わたし|ぼく|おれ|自分)(は|が|も|の)/.exec(text);
  if (person?.[1]) return `ユーザー${person[1]}${text.slice(person[0].length)}`;
  return null;
}
