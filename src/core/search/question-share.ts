/** Only the head of a long text is read: a turn's question, if any, is near its start or its end within it. */
const HEAD = 4000;

enum Kind {
  Counted,
  Blank,
  ClauseEnd,
  QuestionEnd,
}

/** What a UTF-16 code unit is to a sentence: an end (of a question, of a clause or statement), a blank, or counted. */
function kindOf(unit: number): Kind {
  switch (unit) {
    case 0x3f: // ?
    case 0xff1f: // ？
      return Kind.QuestionEnd;
    case 0x2e: // .
    case 0x21: // !
    case 0x0a: // line break
    case 0x3002: // 。
    case 0xff01: // ！
    case 0x2c: // ,
    case 0xff0c: // ，
    case 0x3b: // ;
    case 0xff1b: // ；
    case 0x3a: // :
    case 0xff1a: // ：
    case 0x3001: // 、
      return Kind.ClauseEnd;
    case 0x20:
    case 0x09:
    case 0x0d:
    case 0x3000: // ideographic space
    case 0x22: // "
    case 0x27: // '
    case 0x201c: // “
    case 0x201d: // ”
    case 0x28: // (
    case 0x29: // )
      return Kind.Blank;
    default:
      return Kind.Counted;
  }
}

/**
 * The share of a text that asks: the characters of the last clause of each sentence ending with a question mark (in
 * "I burn the food when I cook, any tips?" only "any tips" asks; run-on sentences, common in Chinese, state before
 * they ask), over all its characters but blanks and punctuation. 1 for "What inspired it?", 0.5 or so for "Wow, that
 * looks amazing! What inspired it?", 0 for a statement. One pass over the text's head, code unit by code unit: it
 * runs on the hot path, for each turn candidate.
 */
export function questionShare(text: string): number {
  const end = Math.min(text.length, HEAD);
  let counted = 0;
  let asked = 0;
  let clause = 0;
  for (let index = 0; index < end; index += 1) {
    const kind = kindOf(text.charCodeAt(index));
    if (kind === Kind.Counted) {
      counted += 1;
      clause += 1;
    } else if (kind === Kind.QuestionEnd) {
      asked += clause;
      clause = 0;
    } else if (kind === Kind.ClauseEnd) {
      clause = 0;
    }
  }
  return counted === 0 ? 0 : asked / counted;
}
