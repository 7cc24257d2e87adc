import type { LocaleQuestions } from '../locale-pack.js';

/** Japanese closing pleasantries, and the start of an answer to the question before it. */
export const japaneseQuestions: LocaleQuestions = {
  pleasantries: [
    /(?:他|ほか)に(?:何か|なにか|ご質問|質問|ご不明|気になる)/,
    /ご?不明な(?:点|所|ところ)/,
    /(?:何か|なにか)(?:ご)?(?:質問|お手伝い|お困り)/,
    /お役に立て/,
    /^(?:これで|こちらで|以上で)?(?:いかが|どう)(?:でしょうか|ですか)$/,
  ],
  selfAnswer: /^(?:なぜなら|理由は|答えは|実は)/i,
};
