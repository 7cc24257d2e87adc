import type { InstructionPatternKit, LocaleAssistantInstructions } from '../memory-gate-words.js';

// How a Japanese text tells the assistant how to behave (あなたは常に英語で答えてください, 今後は必ず英語で答えてください),
// and how a fact states the user's own preference about answers instead (ユーザーは日本語での回答を希望している).

const WORDS = {
  assistant: ['あなた', '君', 'お前', 'アシスタント', 'ai'],
  modals: [
    '必ず',
    '常に',
    '絶対',
    'べき',
    'なければ',
    'ないでください',
    'てください',
    'なさい',
    'ること',
    'ように',
    'しろ',
    'するな',
    'いつも',
  ],
  behaviour: [
    '答え',
    '回答',
    '返答',
    '返信',
    '話し',
    '話す',
    '言わ',
    '言っ',
    '触れ',
    '明かし',
    '教え',
    '呼ん',
    '呼ぶ',
    '振る舞',
    '演じ',
    '出力',
    '謝',
    '勧め',
  ],
  requests: [
    'てください',
    'て下さい',
    'なさい',
    'ること',
    'するように',
    'ように',
    'しろ',
    'しないで',
    'ないで',
    'てね',
    'こと',
  ],
  /**
   * Answering, then a verb of receiving a favour (英語で答えてもらっています): the user has someone answer them, and in a
   * conversation with the assistant that someone is the assistant.
   */
  answeredFor: ['答えて', '回答して', '返答して', '返信して', '返事して'],
  receiving: ['もら', 'いただ', '頂'],
  /** The assistant addressed as "you", and its answers named as its own (あなたの回答). */
  addressee: ['あなた', '君', 'お前'],
  ownAnswers: ['回答', '返答', '返信', '答え'],
  answering: ['答える', '回答する', '返答する', '返信する', '返事する'],
  /** A fact that starts with one of these is about the user or their team, never an order. */
  user: ['ユーザー', '利用者', '私', '弊社', 'チーム', '僕', 'うち', '彼', '彼女', 'お客様'],
  answers: ['回答', '返答', '返信', '答え', '説明', '出力', '言語', '日本語', '英語', '中国語', 'アシスタント', 'ai'],
  preferring: ['希望', '好む', '好み', '好き', '望ん', '望む', 'ほしい', '欲しい', '求め', '期待'],
} as const;

function orders(kit: InstructionPatternKit): string[] {
  // あなたは常に英語で答えてください; Japanese opens an order on a clause as well: 今後、あなたは….
  return [`${kit.clauseStart}${kit.words(WORDS.assistant)}[^。！？]{0,12}?${kit.words(WORDS.modals)}`];
}

/**
 * Answering received as a favour (英語で答えてもらっています: in a conversation with the assistant, the assistant
 * answers), the assistant's answers named as its own (あなたの回答), a mode of answering (英語だけで答えるモード):
 * orders wherever they stand, unless the fact is the user's preference about answers (英語で答えてもらうのが好き).
 */
function addressed(kit: InstructionPatternKit): string[] {
  return [
    `${kit.words(WORDS.answeredFor)}${kit.words(WORDS.receiving)}`,
    `${kit.words(WORDS.addressee)}の${kit.words(WORDS.ownAnswers)}`,
    `${kit.words(WORDS.answering)}モード`,
  ];
}

/** 今後は必ず英語で答えてください: a request ending after a speaking verb, unless the user is the subject. */
function requests(kit: InstructionPatternKit): { request: string; userStart: string } {
  return {
    request: `${kit.words(WORDS.behaviour)}[^。！？]{0,8}?${kit.words(WORDS.requests)}`,
    userStart: `^${kit.leading}${kit.words(WORDS.user)}`,
  };
}

/** Japanese orders to the assistant and preferences about its answers. */
export const japaneseAssistantInstructions: LocaleAssistantInstructions = {
  orders,
  addressed,
  requests,
  preferences: [{ parts: [WORDS.user, WORDS.answers, WORDS.preferring], gap: 16 }],
};
