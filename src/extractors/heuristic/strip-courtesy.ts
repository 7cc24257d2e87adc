// Greetings, thanks and laughter that open or close a sentence without adding to it.
const LATIN =
  '(?:hi+|hello+|hey+|hiya|howdy|good (?:morning|afternoon|evening)|(?:hi|hello|hey) (?:there|all|everyone|team)|dear \\w+|thanks?(?: (?:a lot|so much|very much|in advance|again))?(?: for (?:the|your) help)?|thank (?:you|u)(?: (?:so much|very much|in advance|again))?(?: for (?:the|your) help)?|thx|ty|tysm|cheers|much appreciated|lol|haha+|hehe+|lmao|bye)';
// Only thanks and laughter close a sentence: "…say hi" keeps its "hi".
const LATIN_CLOSING =
  '(?:thanks?(?: (?:a lot|so much|very much|in advance|again))?(?: for (?:the|your) help)?|thank (?:you|u)(?: (?:so much|very much|in advance|again))?(?: for (?:the|your) help)?|thx|ty|tysm|cheers|much appreciated|lol|haha+|hehe+|lmao)';
const CJK =
  '(?:你好|您好|嗨|哈喽|哈囉|大家好|谢谢(?:你|您|啦|了)?|謝謝(?:你|您|啦|了)?|多谢|多謝|感谢|感謝|哈哈+|呵呵|嘿嘿|拜拜|こんにちは|こんばんは|おはようございます|お疲れ(?:様|さま)です|ありがとう(?:ございます)?|よろしく(?:お願いします|お願いいたします)|笑)';
const PUNCTUATION = '[\\s,，、.!！。~～]';
// "Hello world" is content: a Latin greeting opens a sentence only before punctuation, or when it is a bare hi/hey.
const LEADING = new RegExp(
  `^(?:${CJK}${PUNCTUATION}*|${LATIN}(?:${PUNCTUATION.replace('\\s', '')}+\\s*|$)|(?:hi+|hey+|hiya|howdy)\\s+)`,
  'iu',
);
const TRAILING = new RegExp(`(?:^|${PUNCTUATION}+)(?:${LATIN_CLOSING}|${CJK})${PUNCTUATION}*$`, 'iu');
// Emoji and pictographs at either end, which carry no content here.
const DECORATION_CHARACTER = '(?:\\p{Extended_Pictographic}|\\p{Emoji_Modifier}|\\u200d|\\ufe0f|\\s)';
const LEADING_DECORATION = new RegExp(`^${DECORATION_CHARACTER}+`, 'u');
const TRAILING_DECORATION = new RegExp(`${DECORATION_CHARACTER}+$`, 'u');
// Longer than any closing courtesy with its punctuation.
const TAIL = 80;

/**
 * A sentence without the greetings it opens with and the thanks it closes with ("Hi, can you help…", "…, thanks!").
 * Returns '' when the sentence was nothing but courtesy.
 */
export function stripCourtesy(sentence: string): string {
  let text = sentence.trim();
  // A few rounds peel "Hi, thanks!" or "🙂 Hey, …"; more would only be repetition.
  for (let round = 0; round < 4; round += 1) {
    const next = stripEnd(text.replace(LEADING_DECORATION, '').replace(LEADING, '')).trim();
    if (next === text) break;
    text = next;
  }
  return text;
}

/** Courtesy at the end is looked for in the tail only: end-anchored patterns cost quadratic time on long text. */
function stripEnd(text: string): string {
  if (text.length <= TAIL) return text.replace(TRAILING_DECORATION, '').replace(TRAILING, '');
  // The tail gets a letter in front, so that `^` in the pattern cannot match in the middle of the text.
  const tailStart = text.length - TAIL;
  const tail = `x${text.slice(tailStart)}`.replace(TRAILING_DECORATION, '').replace(TRAILING, '');
  return text.slice(0, tailStart) + tail.slice(1);
}
