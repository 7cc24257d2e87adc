import type { FactKind } from '../locale-extraction.js';
import { ENGLISH_CONDITIONS, ENGLISH_PERSONAL, ENGLISH_PETS, ENGLISH_RELATIVES } from './english-fact-words.js';

// Who a durable English statement is about: the user, their team, their project.
const SUBJECT =
  '(?:i|we|my|our|the (?:project|app|application|repo|repository|codebase|code|service|api|site|website|backend|frontend|server|team|company|product|bot|build|ci|database|db|stack)|this (?:project|app|repo|codebase|service))';
const PROJECT_NOUN =
  '(?:stack|tech stack|backend|frontend|database|db|server|servers|os|operating system|runtime|ci|infra|infrastructure|project|app|application|repo|repository|codebase|code|api|service|site|website|team|company|editor|ide|machine|laptop|setup|environment|monorepo|product|platform|cluster|bot|language|framework|package manager|shell|terminal)';
// What a rule constrains: "must support IE11", "can't use Docker". Not "I have to go", "I need to fix this".
const CONSTRAINED_VERBS =
  'use|install|upgrade|change|touch|modify|add|deploy|access|share|expose|depend|rely|exceed|spend|run|ship|store|send|commit|push|open|switch|migrate|break|drop|remove|delete|be|stay|remain|support|work|keep|target|comply|pass|follow|avoid|fit|handle|build|compile|respond|return|cost|load|scale|include|contain|call|write|go through';
const MODAL =
  "(?:must|mustn't|must not|has to|have to|needs to|is not allowed to|isn't allowed to|are not allowed to|aren't allowed to|may not|should|shouldn't|should not|can only|can't|cannot|can not)";
const CONSTRAINT = `${MODAL}(?: (?:always|never|only|not|also|still|ever))? (?:${CONSTRAINED_VERBS})\\b`;

// English and Chinese.
const ADVERB = '(?: (?:also|still|currently|usually|mostly|mainly|always|just|now|only|actually))*';
const DAY =
  '(?:day|morning|evening|night|week|weekend|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|christmas|easter|thanksgiving|summer|winter|spring|autumn|fall|holiday)s?';

/**
 * English statements of durable facts, run on case-folded text and anchored at the subject: preferences, decisions,
 * constraints and environments, then what people say about their lives (residence, work, family and pets, identity
 * and health, schedules, goals, changes).
 */
