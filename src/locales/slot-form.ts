import type { SlotForm } from './locale-pack.js';

/** A slot form from its pattern's source (read without case, Unicode-aware). */
export function slotForm(source: string, kind: SlotForm['kind'] = 'state', ambiguous = false): SlotForm {
  return { pattern: new RegExp(source, 'iu'), kind, ambiguous };
}
