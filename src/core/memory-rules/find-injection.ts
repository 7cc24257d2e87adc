import { CJK_LETTER } from '../text/scripts.js';
import { createPhraseMatcher } from './create-phrase-matcher.js';
import { INJECTION_PHRASES } from './injection-phrases.js';
import { normalizeForMatching } from './normalize-for-matching.js';

const matcher = createPhraseMatcher(INJECTION_PHRASES);
// For letters that were spelled out one by one ("i g n o r e a l l …"): their word edges are lost.
const edgelessMatcher = createPhraseMatcher(INJECTION_PHRASES, { edges: false });

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};
const MIXED_TOKEN = /[a-z0-9@$]*[a-z][a-z0-9@$]*/g;
const LEET_CHARACTER = /[0-9@$]/;
// Spaces and marks that obfuscation puts between CJK characters (a space or a dot after each letter); sentence ends stay.
const CJK_SEPARATORS = /[\s.·・,，、*_\-|/\\~"'`^+=]+/g;
const SPELLED_LETTER = /^[a-z0-9@$][.\-_*·,|/]?$/;
const SPELLED_WORD = /^(?:[a-z0-9@$][.\-_*·,|/]){1,40}[a-z0-9@$]?$/;
const NOT_LETTER = /[^a-z0-9@$]/g;
/** Spelled-out runs shorter than this are initials and abbreviations, not hidden words. */
const SHORTEST_SPELLED_RUN = 6;

/**
 * The override or jailbreak phrase in `text`, in its normalised form, or null. The text is matched as it is, with
 * digits and symbols read as letters inside words (`1gn0re`, `pr3v10us`), with CJK separators removed, and with
 * spelled-out letters joined (`i g n o r e`, `i.g.n.o.r.e`); full-width letters, zero-width characters and
 * look-alike letters are undone by the normalisation. Linear in the length of `text`.
 */
export function findInjection(text: string): string | null {
  const normalized = normalizeForMatching(text);
  const found = matchOne(normalized) ?? matchOne(foldLeet(normalized));
  if (found !== null) return found;
  if (CJK_LETTER.test(normalized)) {
    const squeezed = matchOne(normalized.replace(CJK_SEPARATORS, ''));
    if (squeezed !== null) return squeezed;
  }
  for (const run of spelledRuns(normalized)) {
    const match = edgelessMatcher.find(run);
    if (match) return run.slice(match.start, match.end);
  }
  return null;
}

function matchOne(normalized: string): string | null {
  const match = matcher.find(normalized);
  return match ? normalized.slice(match.start, match.end) : null;
}

function foldLeet(normalized: string): string {
  return normalized.replace(MIXED_TOKEN, (token) =>
    LEET_CHARACTER.test(token) ? token.replace(/[0-9@$]/g, (character) => LEET[character] ?? character) : token,
  );
}

/** The runs of letters spelled out one by one, joined and with leet read as letters. */
function spelledRuns(normalized: string): string[] {
  const runs: string[] = [];
  let run = '';
  const close = () => {
    if (run.length >= SHORTEST_SPELLED_RUN) runs.push(foldLeet(run));
    run = '';
  };
  for (const token of normalized.split(' ')) {
    if (SPELLED_LETTER.test(token)) {
      run += token.replace(NOT_LETTER, '');
    } else if (SPELLED_WORD.test(token)) {
      run += token.replace(NOT_LETTER, '');
    } else {
      close();
    }
  }
  close();
  return runs;
}
