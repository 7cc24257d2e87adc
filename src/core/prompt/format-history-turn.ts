import { escapeTags } from '../text/escape-tags.js';
import { trimTurn } from './trim-turn.js';

export interface TrimOptions {
  threshold: number;
  head: number;
  tail: number;
}

/** A stored turn as it is sent again: trimmed when long, tags escaped. */
export function formatHistoryTurn(text: string, trim: TrimOptions): string {
  return escapeTags(trimTurn(text, trim));
}
