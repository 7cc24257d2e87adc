/** Only the head of a long text is read: a turn's question, if any, is near its start or its end within it. */
const HEAD = 4000;
const LETTER = /[\p{L}\p{N}]/u;
const SENTENCE_END = /[.!?。！？\n]/u;
const CLAUSE_END = /[,，;；:：、]/u;
const QUESTION_END = /[?？]/u;

/**
 * The share of a text's letters and digits that ask: those of the last clause of each sentence ending with a question
 * mark (in "I burn the food when I cook, any tips?" only "any tips" asks; run-on sentences, common in Chinese, state
 * before they ask). 1 for "What inspired it?", 0.5 or so for "Wow, that looks amazing! What inspired it?", 0 for a
 * statement. Linear in the text's head.
 */
export function questionShare(text: string): number {
  let letters = 0;
  let asked = 0;
  let clause = 0;
  for (const character of text.length > HEAD ? text.slice(0, HEAD) : text) {
    if (LETTER.test(character)) {
      letters += 1;
      clause += 1;
    } else if (SENTENCE_END.test(character)) {
      if (QUESTION_END.test(character)) asked += clause;
      clause = 0;
    } else if (CLAUSE_END.test(character)) {
      clause = 0;
    }
  }
  return letters === 0 ? 0 : asked / letters;
}
