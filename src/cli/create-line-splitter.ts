import type { InputSegment } from './create-paste-splitter.js';

export interface LineSplitter {
  /** The messages a segment completes: typed text ends one at each line break, a paste joins the current one. */
  push(segment: InputSegment): string[];
  /** At the end of input: the last line, when it did not end with a line break. */
  end(): string[];
}

/**
 * The messages of a pipe: each typed line is one (breaks are `\n`, `\r\n` or `\r`, as readline reads a pipe), and a
 * paste, newlines included, belongs to the line it is in, which the next typed line break ends.
 */
export function createLineSplitter(): LineSplitter {
  let line: string[] = [];
  let hasLine = false;
  // A `\r` ended the last segment: a `\n` that starts the next is the rest of the same `\r\n`.
  let afterCarriageReturn = false;

  return {
    push(segment) {
      const skip = afterCarriageReturn && segment.text.startsWith('\n') ? 1 : 0;
      afterCarriageReturn = false;
      if (segment.pasted) {
        line.push(segment.text);
        hasLine = true;
        return [];
      }
      const { text } = segment;
      const messages: string[] = [];
      const lineBreak = /\r\n|\r|\n/g;
      lineBreak.lastIndex = skip;
      let from = skip;
      for (let match = lineBreak.exec(text); match !== null; match = lineBreak.exec(text)) {
        line.push(text.slice(from, match.index));
        messages.push(line.join(''));
        line = [];
        hasLine = false;
        from = match.index + match[0].length;
        afterCarriageReturn = match[0] === '\r' && from === text.length;
      }
      if (from < text.length) {
        line.push(text.slice(from));
        hasLine = true;
      }
      return messages;
    },
    end() {
      const messages = hasLine ? [line.join('')] : [];
      line = [];
      hasLine = false;
      return messages;
    },
  };
}
