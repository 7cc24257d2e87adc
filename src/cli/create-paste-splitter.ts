/** A run of input: typed (keys, lines of a pipe) or pasted (everything between the bracketed-paste markers). */
export interface InputSegment {
  text: string;
  pasted: boolean;
}

export interface PasteSplitter {
  /** The segments complete so far: typed text as it comes, a paste whole once its end marker arrived. */
  push(chunk: string): InputSegment[];
  /** At the end of input: the text held back, and a paste whose end marker never came. */
  end(): InputSegment[];
}

// What a terminal in bracketed-paste mode (ESC[?2004h) sends around a paste: ESC[200~ ... ESC[201~.
const MARKER_HEAD = '\u001b[20';
const MARKER_LENGTH = 6;
const MARKERS = ['\u001b[200~', '\u001b[201~'];

/**
 * Splits decoded input into typed and pasted segments and strips the markers, a chunk at a time: a marker cut
 * between two chunks is held back until the next one. Linear in the input: each character is looked at a bounded
 * number of times, so a paste of megabytes costs no more than reading it.
 */
export function createPasteSplitter(): PasteSplitter {
  let held = '';
  let pasting = false;
  let paste: string[] = [];

  return {
    push(chunk) {
      const text = held + chunk;
      const segments: InputSegment[] = [];
      const take = (part: string): void => {
        if (pasting) paste.push(part);
        else if (part !== '') segments.push({ text: part, pasted: false });
      };
      let from = 0;
      for (let at = text.indexOf(MARKER_HEAD); at >= 0; at = text.indexOf(MARKER_HEAD, at + 1)) {
        const marker = text.slice(at, at + MARKER_LENGTH);
        if (!MARKERS.includes(marker)) continue;
        take(text.slice(from, at));
        // A start inside a paste, or an end outside one, is stripped all the same: markers never reach a message.
        const starts = marker === MARKERS[0];
        if (pasting && !starts) {
          segments.push({ text: paste.join(''), pasted: true });
          paste = [];
        }
        pasting = starts;
        from = at + MARKER_LENGTH;
        at = from - 1; // the next search starts after the marker
      }
      const keep = heldLength(text, from);
      take(text.slice(from, text.length - keep));
      held = text.slice(text.length - keep);
      return segments;
    },
    end() {
      const segments: InputSegment[] = [];
      if (pasting) {
        paste.push(held);
        segments.push({ text: paste.join(''), pasted: true });
      } else if (held !== '') segments.push({ text: held, pasted: false });
      held = '';
      pasting = false;
      paste = [];
      return segments;
    },
  };
}

/** How many characters at the end of `text` (after `from`) could be the start of a marker cut by the chunk's end. */
function heldLength(text: string, from: number): number {
  for (let length = Math.min(MARKER_LENGTH - 1, text.length - from); length > 0; length -= 1) {
    const tail = text.slice(text.length - length);
    if (MARKERS.some((marker) => marker.startsWith(tail))) return length;
  }
  return 0;
}
