import type { LocaleTask } from '../locale-pack.js';

const CHINESE =
  /帮我|幫我|帮忙|幫忙|请|請|麻烦|麻煩|我想|我要|我需要|我希望|希望|需要|不要|(?<![特区區分个個类類级級性识識辨告差])[别別](?![的人])|必须|必須|务必|務必|不能|不可以|禁止|只能|保留|保持|确保|確保|给我|給我|能不能|能否|可否|如何|怎么|怎麼|实现|實現|修复|修復|迁移|遷移|添加|删除|刪除|创建|創建|升级|升級|替换|替換|目标|目標|要求|截止|预算|預算/;
const CHINESE_START =
  /^(?:另外|还有|還有|然后|然後|并且|並且|而且|同时|同時|也|还|還|再|先|最后|最後)?[，,]?(?:使用|改用|改成|用|把|将|將|写|寫|做|加|改|删|刪|换|換|搞|弄|生成|整理|总结|總結|翻译|翻譯|解释|解釋|检查|檢查|优化|優化|重构|重構|修|订|訂|预订|預訂|买|買|查|找|约|約|安排|取消)/;

/** Chinese requests, goals and constraints; a question asking for help (能帮我修一下吗？) unless it asks for an explanation. */
export const chineseTask: LocaleTask = {
  statements: [CHINESE, CHINESE_START],
  requestQuestions: [/帮我|幫我|帮忙|幫忙|麻烦|麻煩|给我|給我/],
  knowledgeQuestion: /解释|解釋|介绍|介紹|告诉|告訴|什么是|什麼是|是什么|是什麼|说明|說明/,
};
