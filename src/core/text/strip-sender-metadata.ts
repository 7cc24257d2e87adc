// Keys that chat bridges put in bracketed tags: sender, sender_id, user id, message-id, reply_to, timestamp…
const KEY =
  '(?:sender|from|user|author|nick|nickname|display|chat|channel|group|guild|server|thread|room|conversation|session|message|msg|reply[ _-]?to|platform|source|via|username|timestamp|time|date|ts|uid|id)(?:[ _.-]?(?:id|ids|name|type))?';
const TAG = new RegExp(`[\\[【]\\s*${KEY}\\s*[:：=]\\s*[^\\]】\\n]{0,200}[\\]】]`, 'iy');
// [2026-01-02 10:03], [2026-01-01T10:00:00Z], [10:03], [10:03:22 PM]
const DATE_TIME_TAG =
  /[[【]\s*(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?|\d{1,2}:\d{2}(?::\d{2})?)\s*(?:[AaPp][Mm]|Z|UTC|GMT|[+-]\d{2}:?\d{2})?\s*[\]】]/y;
// Discord <@123>, <@!123>, <@&role>, <#channel>; Slack <@U024BE7LH>, <@U024BE7LH|alice>, <!here>
const MENTION = /<(?:[@#][!&]?[A-Za-z0-9_]+(?:\|[^>\n]{0,80})?|!(?:here|channel|everyone)(?:\|[^>\n]{0,80})?)>/y;
// "Alice (id 123):", "Bob Smith (user_id: 42):", "carol (@carol_dev):". A bare number in brackets may be a ticket.
const HEADER =
  /[\p{L}\p{N}][\p{L}\p{N}_.' -]{0,39}\s*[(（]\s*(?:(?:id|uid|user[ _-]?id|sender[ _-]?id)(?:\s*[:：=#]\s*|\s+)[\w-]{1,40}|@[\w.-]{1,40})\s*[)）]\s*[:：]/iuy;
// What may separate metadata from the message: white space, and on the same line one colon, comma, bar or dash.
const GAP = /\s*/y;
const SEPARATOR = /[ \t]*(?:[:：,，|]|[-–—](?=[ \t]))?\s*/y;

/**
 * Removes the metadata that chat bridges put before a message: bracketed key/value tags (`[sender_id: 12345]`,
 * `[user_id=42]`), bracketed timestamps, Discord/Slack mentions and a `Name (id 123):` header, several in a row.
 * Only the start of the text is stripped: a bracket or mention later on is content, and so is a per-line header
 * (a pasted log or chat transcript keeps its `[10:03]` and `Alice (id 1):` lines). A bracket that is no metadata,
 * such as `[WIP]`, stays. Returns the rest verbatim, or the text unchanged when it starts with no metadata.
 */
export function stripSenderMetadata(text: string): string {
  let position = 0;
  let stripped = false;
  for (;;) {
    GAP.lastIndex = position;
    GAP.exec(text);
    const start = GAP.lastIndex;
    const end = matchEnd(TAG, text, start) ?? matchEnd(DATE_TIME_TAG, text, start) ?? matchEnd(MENTION, text, start);
    const headerEnd = end === undefined ? matchEnd(HEADER, text, start) : undefined;
    const next = end ?? headerEnd;
    if (next === undefined) break;
    position = next;
    stripped = true;
    if (headerEnd !== undefined) break; // a header closes the metadata: what follows its colon is the message
  }
  if (!stripped) return text;
  SEPARATOR.lastIndex = position;
  SEPARATOR.exec(text);
  return text.slice(SEPARATOR.lastIndex);
}

function matchEnd(pattern: RegExp, text: string, start: number): number | undefined {
  pattern.lastIndex = start;
  return pattern.test(text) ? pattern.lastIndex : undefined;
}
