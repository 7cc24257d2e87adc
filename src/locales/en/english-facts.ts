import type { LocaleFacts } from '../locale-pack.js';
import { slotForm } from '../slot-form.js';
import { englishDrops } from './english-drops.js';

// Negated, hypothetical, past, partial or conditional statements: any of these words and the fact fills no slot.
const DOUBT_WORDS =
  'not|never|no|no longer|neither|nor|none|without|stopped|quit|hates?|dislikes?|avoids?|except|but|and|or|both|either|also|too|sometimes|occasionally|often|usually|mostly|mainly|partly|part[- ]time|temporarily|for now|at work|at home|on weekends?|weekends|weekdays|side|might|(?<!(?:in|since|of|early|late|mid) )may|could|would|should|will|shall|can|wants?|wanted|wish(?:es)?|hopes?|hoping|plans?|planned|planning|intends?|intending|considering|considers?|thinking|thinks|going to|gonna|trying|tries|tried|evaluating|exploring|experimenting|testing out|trial|if|unless|when|whenever|while|maybe|perhaps|probably|possibly|likely|soon|someday|eventually|later|next|once|used to|previously|formerly|former|lived|was|were|had|until';

const TIME =
  ',?\\s+(?:(?:in|since)\\s+(?:(?:early|late|mid)[\\s-]+)?(?:\\d{4}|(?:january|february|march|april|may|june|july|august|september|october|november|december)(?:\\s+\\d{4})?)|(?:last|this)\\s+(?:year|month|week|spring|summer|autumn|fall|winter)|(?:a\\s+(?:few|couple\\s+of)|\\d+|two|three|four|five|several)\\s+(?:days|weeks|months|years)\\s+ago|an?\\s+(?:day|week|month|year)\\s+ago|recently|now|nowadays|these\\s+days|for\\s+good|permanently)';
const SUBJECT = '^(?<subject>[^,;:]+?)';
const ADVERBS = '(?:\\s+(?:now|currently|recently|just|finally|officially|still))*';
const HAS = '(?:(?:has|have)\\s+)?';
const TOOL_ROLE =
  '(?:package\\s+manager|test\\s+runner|test(?:ing)?\\s+(?:framework|library|tool)|(?:code\\s+|text\\s+)?editor|ide|theme|colou?r\\s+scheme|indentation|quote\\s+style)';
const TOOL_TAIL = `(?:\\s+as\\s+(?:(?:a|an|the|its|their|his|her|our|my|(?:the\\s+)?user's)\\s+)?(?:(?:default|main|primary|preferred|go-to)\\s+)?${TOOL_ROLE}|\\s+for\\s+(?:package\\s+management|managing\\s+(?:packages|dependencies)|dependencies|(?:running\\s+)?tests|testing|editing|coding|indentation|strings|formatting)|\\s+(?:for|in|across)\\s+(?:all\\s+)?(?:the|this|our|its|their|all|every|(?:the\\s+)?user's)\\s+(?:projects?|repos?|repository|repositories|codebases?|apps?)|\\s+(?:everywhere|by\\s+default)|${TIME})*`;
const PLACE_TAIL = `(?:\\s+for\\s+(?:a\\s+)?(?:new\\s+)?(?:job|work)|${TIME})*`;
const JOB_TAIL = `(?:\\s+as\\s+(?:a|an)\\s+(?:[\\p{L}-]+\\s+){0,2}(?:engineer|developer|designer|manager|scientist|analyst|researcher|consultant|architect|intern|lead|director|founder|co-?founder|cto|ceo|programmer|writer|teacher|nurse|doctor|lawyer|accountant|specialist|administrator|officer|sre)|${TIME})*`;
const USE =
  '(?:has\\s+|have\\s+)?decided\\s+(?:to\\s+use|on)|is\\s+using|are\\s+using|(?:has|have)\\s+been\\s+using|uses|use|relies\\s+on|rely\\s+on|(?:has\\s+|have\\s+)?adopted|(?:has\\s+|have\\s+)?standardi[sz]ed\\s+on|(?:has\\s+|have\\s+)?settled\\s+on|went\\s+with|goes\\s+with|chose|picked|(?:runs|writes)\\s+tests\\s+with|tests\\s+with|(?:manages|installs)\\s+(?:packages|dependencies)\\s+with|indents\\s+with|(?:codes|edits\\s+code|writes\\s+code|works)\\s+(?:in|with)';
