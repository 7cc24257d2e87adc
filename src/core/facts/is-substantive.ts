import { foldToWords } from '../language/fold-text.js';
import { CJK_LETTER } from '../text/scripts.js';

// Comma-separated regular expressions: one word or phrase each.
function phrases(list: string): string[] {
  return list
    .split(',')
    .map((phrase) => phrase.trim())
    .filter((phrase) => phrase !== '');
}

// Words and phrases of small talk and acknowledgement in space-separated languages (matched as whole words);
// w+ is Japanese laughter (ｗｗｗ after NFKC).
const LATIN_SMALL_TALK = phrases(`
  hi+, hello+, hey+, yo, hiya, howdy, greetings, good (?:morning|afternoon|evening|night|day), thanks?,
  thank (?:you|u), thx, thnx, tysm, ty, tks, cheers, in advance, (?:much )?appreciated?, ok(?:ay)?,
  okie(?: dokie)?, k+, sure(?: thing)?, for sure, yes+, yeah, yep, yup, ya, no+, nope, nah, cool, great, nice,
  awesome, perfect, excellent, wonderful, amazing, brilliant, neat, sweet, fine, good, great job, good job,
  well done, love it, lol+, lmao, rofl, (?:ha)+h?, (?:he)+h?, xd, omg, wow, oh+, ah+, hm+, um+, uh+, got it,
  gotcha, understood, i see, makes? sense, sounds? good, that works, it works, will do, no problem, np,
  no worries, you too, you're welcome, welcome, bye, goodbye, see (?:you|ya), cya, later, right, alright,
  all right, of course, indeed, exactly, agreed, true, how are you(?: doing)?(?: today)?, how's it going,
  what's up, sup, hope (?:you're|you are|youre) (?:doing )?(?:well|good|great|fine), hope all is well,
  have a (?:nice|good|great) (?:day|one|weekend), again, so much, very much, a lot, for (?:the|your) help,
  for that, man, mate, buddy, dude, bro, guys, all, everyone, there, and, so, then, too, please, pls, w+,
`);

// The same in Chinese and Japanese, matched without word boundaries.
const CJK_SMALL_TALK = phrases(`
  你好, 您好, 嗨, 哈喽, 哈囉, 早上好, 早安, 午安, 晚安, 晚上好, 大家好, 谢谢(?:你|您|啦|了)?, 謝謝(?:你|您|啦|了)?, 多谢, 多謝, 感谢, 感謝, 感恩, 好的, 好滴, 好嘞,
  好吧, 好啊, 好呀, 好, 嗯+, 哦+, 噢, 喔, 行吧, 行, 可以, 收到, 明白了?, 了解, 知道了, 懂了, 没问题, 沒問題, 不客气, 不客氣, 辛苦了?, 太棒了, 真棒, 很棒, 棒, 厉害, 厲害,
  哈+, 呵呵, 嘿嘿, 拜拜, 再见, 再見, 是的, 对的, 對的, 对, 對, 没错, 沒錯, 是, こんにちは, こんばんは, おはよう(?:ございます)?, ありがとう(?:ございます|ございました)?, どうも,
  サンキュー, はい, うん, ええ, 了解(?:です|しました)?, りょうかい, わかりました, 分かりました, 承知(?:しました|いたしました), なるほど, いいね, いいですね, すごい(?:です)?,
  素晴らしい, 完璧, よろしく(?:お願いします|お願いいたします)?, お願いします, お疲れ(?:様|さま)(?:です|でした)?, さようなら, またね, じゃあね, 笑, 草,
`);

const bySpecificity = (left: string, right: string) => right.length - left.length;
const SMALL_TALK_HEAD = new RegExp(
  `^(?:${[...CJK_SMALL_TALK].sort(bySpecificity).join('|')}|(?:${[...LATIN_SMALL_TALK].sort(bySpecificity).join('|')})(?![\\p{L}\\p{N}']))\\s*`,
  'u',
);
// Small talk is short: past this many characters a message is taken as content without further checks.
const LONGEST_SMALL_TALK = 160;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/**
 * False for small talk and acknowledgements that carry no durable information ("thanks!", "ok", "👍", "好的",
 * "ありがとう"), for blank text and for very short text; true for anything with content.
 */
export function isSubstantive(userText: string): boolean {
  const text = userText.trim();
  if (text.length > LONGEST_SMALL_TALK) return true;
  // Letters and digits only; a CJK character weighs two, as it carries about a word.
  // Counted up to the threshold only, a character at a time (no match object per letter: this runs on every turn).
  let weight = 0;
  for (const char of text) {
    if (!LETTER_OR_DIGIT.test(char)) continue;
    weight += CJK_LETTER.test(char) ? 2 : 1;
    if (weight >= 4) break;
  }
  if (weight < 4) return false;
  let rest = foldToWords(text, { apostrophes: true });
  while (rest !== '') {
    const head = SMALL_TALK_HEAD.exec(rest);
    if (head === null || head[0] === '') return true;
    rest = rest.slice(head[0].length).replace(/^[\s']+/, '');
  }
  return false;
}
