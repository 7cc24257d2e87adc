// A clause that says what holds now ("now", "现在", "今は"), and one that says what no longer holds, or was left.
const NOW = /\bnow\b|\bthese days\b|现在|現在|目前|今は|今では/i;
const NO_LONGER =
  /\bno longer\b|\bnot anymore\b|\bany ?more\b|\bstopped\b|\bquit\b|\bleft\b|不再|不用.*了$|离职|離職|辞职|辭職|戒了|やめ|辞め/i;

export function mentionsNow(clause: string): boolean {
  return NOW.test(clause) && !NO_LONGER.test(clause);
}

export function mentionsNoLonger(clause: string): boolean {
  return NO_LONGER.test(clause);
}
