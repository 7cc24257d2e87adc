import type { ForgetReport } from './api-types.js';

/** A forget's report in one sentence, for the notice shown after it. */
export function forgetReport(report: ForgetReport): string {
  return (
    `Forgotten: ${report.sessions} session(s) deleted, ${report.turns} turn(s), ${report.facts} fact(s); ` +
    `${report.factsRewritten} other fact(s) rewritten without the forgotten words.`
  );
}
