/** What a terminal in bracketed-paste mode sends around a paste. */
export const PASTE_START = '\u001b[200~';
export const PASTE_END = '\u001b[201~';

/**
 * The text with no paste marker left in it, for generators of pasted text. Removed until none is left: taking one out
 * can join its neighbours into another (`\u001b[2` + START + `00~` is START once START is gone).
 */
export function withoutPasteMarkers(text: string): string {
  let rest = text;
  while (rest.includes(PASTE_START) || rest.includes(PASTE_END)) {
    rest = rest.replaceAll(PASTE_START, '').replaceAll(PASTE_END, '');
  }
  return rest;
}
