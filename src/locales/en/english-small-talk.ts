import type { LocaleSmallTalk } from '../locale-pack.js';
import { phraseList } from '../phrase-list.js';

/** English small talk and acknowledgement, matched as whole words; w+ is Japanese laughter (ｗｗｗ after NFKC). */
export const englishSmallTalk: LocaleSmallTalk = {
  phrases: phraseList(`
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
`),
  wholeWords: true,
};
