import type { FactKind } from '../locale-extraction.js';
import { ENGLISH_RELATIVES } from './english-fact-words.js';

const ENGLISH_NAMED = new RegExp(`^my ((?:${ENGLISH_RELATIVES}|dog|cat|pet)(?:'s)?)(?:'s)? name is (.+)$`, 'i');
const PROJECT_THING =
  /^the ((?:[\w.-]+ ){0,2}(?:stack|backend|frontend|database|db|server|api|app|service|site|website|project|repo|codebase|ci|cluster|bot|monorepo|runtime))\b(.*)$/i;

/**
 * The English clause stated so that it says whom it is about: a relative's name ("My wife's name is Priya" → "my wife
 * is named Priya"), a household ("We moved to Toronto" → "my family moved to Toronto"), a project thing.
 */
export function restateEnglish(clause: string, kind: FactKind): string | null {
  // A household moves and lives somewhere, not a team: "We moved to Toronto" → "my family moved to Toronto".
  const household =
    /^we((?: (?:also|still|now|just|recently))? (?:live|lived|moved|relocated)\b(?!.*\bfrom\b).*)$/i.exec(clause);
  if (household?.[1]) return `my family${household[1].replace(/\blive\b/i, 'lives')}`;
  const family = /^we (have|own|'ve got) (.+)$/i.exec(clause);
  if (family?.[2] && kind === 'personal') return `my family has ${family[2]}`;
  const named = ENGLISH_NAMED.exec(clause);
  if (named?.[1] && named[2]) return `my ${named[1].replace(/'s$/, '')} is named ${named[2]}`;
  const callMe = /^(?:please )?call me (\S+(?: \S+)?)$/i.exec(clause);
  if (callMe?.[1]) return `I want to be called ${callMe[1]}`;
  const job =
    /^(i)(?: just| recently)? (?:started|began|got|landed) (?:a (?:new )?job|working|work) (at|for|as) (.+)$/i.exec(
      clause,
    );
  if (job?.[1] && job[2] && job[3]) return `${job[1]} work ${job[2]} ${job[3]}`;
  // "We're on TypeScript 5.4": a versioned tool is in use.
  const onVersion = /^(i|we)(?:'re|'m| are| am) on ([\w.+#-]+(?: [\w.+#-]+)? v?\d+(?:\.\d+)*)$/i.exec(clause);
  if (onVersion?.[1] && onVersion[2]) return `${onVersion[1]} use ${onVersion[2]}`;
  // "Everything's on Fly.io", "it's all GitHub Actions": a named thing (capitalised) is what is used, else nothing.
  const whole = /^(?:everything|it)(?:'s| is| goes| runs)(?: all| now)* (?:(?:on|in|through|with) )?(.+)$/i.exec(
    clause,
  );
  if (whole?.[1] !== undefined) return /^[A-Z0-9]/.test(whole[1]) ? `we use ${whole[1]}` : null;
  const thing = kind === 'environment' ? PROJECT_THING.exec(clause) : null;
  if (thing?.[1]) return `my ${thing[1]}${thing[2] ?? ''}`;
  return clause;
}
