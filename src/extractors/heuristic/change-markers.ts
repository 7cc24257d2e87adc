import { EXTRACTIONS } from '../../locales/locale-table.js';

const MARKERS = EXTRACTIONS.flatMap((extraction) => (extraction.changeMarkers ? [extraction.changeMarkers] : []));

/** A clause that says what holds now (in any pack's words: "now", "these days") and not what was left. */
export function mentionsNow(clause: string): boolean {
  return MARKERS.some((markers) => markers.now.test(clause)) && !mentionsNoLonger(clause);
}

/** A clause that says what no longer holds, or was left. */
export function mentionsNoLonger(clause: string): boolean {
  return MARKERS.some((markers) => markers.noLonger.test(clause));
}