const PREFER =
  '(?:prefers|prefer|likes|like|loves|love)\\s+(?:using|to\\s+use|working\\s+(?:in|with))|prefers|prefer|likes|like|loves|love|favou?rs|favou?r|is\\s+a\\s+fan\\s+of|(?:has|have)\\s+a\\s+(?:strong\\s+)?preference\\s+for';
const SWITCH =
  '(?:switched|moved|migrated|changed|transitioned|converted|gone)(?:\\s+over)?(?:\\s+(?:the\\s+project|the\\s+codebase|the\\s+repo|its\\s+projects?|their\\s+projects?))?';

const RELATIONS =
  'sister|brother|wife|husband|partner|girlfriend|boyfriend|mother|mom|mum|father|dad|son|daughter|friend|colleague|coworker|co-worker|manager|boss|co-?founder|roommate|parents|team|project|company';

// Capitalised words, with a few lower-case particles inside ("Frankfurt am Main", "Bank of America").
const PROPER_NAME =
  /^(?:[Tt]he\s+)?\p{Ll}?[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'.&-]*(?:\s+(?:(?:de|da|do|del|della|di|du|la|le|am|an|im|upon|on|sur|of|&)\s+)*\p{Ll}?[\p{Lu}\p{N}][\p{L}\p{M}\p{N}'.&-]*)*(?:,\s*\p{Lu}[\p{L}\p{M}'.-]*(?:\s+\p{Lu}[\p{L}\p{M}'.-]*)*)?$/u;

