import type { LocaleTask } from '../locale-pack.js';

const JAPANESE =
  /してください|して下さい|てください|て下さい|してほしい|して欲しい|てほしい|て欲しい|したい|たいです|必要|ないで|ないように|お願い|ください|下さい|べき|なければ|ないこと|すること|維持|保持|移行|までに|禁止|必ず|予算|締め切り|期限|てくれ/;

/** Japanese requests, goals and constraints; a question asking for work (直してもらえますか？) unless it asks for an explanation. */
export const japaneseTask: LocaleTask = {
  statements: [JAPANESE],
  requestQuestions: [
    /てくれ(?:ます|ません|る|ない)|てもらえ(?:ます|ません|る|ない)|ていただけ(?:ます|ません)|てください|て下さい|てほしい|て欲しい/,
  ],
  knowledgeQuestion: /説明|教えて|って何|とは/,
};
