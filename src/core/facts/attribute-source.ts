import type { MemorySource } from '../../spec/memory-source.js';
import { contentShingles } from '../search/fact-similarity.js';

/** The most of each text compared: the fact's words are looked for in the exchange's heads. */
const LONGEST_TEXT = 20_000;

/**
 * Whose words an extracted fact carries: the user's message or the assistant's reply (which may quote a tool or a
 * web page). By content overlap: the share of the fact's content words (stemmed, CJK bigrams) found in each
 * text. The user wins a tie, and any fact mostly found in the user's message: a reply often repeats what the user
 * said, and the user's own words are what memory is for. With `ownWords` (a conversation others take part in, where
 * the reply and what the extractor was shown may carry another participant's words), a fact is the user's only when
 * most of its words are in the user's own message.
 */
export function attributeSource(
  fact: string,
  exchange: { user: string; reply: string },
  options?: { ownWords?: boolean },
): MemorySource {
  const words = contentShingles(fact);
  if (words.size === 0) return options?.ownWords ? 'reply' : 'user';
  const user = contentShingles(exchange.user.slice(0, LONGEST_TEXT));
  const reply = contentShingles(exchange.reply.slice(0, LONGEST_TEXT));
  let inUser = 0;
  let inReply = 0;
  for (const word of words) {
    if (user.has(word)) inUser += 1;
    if (reply.has(word)) inReply += 1;
  }
  if (options?.ownWords) return inUser * 2 >= words.size ? 'user' : 'reply';
  return inUser >= inReply || inUser * 2 >= words.size ? 'user' : 'reply';
}
