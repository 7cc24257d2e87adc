const ADVERBS =
  /^((?:(?:really|strongly|generally|usually|typically|normally|always|never|also|still|mostly|mainly|personally|definitely|only|much|absolutely|currently|kind of|no longer|just|finally|recently|already|officially) )*)(\S+)(.*)$/i;
const MODALS = /^(can't|cannot|can|must|should|could|may|might|would|will|shall|do not|don't)\b(.*)$/i;
const IRREGULAR: Record<string, string> = { have: 'has', do: 'does', go: 'goes', am: 'is', are: 'is' };
// Past forms stay as they are: "I chose…" → "User chose…".
const IRREGULAR_PAST = new Set([
  'chose',
  'went',
  'made',
  'built',
  'wrote',
  'ran',
  'took',
  'got',
  'found',
  'had',
  'did',
  'grew',
  'began',
  'came',
  'became',
  'left',
  'met',
  'taught',
  'bought',
  'sold',
  'kept',
  'spent',
  'knew',
  'saw',
  'gave',
  'brought',
  'thought',
  'felt',
  'won',
  'drove',
  'flew',
  'ate',
  'drank',
  'quit',
  'broke',
  'lost',
]);
const BASE_FORMS_IN_ED = new Set(['need', 'feed', 'proceed', 'succeed', 'exceed', 'embed', 'speed']);
// Words left in the rest of a sentence that would make a mechanical rewrite wrong or ambiguous.
const FIRST_OR_SECOND_PERSON =
  /\b(?:i|me|i'm|i've|i'd|i'll|we|us|we're|we've|we'd|we'll|you|your|you're|yours|myself|ourselves)\b/i;
const COORDINATED_VERB =
  /(?:\band|\bbut|\bor|,)\s+(?:(?:also|always|never|usually|often|still|mostly)\s+)?(?:use|prefer|like|love|hate|dislike|enjoy|run|deploy|work|want|need|have|keep|write|code|build|host|develop|ship|target|rely|avoid|do|don't|can't|am)\b/i;
/** "I prefer pnpm" → "User prefers pnpm", "Let's use Vite" → "User decided to use Vite"; null when unreliable. */
export function rewriteEnglish(text: string): string | null {
  const normalized = text.replace(/’/g, "'");
  const letUs = /^let(?:'s| us) (.+)$/i.exec(normalized);
  if (letUs?.[1]) return finish('User decided to', letUs[1]);
  const possessive = /^(?:my|our) (.+)$/i.exec(normalized);
  if (possessive?.[1]) return finish("User's", possessive[1]);
  const subject = /^(i|we)(?:'m| am|'re| are)\b(.*)$/i.exec(normalized);
  if (subject?.[1]) return finish(`${who(subject[1])} is`, subject[2] ?? '');
  const contracted = /^(i|we)('ve|'d|'ll)\b(.*)$/i.exec(normalized);
  if (contracted?.[1] && contracted[2]) {
    const auxiliary = { "'ve": 'has', "'d": 'would', "'ll": 'will' }[contracted[2].toLowerCase()] ?? '';
    return finish(`${who(contracted[1])} ${auxiliary}`, contracted[3] ?? '');
  }
  const plain = /^(i|we) (.+)$/i.exec(normalized);
  if (!plain?.[1] || !plain[2]) return null;
  const modal = MODALS.exec(plain[2]);
  if (modal?.[1]) {
    const verb = modal[1].toLowerCase();
    const auxiliary = verb === "don't" ? "doesn't" : verb === 'do not' ? 'does not' : modal[1];
    return finish(`${who(plain[1])} ${auxiliary}`, modal[2] ?? '');
  }
  const parts = ADVERBS.exec(plain[2]);
  if (!parts?.[2]) return null;
  return finish(`${who(plain[1])} ${parts[1] ?? ''}${conjugate(parts[2])}`, parts[3] ?? '');
}

function who(pronoun: string): string {
  return pronoun.toLowerCase() === 'i' ? 'User' : "User's team";
}

/**
 * The rewritten head and the rest, or null when the rest still speaks in first or second person, or goes on with a
 * second verb of the same subject ("…and use PowerShell"), which would need conjugating too.
 */
function finish(head: string, rest: string): string | null {
  const remainder = rest.replace(/\bmy\b|\bour\b/gi, 'their');
  if (FIRST_OR_SECOND_PERSON.test(remainder) || COORDINATED_VERB.test(remainder)) return null;
  return `${head}${remainder.startsWith(' ') || remainder === '' ? '' : ' '}${remainder}`.trim();
}

function conjugate(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (!/^[a-z]+$/.test(lower) || IRREGULAR_PAST.has(lower)) return verb;
  if (lower.endsWith('ed') && !BASE_FORMS_IN_ED.has(lower)) return verb;
  if (/(?:s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}
