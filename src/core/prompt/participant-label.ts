import { countGraphemes } from '../text/count-graphemes.js';
import { graphemeBoundaries } from '../text/grapheme-boundaries.js';

/** The most grapheme clusters of an id shown; a longer one is cut, with an ellipsis. */
const LONGEST_LABEL = 40;
/** The most UTF-16 units of a label, so that a cluster carrying hundreds of marks cannot make it long. */
const MOST_LABEL_UNITS = 160;
/** An id made of these alone (letters, marks, digits, emoji and their joiners, `._@+-`) is shown as it is. */
const PLAIN_ID = /^(?:[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}._@+-]|\u200d)+$/u;
/**
 * Characters that could break a line, reorder it or hide in it (`ali\u200dce` would read as `alice`), and `<`, which
 * could open a tag: escaped as `\u{…}`, so that the label is the same once the prompt's tags are escaped, and as
 * long. A zero-width joiner inside an emoji sequence is not among them.
 */
const UNSAFE =
  /(?<!\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f)\u200d|\u200d(?!\p{Extended_Pictographic})|(?!\u200d)[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}\p{Cn}<]/gu;

/**
 * A participant's user id as the prompt shows it beside their words: the id is user-supplied, so it can neither
 * break or reorder a line, nor open a tag (control, format, bidirectional and separator characters and `<` are
 * escaped as `\u{…}`), nor pass for anything but a name (an id of other characters than letters, marks, digits, emoji
 * and `._@+-` is quoted, its quotes and backslashes escaped), nor grow long (at most 40 grapheme clusters and 160
 * UTF-16 units, cut between clusters, with an ellipsis). `null` (a turn without a user) is "someone".
 */
export function participantLabel(userId: string | null): string {
  if (userId === null) return 'someone';
  const escaped = (text: string) =>
    text.replace(UNSAFE, (character) => `\\u{${(character.codePointAt(0) ?? 0).toString(16)}}`);
  if (PLAIN_ID.test(userId) && escaped(userId) === userId) return bound(userId);
  return bound(`"${escaped(userId.replace(/["\\]/g, (character) => `\\${character}`))}"`);
}

function bound(label: string): string {
  if (label.length <= MOST_LABEL_UNITS && countGraphemes(label, { stopAfter: LONGEST_LABEL }) <= LONGEST_LABEL) {
    return label;
  }
  let cut = 0;
  let clusters = 0;
  for (const boundary of graphemeBoundaries(label)) {
    if (boundary > MOST_LABEL_UNITS - 1 || clusters === LONGEST_LABEL - 1) break;
    cut = boundary;
    clusters += 1;
  }
  // A first cluster longer than the cap keeps its first code point.
  if (cut === 0) cut = String.fromCodePoint(label.codePointAt(0) ?? 0x3f).length;
  return `${label.slice(0, cut)}…`;
}
