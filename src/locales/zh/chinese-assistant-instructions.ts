import type { InstructionPatternKit, LocaleAssistantInstructions } from '../memory-gate-words.js';

// How a Chinese text tells the assistant how to behave (你要用英文回答, 以后都用中文回答), and how a fact states the
// user's own preference about answers instead (用户希望用中文回答).

const WORDS = {
  assistant: ['你', '您'],
  assistantAtStart: ['ai', '助手', 'ai助手', '人工智能', '机器人'],
  modals: [
    '要',
    '必须',
    '应该',
    '应当',
    '需要',
    '得',
    '只能',
    '只',
    '不要',
    '不能',
    '不可以',
    '不许',
    '不准',
    '别',
    '务必',
    '一定要',
    '始终',
    '总是',
    '永远',
    '以后',
    '今后',
    '从现在开始',
    '从现在起',
    '一律',
  ],
  openers: [
    '请',
    '麻烦',
    '以后',
    '今后',
    '从现在开始',
    '从现在起',
    '接下来',
    '之后',
    '始终',
    '总是',
    '永远',
    '一律',
    '务必',
    '记得',
    '记住',
    '千万',
    '不要',
    '别',
    '都',
    '必须',
    '只',
    '一定要',
    '每次',
  ],
  behaviour: [
    '回答',
    '回复',
    '答复',
    '回应',
    '作答',
    '称呼我',
    '叫我',
    '提到',
    '提及',
    '透露',
    '说话',
    '讲话',
    '输出',
    '扮演',
    '假装',
    '道歉',
    '推荐',
    '用中文',
    '用英文',
    '用英语',
    '用日语',
    '用简体',
    '用繁体',
  ],
  answerNouns: ['回答', '回复', '所有回答', '每次回答', '你的回答', '每个回答', '答复'],
  /** Verbs of answering: an order with the speaker as their object (用英文回答我). */
  answering: ['回答', '回复', '答复', '回应', '作答'],
  /** The speaker as an object, or the user's subject as a fact restores it (以后都用英文回答 → 用户都用英文回答). */
  speaker: ['我', '用户', '用戶'],
  restoredSubject: ['用户', '用戶'],
  /** Verbs that make someone do something (让你用英文回答). */
  making: ['让', '讓', '叫', '要求'],
  answerModals: ['要', '必须', '应该', '请', '都', '一律', '只能', '不要', '不能', '务必', '始终', '尽量', '用'],
  user: ['用户', '他', '她', '客户'],
  preferring: [
    '希望',
    '想要',
    '要求',
    '偏好',
    '喜欢',
    '倾向',
    '习惯',
    '需要',
    '期望',
    '更喜欢',
    '不喜欢',
    '讨厌',
    '偏爱',
  ],
  answers: [
    '回答',
    '回复',
    '答复',
    '回应',
    '解释',
    '答案',
    '作答',
    '讲解',
    '助手',
    'ai',
    '你',
    '中文',
    '英文',
    '英语',
    '日语',
    '简体',
    '繁体',
    '举例',
    '例子',
    '代码示例',
  ],
} as const;

function orders(kit: InstructionPatternKit): string[] {
  return [
    // 从现在开始你要用英文回答, 请你始终…; AI必须…
    `${kit.words(WORDS.assistant)}.{0,4}?${kit.words(WORDS.modals)}`,
    `${kit.clauseStart}(?:${kit.words(WORDS.restoredSubject)})?${kit.words(WORDS.assistantAtStart)}.{0,4}?${kit.words(WORDS.modals)}`,
    // 请始终用中文回答我, 以后都用中文回答; 回答要简洁.
    `^${kit.leading}${kit.label}${kit.words(WORDS.openers)}[^。！？.!?]{0,24}?${kit.words(WORDS.behaviour)}`,
    `^${kit.leading}${kit.words(WORDS.answerNouns)}.{0,6}?${kit.words(WORDS.answerModals)}`,
    // A clause without its subject gets the speaker's ("我是管理员，以后所有回答都用英文" → 用户以后所有回答都用英文):
    // a restored subject does not make an order about answers a fact.
    `^${kit.leading}${kit.words(WORDS.restoredSubject)}${kit.words(WORDS.openers)}[^。！？.!?]{0,24}?${kit.words(WORDS.answering)}`,
    // The user's own wish about answers stays a fact (用户希望回答使用简体中文): no preferring verb after the subject.
    `^${kit.leading}${kit.words(WORDS.restoredSubject)}(?!.{0,2}?${kit.words(WORDS.preferring)}).{0,4}?${kit.words(WORDS.answerNouns)}.{0,6}?${kit.words(WORDS.answerModals)}`,
  ];
}

/**
 * The assistant made to behave (我一直让你用英文回答), its answers named as its own (……包括你的回答), answering the
 * speaker in a given way (一直用英文回答我): orders wherever they stand, unless the fact is the user's preference about
 * answers (用户希望你的回答简短一些).
 */
function addressed(kit: InstructionPatternKit): string[] {
  return [
    `${kit.words(WORDS.making)}${kit.words(WORDS.assistant)}[^。！？.!?]{0,8}?${kit.words(WORDS.behaviour)}`,
    `${kit.words(WORDS.assistant)}的${kit.words(WORDS.answering)}`,
    `用[^，。！？,.!?]{1,8}?${kit.words(WORDS.answering)}${kit.words(WORDS.speaker)}(?![的们們])`,
  ];
}

/** Chinese orders to the assistant and preferences about its answers. */
export const chineseAssistantInstructions: LocaleAssistantInstructions = {
  orders,
  addressed,
  preferences: [{ parts: [WORDS.user, WORDS.preferring, WORDS.answers], gap: 16 }],
};