/** English forms of the slots, doubt words and subjects. */
export const englishFacts: LocaleFacts = {
  slotForms: {
    tool: [
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+(?:${USE})\\s+(?<value>.+?)\\s+(?:instead\\s+of|rather\\s+than)\\s+(?<from>.+?)${TOOL_TAIL}$`,
      ),
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+(?:${PREFER})\\s+(?<value>.+?)\\s+(?:over|to|rather\\s+than|instead\\s+of)\\s+(?<other>.+?)${TOOL_TAIL}$`,
        'preference',
      ),
      slotForm(`${SUBJECT}${ADVERBS}\\s+(?:${USE})\\s+(?<value>.+?)${TOOL_TAIL}$`),
      slotForm(`${SUBJECT}${ADVERBS}\\s+(?:${PREFER})\\s+(?<value>.+?)${TOOL_TAIL}$`, 'preference'),
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+${HAS}${SWITCH}(?:\\s+from\\s+(?<from>.+?))?\\s+to\\s+(?<value>.+?)${TOOL_TAIL}$`,
      ),
      slotForm(`${SUBJECT}${ADVERBS}\\s+${HAS}replaced\\s+(?<from>.+?)\\s+with\\s+(?<value>.+?)${TOOL_TAIL}$`),
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+${HAS}(?:swapped|traded)\\s+(?<from>.+?)\\s+(?:for|with|out\\s+for)\\s+(?<value>.+?)${TOOL_TAIL}$`,
      ),
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+${HAS}(?:dropped|ditched)\\s+(?<from>.+?)\\s+(?:for|in\\s+favou?r\\s+of)\\s+(?<value>.+?)${TOOL_TAIL}$`,
      ),
      slotForm(
        `${SUBJECT}'s\\s+(?:(?:default|main|primary)\\s+)?${TOOL_ROLE}\\s+is(?:\\s+now)?\\s+(?<value>.+?)(?:${TIME})*$`,
      ),
      slotForm(
        `${SUBJECT}'s\\s+(?:preferred|favou?rite)\\s+${TOOL_ROLE}\\s+is(?:\\s+now)?\\s+(?<value>.+?)(?:${TIME})*$`,
        'preference',
      ),
    ],
    residence: [
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+(?:lives|live|resides|reside|(?:is|are|has\\s+been|have\\s+been)(?:\\s+(?:now|currently|still))?\\s+(?:living|based|residing))\\s+(?:in|at)\\s+(?<value>.+?)${PLACE_TAIL}$`,
      ),
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+${HAS}(?:just\\s+|recently\\s+)?(?:moved|relocated)(?:\\s+back)?(?:\\s+from\\s+(?<from>.+?))?\\s+to\\s+(?<value>.+?)${PLACE_TAIL}$`,
        'state',
        true,
      ),
    ],
    employer: [
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+(?:works|work|(?:is|are|has\\s+been|have\\s+been)(?:\\s+(?:now|currently|still))?\\s+working|(?:is|are)(?:\\s+(?:now|currently))?\\s+employed)\\s+(?:at|for|by)\\s+(?<value>.+?)${JOB_TAIL}$`,
      ),
      slotForm(
        `${SUBJECT}${ADVERBS}\\s+${HAS}(?:joined|started\\s+(?:working\\s+)?(?:at|for)|(?:started|got|took|landed|accepted)\\s+(?:a\\s+)?(?:new\\s+)?(?:job|position|role)\\s+(?:at|with))\\s+(?<value>.+?)${JOB_TAIL}$`,
        'state',
        true,
      ),
    ],
  },
  doubt: new RegExp(`(?<![\\p{L}\\p{N}'])(?:${DOUBT_WORDS})(?![\\p{L}\\p{N}])|n't(?!\\p{L})`, 'iu'),
  self: /^(?:i|we|(?:the\s+)?user|(?:the|our|my|(?:the\s+)?user's)\s+(?:team|project|codebase|repo|repository|app))$/iu,
  // Case matters here: a name is capitalised, and "The"/"User" may start a sentence.
  named: new RegExp(
    `^(?:[Tt]he\\s+)?(?:(?:[Uu]ser|\\p{Lu}[\\p{L}\\p{M}-]*)'s\\s+(?:${RELATIONS})|\\p{Lu}[\\p{L}\\p{M}-]*(?:\\s+\\p{Lu}[\\p{L}\\p{M}-]*)?)$`,
    'u',
  ),
  notNamed: /^(?:he|she|they|it|this|that|someone|everyone|people|users|his|her|their)$/iu,
  properName: PROPER_NAME,
  slotCues: { residence: 'lives live living based resides moved relocated', employer: 'works working employed joined' },
  toolSpellings: {
    indentation: { tabs: ['tabs', 'tab indentation'], spaces: ['spaces', 'space indentation'] },
    quotes: { single: ['single quotes'], double: ['double quotes'] },
    'color-scheme': { dark: ['dark mode', 'dark theme'], light: ['light mode', 'light theme'] },
  },
  leadingArticle: /^the\s+/u,
  toolValuePrefix: /^(?:using|to use)\s+/u,
  clauseOpener:
    /(?:update|also|actually|honestly|frankly|btw|by the way|so|and|but|well|ok|okay|oh|anyway|anyways|fyi|heads up|news|quick update)\s*[,:：!-]?\s+/iu,
  qualifyingClause:
    /(?<![\p{L}])(?:if|unless|when|whenever|maybe|perhaps|might|may|could|would|sometimes|occasionally|on weekends?|at work|at home|for now|only|except)(?![\p{L}])/iu,
  drops: englishDrops,
  possessor: (subject) => /^(.+?)'s\s+[\p{L}\p{M}-]+$/u.exec(subject)?.[1] ?? null,
};
