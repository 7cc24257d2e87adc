import { ERROR_WORDS } from '../../locales/locale-table.js';
import { compileWordList } from './compile-word-list.js';

const FRAME = new RegExp(compileWordList(ERROR_WORDS.flatMap((words) => words.writerWords ?? [])));
/** Quoted, linked or path-like words are the quoted text's own, not the writer's: "reading 'user'", "/app/user.js". */
const NOT_THE_WRITER =
  /(?<![a-z])'[^'\n]{1,80}'(?![a-z])|"[^"\n]{1,80}"|`[^`\n]{1,80}`|「[^」\n]{1,80}」|https?:\/\/\S+|www\.\S+|\S*[/\\]\S*/g;

/**
 * Whether a normalised text has a word that a person writes around an error or a page they talk about ("fix",
 * "our"; each locale pack's `memoryGate.errorWords.writerWords`), outside quotes, links and paths. No provider,
 * library or error page prints these itself.
 */
export function hasWriterWords(normalized: string): boolean {
  return FRAME.test(normalized.replace(NOT_THE_WRITER, ' '));
}
