import { dropReader } from '../drop-reader.js';
import type { LocaleDrops } from '../locale-pack.js';

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

// A value is one noun phrase: no particle (a clause), no 的.
const CLAUSE = /的|[，,、。；;！？!?]/u;
const PLACE = /离开|離開|离职|離職|辞职|辭職|搬走|搬出|住在/u;

/** Chinese drops: "用户不再喝咖啡", "我已经从腾讯离职", "不用 Webpack 了". */
export const chineseDrops: LocaleDrops = {
  read: dropReader(ZH_DROP, { notInValue: CLAUSE, place: PLACE, longest: 16 }),
  // A relation named in two or one characters after 的 (用户的妹妹) is someone else; else the user.
  factSubject(fact, ownerKey) {
    const user = /^(?:用户|用戶|使用者|我们|我們|我)/u.exec(fact)?.[0];
    if (user === undefined) return null;
    for (const length of [2, 1]) {
      const relation = fact.slice(user.length).startsWith('的') ? fact.slice(0, user.length + 1 + length) : null;
      if (relation !== null && ownerKey(relation)?.startsWith('name:')) return relation;
    }
    return user;
  },
};
