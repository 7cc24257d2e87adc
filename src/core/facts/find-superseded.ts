import { FACT_WORDS, readingPack } from '../../locales/locale-table.js';
import { splitSentences } from '../text/split-sentences.js';
import { contradictionCues, findContradicted } from './find-contradicted.js';
import { findDropped, readDrop } from './find-dropped.js';

type Known = ReadonlyArray<{ id: number; text: string }>;

/**
 * The one supersede rule, for every path (an extractor's facts, the user's own message, `facts.add`): ids of known
 * facts a statement replaces. Either it fills the same exclusive slot of the same subject with another value
 * (`findContradicted`: a move, a new employer, another tool of an exclusive choice, "prefers X over Y"), or it says
 * the subject stopped what a known fact states (`findDropped`: "no longer", "stopped"). Qualified statements
 * ("sometimes", "for this project only", "maybe") replace nothing. The words are the locale packs' (`facts`).
 */
export function findSuperseded(statement: string, known: Known): number[] {
  return [...new Set([...findContradicted(statement, known), ...findDropped(statement, known)])];
}

/**
 * The ways to read a statement of the user's own message: as written, and, in a language that drops the subject of
 * a sentence about oneself (Chinese, Japanese, Spanish: the reading pack's `withUserAsSubject`), with the user as its subject. A
 * statement that has a subject already fills no slot with a second one.
 */
export function userReadings(statement: string): string[] {
  const reading = readingPack(statement)?.facts?.withUserAsSubject?.(statement) ?? null;
  return reading === null ? [statement] : [statement, reading];
}

/**
 * Search terms for the known facts a statement may replace, which may share no word with it ("moved to Berlin" and
 * "lives in Paris"): its slot's words, or what it drops. Null when it replaces nothing.
 */
export function supersedeCues(statement: string): string | null {
  const cues = [contradictionCues(statement), readDrop(statement)?.value].filter((cue) => cue != null);
  return cues.length > 0 ? cues.join(' ') : null;
}

// Words that open a clause of a message before the statement ("Update: I moved…", "Actually, I…"), in any pack's
// words, any number of them.
const OPENER = new RegExp(
  `^(?:${FACT_WORDS.flatMap((words) => (words.clauseOpener ? [words.clauseOpener.source] : [])).join('|')})+`,
  'iu',
);
const CLAUSE_BREAK = /\s*[;；]\s*/u;
const COMMA = /\s*[,，、]\s*/u;

/**
 * The statements of the user's own message the rule reads, as facts are read: its sentences and their `;` clauses,
 * openers removed; and their comma clauses ("I've gone off dark roast, I prefer light roast now") when no other clause of the sentence qualifies them ("On
 * weekends, I use Vim": none is read alone).
 */
export function messageStatements(message: string): string[] {
  const statements: string[] = [];
  for (const sentence of splitSentences(message.slice(0, 4_000)).slice(0, 30)) {
    for (const clause of sentence.split(CLAUSE_BREAK)) {
      const statement = clause
        .replace(OPENER, '')
        .replace(/[\s.!。！…]+$/u, '')
        .trim();
      if (statement === '') continue;
      statements.push(statement);
      const parts = statement.split(COMMA).map((part) => part.replace(OPENER, '').trim());
      if (parts.length < 2) continue;
      for (const [index, part] of parts.entries()) {
        const others = parts.filter((_, other) => other !== index);
        if (others.every((other) => !qualifies(other))) statements.push(part);
      }
    }
  }
  return statements;
}

// A clause that makes the rest conditional, hypothetical or partial ("if…", "on weekends"), in any pack's words.
const QUALIFYING = FACT_WORDS.flatMap((words) => (words.qualifyingClause ? [words.qualifyingClause] : []));

function qualifies(clause: string): boolean {
  return QUALIFYING.some((pattern) => pattern.test(clause)) || /[?？]/u.test(clause);
}
