import { claimSlot, isQualified, subjectKey } from './find-contradicted.js';

/** A statement that its subject has stopped something: "User no longer uses VS Code", "我不再喝咖啡", "ソニーを辞めて". */
export interface Drop {
  /** `self` or `name:<who>`, as `subjectKey` gives it. */
  subject: string;
  /** What was left, as written ("VS Code", "dark roast", "咖啡"). */
  value: string;
  /**
   * `place`: a home or an employer was left ("left Paris", "从腾讯离职", "ソニーを辞めた"), which ends where they live
   * or work, not every fact naming it ("loves Paris" stands). `any`: the subject stopped what facts naming it state.
   */
  kind: 'place' | 'any';
}

const PLACE_VERB =
  /^(?:no\s+longer\s+(?:lives?|living|resides?|works?|working)\b|left\b|moved\s+(?:away\s+from|off)\b|(?:stopped|quit)\s+(?:working|living)\b)/iu;

// English: the subject is read case-sensitively (a name is capitalised), the rest without case.
const EN_SUBJECT =
  /^(?:(?:[Tt]he\s+)?[Uu]ser(?:'s\s+[\p{L}-]+)?|I|[Ww]e|(?:[Tt]he|[Oo]ur|[Mm]y)\s+[\p{L}-]+|\p{Lu}[\p{L}\p{M}-]*(?:'s\s+[\p{L}-]+)?)(?=['’\s])/u;
const EN_DROP_VERB = [
  'no\\s+longer\\s+\\p{L}+(?:\\s+(?:at|in|with|for|on|to))?',
  "(?:does\\s+not|doesn't|do\\s+not|don't)\\s+(?:use|drink|eat|like|prefer|play|watch|want)s?",
  '(?:stopped|stopping|quit|quitting|given\\s+up(?:\\s+on)?|gave\\s+up(?:\\s+on)?|giving\\s+up(?:\\s+on)?|dropped|dropping|ditched|ditching|abandoned|gone\\s+off|went\\s+off|left|moved\\s+away\\s+from|moved\\s+off)(?:\\s+(?:using|drinking|eating|playing|watching|working\\s+(?:at|for)|living\\s+in))?',
].join('|');
const EN_END =
  '(?:\\s+(?:any\\s*more|now|for\\s+good|altogether|entirely|completely|recently|(?:last|this)\\s+(?:week|month|year)|(?:a\\s+(?:few|couple\\s+of)|\\d+|two|three|several)\\s+(?:days|weeks|months|years)\\s+ago))*';
const EN_DROP = new RegExp(
  `^(?:(?:'ve|'m|'re|has|have|had|is|are|am)\\s+)?(?:(?:now|just|recently|finally|already|actually|officially|completely)\\s+)*(?:${EN_DROP_VERB})\\s+(?<value>.+?)${EN_END}$`,
  'iu',
);
const EN_VALUE_END = /\s+(?:for|in\s+favou?r\s+of|and|but|because|since|as)\s+.*$/iu;
const PRONOUN = /^(?:it|that|this|them|those|these|him|her|everything|something|anything)$/iu;

const ZH_SUBJECTS =
  '用户的团队|用戶的團隊|用户的项目|用戶的項目|我们的团队|我們的團隊|用户|用戶|使用者|我们|我們|我|团队|團隊|项目|項目';
const ZH_HEAD = `^(?<subject>${ZH_SUBJECTS})?(?:现在|現在|目前|已经|已經|早就|最近|如今|从此|從此|彻底|徹底)*`;
const ZH_DROP: readonly RegExp[] = [
  new RegExp(
    `${ZH_HEAD}(?:不再|没再|沒再)(?:使用|用|喝|吃|抽|玩|喜欢|喜歡|看|听|聽|住在|在)?\\s*(?<value>.+?)\\s*(?:了|啦)?$`,
    'u',
  ),
  new RegExp(
    `${ZH_HEAD}(?:不用|不使用|戒掉了?|戒了|放弃了?|放棄了?|离开了?|離開了?|弃用了?|棄用了?|停用了?)\\s*(?<value>.+?)\\s*(?:了|啦)?$`,
    'u',
  ),
  new RegExp(`${ZH_HEAD}(?:从|從)\\s*(?<value>.+?)\\s*(?:离职|離職|辞职|辭職|搬走|搬出来|搬出來)了?$`, 'u'),
];

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

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
// A value in Chinese or Japanese is one noun phrase: no kana but の (a particle would make it a clause), no 的.
const CJK_CLAUSE = /的|(?!の)\p{Script=Hiragana}|[，,、。；;！？!?]/u;

/**
 * What a statement says its subject stopped, if it says so plainly: "User no longer uses VS Code", "We're dropping
 * MySQL", "I've gone off dark roast", "用户不再喝咖啡", "我已经从腾讯离职", "不用 Webpack 了", "VS Codeはやめて",
 * "ソニーを辞めて". No subject means the user (a clause of their own message). Null for anything else, and when what
 * is left is qualified ("npm at work", "coffee on weekdays") or is no thing ("it").
 */
export function readDrop(statement: string): Drop | null {
  const text = statement
    .normalize('NFKC')
    .replace(/[‘’]/gu, "'")
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[\s.!。！…]+$/u, '');
  if (text.length > 120) return null;
  return UNSPACED.test(text) ? readCjkDrop(text) : readEnglishDrop(text);
}

function readEnglishDrop(text: string): Drop | null {
  const subject = EN_SUBJECT.exec(text)?.[0];
  const rest = subject === undefined ? text : text.slice(subject.length).trim();
  const match = EN_DROP.exec(rest);
  const value = match?.groups?.value
    ?.replace(EN_VALUE_END, '')
    .replace(/^(?:the|my|our|his|her|their)\s+/iu, '')
    .trim();
  if (value === undefined || value === '' || PRONOUN.test(value) || isQualified(value)) return null;
  if (value.split(' ').length > 5 || value.length > 40 || !/\p{L}/u.test(value)) return null;
  const key = subject === undefined ? 'self' : ownerKey(subject);
  const verb = rest.replace(
    /^(?:(?:'ve|'m|'re|has|have|had|is|are|am)\s+)?(?:(?:now|just|recently|finally|already|actually|officially|completely)\s+)*/iu,
    '',
  );
  return key === null ? null : { subject: key, value, kind: PLACE_VERB.test(verb) ? 'place' : 'any' };
}

function readCjkDrop(text: string): Drop | null {
  for (const pattern of [...ZH_DROP, ...JA_DROP]) {
    const groups = pattern.exec(text)?.groups;
    const value = groups?.value?.trim();
    if (groups === undefined || value === undefined || value === '') continue;
    if (value.length > 16 || CJK_CLAUSE.test(value) || isQualified(value)) continue;
    const key = groups.subject === undefined ? 'self' : ownerKey(groups.subject);
    const place = /离开|離開|离职|離職|辞职|辭職|搬走|搬出|住在|辞め|退職|退社/u.test(text);
    if (key !== null) return { subject: key, value, kind: place ? 'place' : 'any' };
  }
  return null;
}

/** The subject of a known fact ("User's editor is VS Code": the user), or null when it names no one we can tell. */
export function factSubject(fact: string): string | null {
  const text = fact.normalize('NFKC').replace(/[‘’]/gu, "'").trim();
  if (!UNSPACED.test(text.slice(0, 12))) {
    const subject = EN_SUBJECT.exec(text)?.[0];
    return subject === undefined ? null : ownerKey(subject);
  }
  // A relation named in two or one characters after 的 (用户的妹妹), or the words before は/が (ユーザーの妹は).
  const chinese = /^(?:用户|用戶|使用者|我们|我們|我)/u.exec(text)?.[0];
  if (chinese !== undefined) {
    for (const length of [2, 1]) {
      const relation = /^的/u.test(text.slice(chinese.length))
        ? subjectKey(text.slice(0, chinese.length + 1 + length))
        : null;
      if (relation?.startsWith('name:')) return relation;
    }
    return 'self';
  }
  const japanese = /^(?<subject>[^、。\s]{1,12}?)(?:は|が)/u.exec(text)?.groups?.subject;
  return japanese === undefined ? null : ownerKey(japanese);
}

/** "User's team" is the user; "User's sister" is someone else; "User's editor" is the user's. */
function ownerKey(subject: string): string | null {
  const key = subjectKey(subject);
  if (key !== null) return key;
  const owner = /^(.+?)(?:'s\s+|的|の)[\p{L}\p{M}-]+$/u.exec(subject.trim())?.[1];
  return owner === undefined ? null : subjectKey(owner);
}

/**
 * Ids of known facts a drop leaves behind: plain statements (nothing negated, hypothetical or qualified) about the
 * same subject that name what was dropped, as a whole word ("User prefers dark roast coffee" for "dark roast";
 * "用户喜欢喝咖啡" for "咖啡"). A fact naming it beside something else ("uses npm and yarn") is qualified, so kept.
 */
export function findDropped(statement: string, known: ReadonlyArray<{ id: number; text: string }>): number[] {
  const drop = readDrop(statement);
  if (drop === null) return [];
  const value = drop.value.normalize('NFKC').toLowerCase();
  const wordBound = !UNSPACED.test(value);
  return known
    .filter(({ text }) => {
      const folded = text.normalize('NFKC').toLowerCase();
      if (isQualified(text) || factSubject(text) !== drop.subject) return false;
      if (drop.kind === 'place' && !/^(?:residence|employer)$/u.test(claimSlot(text) ?? '')) return false;
      const at = folded.indexOf(value);
      if (at < 0) return false;
      if (!wordBound) return true;
      const before = folded[at - 1];
      const after = folded[at + value.length];
      // A whole word: no letter of a spaced script touches it ("Go" is not in "Google"; "Emacsを" is Emacs).
      const joins = (character: string | undefined) =>
        character !== undefined && /[\p{L}\p{N}]/u.test(character) && !UNSPACED.test(character);
      return !joins(before) && !joins(after);
    })
    .map(({ id }) => id);
}
