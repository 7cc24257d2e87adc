import { splitSentences } from '../text/split-sentences.js';
import { contradictionCues, findContradicted } from './find-contradicted.js';
import { findDropped, readDrop } from './find-dropped.js';

type Known = ReadonlyArray<{ id: number; text: string }>;

/**
 * The one supersede rule, for every path (an extractor's facts, the user's own message, `facts.add`): ids of known
 * facts a statement replaces. Either it fills the same exclusive slot of the same subject with another value
 * (`findContradicted`: a move, a new employer, another tool of an exclusive choice, "prefers X over Y"), or it says
 * the subject stopped what a known fact states (`findDropped`: "no longer", "stopped", 不再, 戒了, やめた). Qualified
 * statements ("sometimes", "for this project only", "maybe", 有时, たまに) replace nothing.
 */
export function findSuperseded(statement: string, known: Known): number[] {
  return [...new Set([...findContradicted(statement, known), ...findDropped(statement, known)])];
}

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HAN = /\p{Script=Han}/u;

/**
 * The ways to read a statement of the user's own message: as written, and, in Chinese or Japanese, with the user as
 * its subject, since both languages drop the subject of a sentence about oneself ("上个月搬到了上海。", "先月大阪に
 * 引っ越しました。"). A statement that has a subject already fills no slot with a second one.
 */
export function userReadings(statement: string): string[] {
  if (KANA.test(statement)) return [statement, `私は${statement}`];
  if (HAN.test(statement)) return [statement, `我${statement}`];
  return [statement];
}

/**
 * Search terms for the known facts a statement may replace, which may share no word with it ("moved to Berlin" and
 * "lives in Paris"): its slot's words, or what it drops. Null when it replaces nothing.
 */
export function supersedeCues(statement: string): string | null {
  const cues = [contradictionCues(statement), readDrop(statement)?.value].filter((cue) => cue != null);
  return cues.length > 0 ? cues.join(' ') : null;
}

// Words that open a clause of a message before the statement: "Update: I moved…", "Actually, I…", "其实…", "実は…".
const OPENER =
  /^(?:(?:update|also|actually|honestly|frankly|btw|by the way|so|and|but|well|ok|okay|oh|anyway|anyways|fyi|heads up|news|quick update)\s*[,:：!-]?\s+|(?:其实|其實|另外|还有|還有|对了|對了|顺便说一下|順便說一下|更新)[，,：:]?\s*|(?:実は|あと|ちなみに|そういえば|報告です)[、,：:]?\s*)+/iu;
const CLAUSE_BREAK = /\s*[;；]\s*/u;
const COMMA = /\s*[,，、]\s*/u;

/**
 * The statements of the user's own message the rule reads, as facts are read: its sentences and their `;` clauses,
 * openers removed; and their comma clauses ("I've gone off dark roast, I prefer light roast now"; "npmはやめて、
 * pnpmに切り替えました"; "我上个月搬到了成都，最近很开心") when no other clause of the sentence qualifies them ("On
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

// A clause that makes the rest conditional, hypothetical or partial ("if…", "on weekends", "如果…", "たまに").
const QUALIFYING =
  /(?<![\p{L}])(?:if|unless|when|whenever|maybe|perhaps|might|may|could|would|sometimes|occasionally|on weekends?|at work|at home|for now|only|except)(?![\p{L}])|如果|要是|假如|可能|也许|也許|有时|有時|偶尔|偶爾|周末|週末|暂时|暫時|除了|只有|もし|なら|たまに|ときどき|時々|週末|かもしれ|だけ/iu;

function qualifies(clause: string): boolean {
  return QUALIFYING.test(clause) || /[?？]/u.test(clause);
}
