import { cutText } from './cut-text.js';
import { type Attributes, element } from './element.js';

/** Longest shown of an id (agent, user, channel, thread), in grapheme clusters: the whole one is in its title. */
export const ID_SHOWN = 40;

/** Text cut to `most` grapheme clusters, with an ellipsis when cut. */
export function truncate(text: unknown, most: number): string {
  return cutText(text, most).text;
}

/**
 * Stored text for a line of its own or a cell: cut to most grapheme clusters (the whole text in its title when cut
 * and short enough to hover), isolated from the text around it (a right-to-left override in an id cannot turn the
 * rest of the line around), wrapped anywhere when it has no space to wrap at.
 */
export function clip(value: unknown, most: number, attributes?: Attributes): HTMLElement {
  const text = String(value === null || value === undefined ? '' : value);
  const shown = cutText(text, most);
  const title = shown.cut && text.length <= 20000 ? text : undefined;
  return element('bdi', { class: 'clip', title, ...attributes }, shown.text);
}

/** An id, or a dash when there is none. */
export function idText(value: string | null | undefined, attributes?: Attributes): HTMLElement {
  return value === null || value === undefined
    ? element('span', { class: 'muted' }, '–')
    : clip(value, ID_SHOWN, attributes);
}

/** An id inside a sentence built as one string (a dialog's message): isolated by Unicode's own marks. */
export function isolate(value: unknown): string {
  return `\u2068${String(value)}\u2069`;
}
