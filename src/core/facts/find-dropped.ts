import { LOCALE_PACKS, readingPack } from '../../locales/locale-table.js';
import { UNSPACED_LETTER as UNSPACED } from '../text/scripts.js';
import { claimSlot, isQualified, subjectKey } from './find-contradicted.js';

/** A statement that its subject has stopped something: "User no longer uses VS Code", in any pack's words (`facts.drops`). */
export interface Drop {
  /** `self` or `name:<who>`, as `subjectKey` gives it. */
  subject: string;
  /** What was left, as written ("VS Code", "dark roast"). */
  value: string;
  /**
   * `place`: a home or an employer was left ("left Paris"), which ends where they live
   * or work, not every fact naming it ("loves Paris" stands). `any`: the subject stopped what facts naming it state.
   */
  kind: 'place' | 'any';
}

const POSSESSORS = LOCALE_PACKS.flatMap((pack) => (pack.facts?.possessor ? [pack.facts.possessor] : []));
// A fact's script is told from its start, where its subject is.
const SUBJECT_SAMPLE = 12;
const UNSPACED_LETTERS = new RegExp(UNSPACED.source, 'gu');

/**
 * What a statement says its subject stopped, if it says so plainly, read by the pack that reads the statement:
 * "User no longer uses VS Code", "We're dropping MySQL", "I've gone off dark roast". No subject means the user (a
 * clause of their own message). Null for anything else, and when what is left is qualified ("npm at work", "coffee
 * on weekdays") or is no thing ("it").
 */
export function readDrop(statement: string): Drop | null {
  const text = statement
    .normalize('NFKC')
    .replace(/[‘’]/gu, "'")
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[\s.!。！…]+$/u, '');
  if (text.length > 120) return null;
  const reader = readingPack(text);
  const read = reader?.facts?.drops?.read(text);
  if (read == null || isQualified(read.value, reader)) return null;
  const key = read.subject === undefined ? 'self' : ownerKey(read.subject);
  return key === null ? null : { subject: key, value: read.value, kind: read.place ? 'place' : 'any' };
}

/** The subject of a known fact ("User's editor is VS Code": the user), or null when it names no one we can tell. */
export function factSubject(fact: string): string | null {
  const text = fact.normalize('NFKC').replace(/[‘’]/gu, "'").trim();
  // Unspaced letters at its start make it a Chinese or Japanese fact; else its words tell the language, those of
  // an unspaced name further on left out (an English fact naming a Chinese city is English).
  const head = text.slice(0, SUBJECT_SAMPLE);
  const reader = UNSPACED.test(head) ? readingPack(head) : readingPack(text.replace(UNSPACED_LETTERS, ' '));
  const subject = reader?.facts?.drops?.factSubject(text, ownerKey);
  return subject == null ? null : ownerKey(subject);
}

/** "User's team" is the user; "User's sister" is someone else; "User's editor" is the user's. */
function ownerKey(subject: string): string | null {
  const key = subjectKey(subject);
  if (key !== null) return key;
  for (const possessor of POSSESSORS) {
    const owner = possessor(subject.trim());
    if (owner !== null) return subjectKey(owner);
  }
  return null;
}

/**
 * Ids of known facts a drop leaves behind: plain statements (nothing negated, hypothetical or qualified) about the
 * same subject that name what was dropped, as a whole word ("User prefers dark roast coffee" for "dark roast";
 * a Chinese fact naming the drink a Chinese drop names). A fact naming it beside something else ("uses npm and yarn") is qualified, so kept.
 */
export function findDropped(statement: string, known: ReadonlyArray<{ id: number; text: string }>): number[] {
  const drop = readDrop(statement);
  if (drop === null) return [];
  const value = drop.value.normalize('NFKC').toLowerCase();
  const wordBound = !UNSPACED.test(value);
  return known
    .filter(({ text }) => {
      const folded = text.normalize('NFKC').toLowerCase();
      if (isQualified(text) || factSubject(text) !== drop.subject) return false;
      if (drop.kind === 'place' && !/^(?:residence|employer)$/u.test(claimSlot(text) ?? '')) return false;
      const at = folded.indexOf(value);
      if (at < 0) return false;
      if (!wordBound) return true;
      const before = folded[at - 1];
      const after = folded[at + value.length];
      // A whole word: no letter of a spaced script touches it ("Go" is not in "Google"; a Japanese particle may follow "Emacs").
      const joins = (character: string | undefined) =>
        character !== undefined && /[\p{L}\p{N}]/u.test(character) && !UNSPACED.test(character);
      return !joins(before) && !joins(after);
    })
    .map(({ id }) => id);
}
