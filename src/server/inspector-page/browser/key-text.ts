import { clip, ID_SHOWN } from './clip.js';
import { cutText } from './cut-text.js';
import { type Attributes, type Child, element } from './element.js';
import { keyParts } from './key-parts.js';

/** A session key's whole text, decoded, and the key as stored when that differs (a tooltip). */
export function keyTitle(key: string): string {
  const parts = keyParts(key);
  const whole =
    parts === null
      ? key
      : parts.map((part) => ('absent' in part ? '–' : (part.user ? '@' : '') + part.text)).join(' / ');
  return whole === key ? key : `${whole} (stored as ${key})`;
}

/**
 * A session key as the text it stands for: its parts decoded (agent / channel / thread, or agent / – / – / @user),
 * each cut and isolated, the stored key in the title. A key of another shape, or not valid percent-encoding, is shown
 * as it is.
 */
export function keyText(key: string, attributes?: Attributes): HTMLElement {
  const parts = keyParts(key);
  const title = keyTitle(key);
  if (parts === null) return clip(key, ID_SHOWN * 2, { title, ...attributes });
  const children: Child[] = [];
  parts.forEach((part, index) => {
    if (index > 0) children.push(element('span', { class: 'separator' }, ' / '));
    if ('absent' in part) children.push(element('span', { class: 'muted' }, '–'));
    else children.push(element('bdi', {}, (part.user ? '@' : '') + cutText(part.text, ID_SHOWN).text));
  });
  return element('bdi', { class: 'clip key', title, ...attributes }, children);
}
