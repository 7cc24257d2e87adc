import { ERROR_WORDS } from '../../locales/locale-table.js';
import {
  ERROR_CODES,
  ERROR_SHAPES,
  PYTHON_FRAME,
  STRINGIFIED_VALUES,
  WEAK_ERROR_CODES,
} from '../../locales/shared/error-output.js';
import { CJK_LETTER, CJK_LETTERS } from '../text/scripts.js';
import { compileWordList } from './compile-word-list.js';
import { hasWriterWords } from './has-writer-words.js';
import { normalizeForMatching } from './normalize-for-matching.js';

/** Only the head is read: an error output says what it is at once, and a long text is judged by its start. */
const HEAD = 2000;
const STRONG = new RegExp(
  compileWordList([...ERROR_WORDS.flatMap((words) => words.strongSignatures ?? []), ...ERROR_CODES]),
  'g',
);
const WEAK = new RegExp(
  compileWordList([...ERROR_WORDS.flatMap((words) => words.weakSignatures ?? []), ...WEAK_ERROR_CODES]),
  'g',
);
const VALUES: ReadonlySet<string> = new Set(STRINGIFIED_VALUES.map((value) => normalizeForMatching(value)));
/** The glue of error texts, neutral either way. */
const FILLER: ReadonlySet<string> = new Set(ERROR_WORDS.flatMap((words) => words.filler ?? []));
/** What may stand before the signature of a text that starts with one. */
const LEADING: ReadonlySet<string> = new Set(ERROR_WORDS.flatMap((words) => words.leading ?? []));
/** Structural starts, then every pack's error labels ("Error:"). */
const STARTS: readonly RegExp[] = [...ERROR_SHAPES.starts, ...ERROR_WORDS.flatMap((words) => words.labels ?? [])];
const UNIT = new RegExp(`[a-z][a-z']*|[${CJK_LETTERS}]`, 'gu');
const TRAILING_MARKS = /[\s.!。！]+$/;
/** How much of the text the signatures (with the glue words) must make up when it does not start with one. */
const SIGNATURE_SHARE = 0.35;
const REPORT_SHARE = 0.6;
const MOST_LEADING_WORDS = 3;

const NONE = 0;
const WEAK_MARK = 1;
const STRONG_MARK = 2;

/**
 * Whether `text` IS an error report (what a failing API, SDK, HTTP library or CLI printed), as opposed to a text
 * that mentions one. It is one when it starts with an error signature, or consists mostly of signatures and the glue
 * words of error texts, and has no word a person writes around an error ("fix", "our") outside them, in any locale
 * pack's words (`memoryGate.errorWords`) or the shared codes and shapes of error output (`shared/error-output.ts`):
 * "TypeError: fetch failed" is a report, "Fix the TypeError: fetch failed our login page throws" is a task.
 * Reads only the first 2,000 characters; linear in that.
 */
export function isErrorReport(text: string): boolean {
  const normalized = normalizeForMatching(text.slice(0, HEAD), { keepLines: true });
  if (normalized === '') return false;
  if (VALUES.has(normalized.replace(TRAILING_MARKS, ''))) return true;
  const marks = markSignatures(normalized);

  let total = 0;
  let signature = 0;
  let glue = 0;
  let startsWithSignature = false;
  let leadingWords = 0;
  let decided = false;
  for (const unit of normalized.matchAll(UNIT)) {
    const word = unit[0];
    const weight = CJK_LETTER.test(word) ? 0.5 : 1;
    const mark = marks[unit.index] ?? NONE;
    total += weight;
    if (mark !== NONE) signature += weight;
    else if (FILLER.has(word)) glue += weight;
    if (decided) continue;
    if (mark === STRONG_MARK) {
      startsWithSignature = true;
      decided = true;
    } else if (LEADING.has(word) && leadingWords < MOST_LEADING_WORDS) {
      leadingWords += 1;
    } else {
      decided = true;
    }
  }
  if (signature === 0 || hasWriterWords(outsideSignatures(normalized, marks))) return false;
  if (startsWithSignature) return true;
  return signature >= SIGNATURE_SHARE * total && signature + glue >= REPORT_SHARE * total;
}

/** Marks every character inside a signature: strong phrases, stack-trace lines, structural starts, then weak words. */
function markSignatures(normalized: string): Uint8Array {
  const marks = new Uint8Array(normalized.length);
  for (const match of normalized.matchAll(STRONG)) marks.fill(STRONG_MARK, match.index, match.index + match[0].length);
  let offset = 0;
  let afterPythonFrame = false;
  for (const line of normalized.split('\n')) {
    if (afterPythonFrame || ERROR_SHAPES.lines.some((pattern) => pattern.test(line))) {
      marks.fill(STRONG_MARK, offset, offset + line.length);
    }
    // The line after a Python frame is the source line it quotes.
    afterPythonFrame = PYTHON_FRAME.test(line);
    offset += line.length + 1;
  }
  for (const pattern of ERROR_SHAPES.frames) {
    for (const match of normalized.matchAll(pattern))
      marks.fill(STRONG_MARK, match.index, match.index + match[0].length);
  }
  for (const pattern of STARTS) {
    const match = pattern.exec(normalized);
    if (!match) continue;
    // A JSON error body is an error as a whole, up to its last closing bracket.
    const end = /^[\s[]*\{/.test(normalized) ? Math.max(normalized.lastIndexOf('}'), match[0].length) : match[0].length;
    marks.fill(STRONG_MARK, match.index, end + 1);
  }
  for (const match of normalized.matchAll(WEAK)) {
    for (let index = match.index; index < match.index + match[0].length; index++) {
      if (marks[index] === NONE) marks[index] = WEAK_MARK;
    }
  }
  return marks;
}

/** The text with every marked character blanked out. */
function outsideSignatures(normalized: string, marks: Uint8Array): string {
  let remainder = '';
  for (let index = 0; index < normalized.length; index++) {
    remainder += marks[index] === NONE ? normalized[index] : ' ';
  }
  return remainder;
}