export const ENGLISH_FACT_RULES: ReadonlyArray<readonly [FactKind, RegExp]> = [
  [
    'preference',
    /^(?:i|we)(?: (?:really|strongly|generally|usually|also|much|definitely|personally|mostly|still|always|do|kind of|absolutely))* (?:prefer|like|love|hate|dislike|enjoy|favou?r|can't stand|cannot stand|don't like|do not like|don't want|do not want)\b/,
  ],
  ['preference', /^(?:i|we) (?:always|never|usually|typically|generally|normally|tend to|only ever)\b/],
  ['preference', /^(?:i|we)(?:'d| would) (?:rather|prefer)\b/],
  ['preference', /^(?:i'm|i am|we're|we are) (?:a )?(?:big |huge )?fans? of\b/],
  ['preference', /^my (?:favou?rite|preferred|go-to)\b/],
  ['preference', /\b(?:from now on|going forward|in (?:the )?future|in all (?:your )?(?:answers|replies))\b/],
  ['decision', /^let(?:'s| us) (?:go with|use|stick with|pick|choose|switch to|adopt|keep using|move to|settle on)\b/],
  ['decision', /^(?:i|we)(?: have|'ve)? (?:decided|chosen|chose|settled on|agreed|picked|went with|opted)\b/],
  ['decision', /^(?:i|we)(?:'ll| will|'re going to| are going to) (?:go with|use|stick with|switch to|adopt)\b/],
  ['decision', /^(?:use|go with|pick|choose|take) (?:option|approach|plan|variant|solution|proposal) \w+/],
  ['decision', /^(?:use|go with|stick with|switch to) \S+(?: \S+){0,3},? (?:not|instead of|over|rather than)\b/],
  ['constraint', /^(?:always|never|don't ever|do not ever|under no circumstances) \w+/],
  [
    'constraint',
    /^(?:the |our |my )?(?:budget|deadline|due date|time limit|max(?:imum)?|min(?:imum)?|sla|quota|limit)(?: \w+)? (?:is|are|=|:)/,
  ],
  ['constraint', new RegExp(`^${SUBJECT}\\b.*\\b${CONSTRAINT}`)],
  [
    'environment',
    /^(?:i'm|i am|we're|we are) (?:on|using|running|developing on|developing with|deploying (?:on|to)|hosted on|based in|still on)\b/,
  ],
  [
    'environment',
    /^(?:i|we)(?: (?:mostly|mainly|usually|also|only|still|currently))? (?:use|run|work with|work in|develop on|develop with|deploy (?:on|to)|host (?:on|with)|build with|code in|write in|program in|rely on|target|ship (?:on|to))\b/,
  ],
  [
    'environment',
    new RegExp(
      `^(?:my|our|the) ${PROJECT_NOUN}\\b.*\\b(?:is|are|uses|use|runs|run|lives|live|targets|has|have|was built|is built|is written|is deployed|is hosted|relies|depends)\\b`,
    ),
  ],
  ['environment', new RegExp(`^${SUBJECT}\\b.*\\b(?:deployed|hosted|running|runs) (?:on|to|in|at)\\b`)],
  [
    'personal',
    new RegExp(
      `^(?:i|we)${ADVERB} (?:(?:live|lived) (?:in|at|near|with|on|by|outside|abroad|alone|downtown|close)|(?:moved|relocated) (?:to|from|back|abroad|away|out|in with)|grew up|come from|(?:work|teach|volunteer|freelance|consult) (?:at|for|as|in|from|remotely|part-time|full-time|night|nights|weekends|shifts|with)|teach\\b)\\b`,
    ),
  ],
  ['personal', /^(?:i'm|i am|we're|we are) (?:from|based|living|located|a native of)\b/],
  [
    'personal',
    new RegExp(
      `^i(?:'m| am)?${ADVERB} (?:(?:started|starting|began|got|landed) (?:a (?:new )?job |working |work )?(?:at|for|as)|joined|joining)\\b`,
    ),
  ],
  // Where one studies or works, with what: "I'm at UW doing a PhD".
  ['personal', /^(?:i'm|i am) (?:at|with) \S+(?: \S+)? (?:doing|studying|working|teaching|as)\b/],
  // The course of a life, told in the past: quitting, retiring, moving, marrying, adopting, an injury.
  [
    'personal',
    new RegExp(
      `^(?:i|we)(?:'ve| have)?${ADVERB} (?:quit (?!(?:it|this|that|the|now)\\b)|retired|graduated|got (?:married|engaged|divorced|a (?:new )?(?:job|dog|cat|puppy|kitten|car|bike|house|flat|apartment|place|degree|diagnosis))|adopted|moved (?:off|away|out|in|into|back|to|from)|(?:ditched|dropped|left) \\S+(?: \\S+)? (?:for|in favou?r of)|sold (?:my|our) |bought (?:a|an|my|our) (?:house|home|flat|apartment|car|condo)|broke (?:my|a) (?:arm|leg|wrist|ankle|foot|hand|finger|toe|rib|nose|collarbone|hip)|had (?:a baby|surgery)|lost (?:my|our) (?:job|${ENGLISH_RELATIVES}|${ENGLISH_PETS}))`,
    ),
  ],
  [
    'personal',
    /^(?:i'm|i am) (?:(?:type [12] |pre-?)?diabetic|allergic|vegetarian|vegan|pescatarian|pregnant|married|engaged|single|divorced|widowed|retired|sober|left-handed|right-handed|colou?r-?blind|lactose|gluten|celiac|coeliac|autistic|asthmatic|epileptic|dyslexic|deaf|blind|hard of hearing|disabled|self-employed|unemployed|freelance|remote)\b/,
  ],
  [
    'personal',
    /^(?:i'm|i am|we're|we are) (?:a|an) (?!(?:bit|little|lot|few|fan|big|huge|real|total|complete|mess|wreck)\b)[a-z0-9-]+(?: [a-z0-9-]+){0,4}(?: (?:in|at|from|for|with|on) [^,;]+)?$/,
  ],
  // An age: "I'm 34".
  ['personal', /^(?:i'm|i am) \d{1,3}(?: years old)?$/],
  [
    'personal',
    new RegExp(
      `^(?:i|we)${ADVERB} (?:have|own|'ve got|have got) (?:a|an|one|two|three|four|five|\\d+) (?:[a-z-]+ ){0,3}(?:${ENGLISH_RELATIVES}|${ENGLISH_PETS}|kids?|boys?|girls?|grandchildren|grandkids)\\b`,
    ),
  ],
  // A relative, a pet or a personal thing with a lasting predicate: not "my mom says hi".
  [
    'personal',
    new RegExp(
      `^my (?:${ENGLISH_RELATIVES}|${ENGLISH_PETS}|${ENGLISH_PERSONAL})(?:'s)?(?: [a-z]+)?${ADVERB} (?:is|are|'s|was born|lives|live|works|work|has|have|studies|goes|go|starts|started|attends|turns|turned|teaches|plays|loves|likes|hates|name|names|passed away|died)\\b`,
    ),
  ],
  [
    'personal',
    /^(?:please )?call me (?!(?:back|later|again|when|if|at|on|in|tomorrow|now|anytime|maybe|soon)\b)\S+(?: \S+)?$/,
  ],
  ['personal', /^(?:i|we) (?:have|own|'ve got) (?:a|an|one|two|three|\d+) .*\b(?:named|called)\b/],
  ['personal', new RegExp(`^i (?:have|suffer from|was diagnosed with|live with) (?:${ENGLISH_CONDITIONS})\\b`)],
  // Tools and work habits with the adverb after the verb, or any object: "I code mostly in Kotlin", "We deploy
  // everything with Terraform".
  [
    'personal',
    /^(?:i|we)(?: (?:mostly|mainly|usually|also|only|still))? (?:code|write|program|develop|build|deploy|ship|host|test|manage|run) (?:\S+ ){0,2}(?:in|with|on|to|using) (?!(?:the|this|that|it|a|an)\b)\S/,
  ],
  [
    'personal',
    /^(?:i|we)(?:'ve| have) been (?:married|together|engaged|vegetarian|vegan|sober|clean|living|working|coding|programming|learning|studying|playing|running|teaching|(?:in|at) (?!(?:the|a|this|that)\b)\S+.* (?:since|for)\b)/,
  ],
  [
    'goal',
    /^(?:i|we)(?:'m| am|'re| are)? (?:plan(?:ning)?|going|hoping|aiming) to .+ (?:next|this) (?:year|month|summer|spring|autumn|fall|winter)\b/,
  ],
  // A habit with a relative or a pet: "I walk my dog before work", "I call my mom on Sundays".
  [
    'personal',
    new RegExp(`^(?:i|we)${ADVERB} (?![a-z]+(?<!e)ed\\b)[a-z]+ (?:my|our) (?:${ENGLISH_RELATIVES}|${ENGLISH_PETS})\\b`),
  ],
  [
    'personal',
    /^(?:i|we)(?: usually| often| always| never)? (?:don't|do not|never|can't|cannot|can not) (?:eat|drink|smoke|drive|fly|own|watch|use|work|cook|have)\b/,
  ],
  ['schedule', new RegExp(`^(?:i|we)\\b.*\\b(?:(?:every|each) (?:other )?(?:${DAY})|on (?:${DAY})s)\\b`)],
  [
    'schedule',
    /^(?:i|we)(?: usually| always| often)? (?:wake up|get up|go to bed|start work|finish work|leave work) (?:at|around|by)\b/,
  ],
  [
    'goal',
    /^(?:i'm|i am|we're|we are) (?:(?:learning|studying) (?!(?:a lot|so much|from|this|that|it|how)\b)|training for|preparing for|saving (?:up )?for|working towards?)\b/,
  ],
  ['goal', /^my (?:goal|plan|dream|aim|target) (?:is|for)\b/],
  [
    'change',
    // To a named thing, not "to the other branch".
    /^(?:i|we)(?:'ve| have)?(?: just| recently)? (?:switched|migrated|moved over|changed)(?: over)?(?: from \S+(?: \S+)?)? to (?!(?:the|a|an|this|that|another|other|my|our|it)\b)/,
  ],
  ['change', /^(?:i|we) no longer \w+/],
  // The whole stack on one thing: "everything's on Fly.io", "it's all GitHub Actions" (restated as what is used).
  ['environment', /^(?:everything|it)(?:'s| is| goes| runs)(?: all| now)* (?:on |in |through |with )?\S/],
];
