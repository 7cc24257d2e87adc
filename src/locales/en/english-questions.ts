import type { LocaleQuestions } from '../locale-pack.js';

/** English closing pleasantries (asking them is politeness, and the reply to one is no answer to remember), and the start of an answer to the question before it. */
export const englishQuestions: LocaleQuestions = {
  pleasantries: [
    /\banything else\b/,
    /\b(?:any|other|more|further|additional) (?:other |more |further )?questions\b/,
    /^(?:does|did|do|would|will|is) (?:that|this|it|all this|all that) (?:help|make sense|answer|work for you|clarify|clear)/,
    /^(?:make|makes|sound|sounds) (?:sense|good|ok|okay)$/,
    /^(?:ok|okay|alright|all good|clear|good|right)$/,
    /^(?:how|what) (?:else )?(?:can|could|may|shall) i (?:help|do|assist)/,
    /^(?:is there|was there) (?:something|anything) (?:i|we) (?:can|could) (?:help|do|assist)/,
    /^(?:need|want|would you like|do you want|do you need) (?:any )?(?:more|further|other|additional) (?:help|assistance)/,
    /\b(?:let me know|feel free)\b/,
    /^(?:hope|hopefully) (?:that|this|it) helps/,
  ],
  selfAnswer:
    /^(?:because|that's because|this is because|it's because|this happens because|the reason|the answer|the short answer|short answer|simple|simply put|answer:|well,|turns out|it turns out)/i,
};
