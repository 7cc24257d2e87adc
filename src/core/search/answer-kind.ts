/** The kind of answer a question's question word asks for, when it names one. */
export type AnswerKind = 'time' | 'frequency' | 'quantity';

/**
 * The question words that ask for each kind, tried in this order ("how often" before "how many"/"多久"). English
 * "when" counts as a question word at the start of the message or before an auxiliary ("when did", "so when is"),
 * not as a conjunction ("I burn the food when I cook").
 */
const ASKS: ReadonlyArray<readonly [AnswerKind, RegExp]> = [
  ['frequency', /\bhow often\b|多久一次|多常|多频繁|多頻繁|どのくらいの頻度|どれくらいの頻度|何回/iu],
  [
    'time',
    /^\W*when\b|\bwhen (?:did|was|is|were|will|would|does|do|are|has|have|had)\b|\bwhat (?:date|day|month|year|time)\b|\bhow long ago\b|什么时候|什麼時候|何时|何時|哪天|哪一天|几月|幾月|几号|幾號|哪年|哪一年|いつ|何月|何日|何年|何曜日/iu,
  ],
  [
    'quantity',
    /\bhow (?:many|much|long|old|far)\b|多少|[几幾][个個位次天年岁歲只本口]|多久|多长|多長|多大|いくつ|いくら|何人|何個|何歳|どのくらい|どれくらい/iu,
  ],
];

const MONTHS_AND_DAYS =
  'january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday';
/** What says when, how often or how much, per kind: relative and calendar words, and numbers. */
const SAYS: Readonly<Record<AnswerKind, RegExp>> = {
  time: new RegExp(
    `\\b(?:yesterday|today|tonight|tomorrow|ago|last|next|weekend|recently|earlier|since|just|this (?:morning|week|month|year)|${MONTHS_AND_DAYS}|\\d{4})\\b|\\d{1,2}/\\d{1,2}|[昨今明前后後去上下]天|[上下这這本][个個]?(?:星期|周|週|月)|[去今明前]年|星期[一二三四五六日天]|周[一二三四五六日末]|\\d+\\s*[年月日号號]|[一二三四五六七八九十]+月|刚才|剛才|刚刚|剛剛|最近|之前|以前|那天|昨日|今日|明日|先週|先月|来週|来月|[月火水木金土日]曜|この前|さっき|週末`,
    'iu',
  ),
  frequency:
    /\b(?:every|each|once|twice|times|daily|weekly|monthly|yearly|always|usually|often|sometimes|rarely|never)\b|每|经常|經常|总是|總是|常常|[一两兩三四五六七八九十几幾]次|毎|いつも|よく|たまに|[一二三四五六七八九十\d]+回/iu,
  quantity:
    /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|dozen|few|couple|several)\b|[一二两兩三四五六七八九十百千万萬]/iu,
};

/** Only the head of a long text is read. */
const HEAD = 4000;

/**
 * What a message asks for, when its question word names a kind of answer: "When did you adopt Max?" asks for a time,
 * "How often do you run?" for a frequency, "How many cats?" for a quantity; null for any other message.
 */
export function askedAnswerKind(message: string): AnswerKind | null {
  const head = message.slice(0, HEAD);
  for (const [kind, asks] of ASKS) if (asks.test(head)) return kind;
  return null;
}

/** Whether a text says the kind of thing asked for: a time ("last Friday", "昨天", "先週"), a frequency, a number. */
export function saysAnswerKind(text: string, kind: AnswerKind): boolean {
  return SAYS[kind].test(text.slice(0, HEAD));
}
