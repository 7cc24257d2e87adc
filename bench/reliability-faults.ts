import { runFaultInjection } from '../test/support/fault-injection.js';

/** Conversations whose every extraction and summary call fails in one of the ways real APIs fail, drawn at random. */
export async function faultInjection(): Promise<{
  turns: number;
  faults: number;
  failedTurns: number;
  stored: number;
}> {
  const totals = { turns: 0, faults: 0, failedTurns: 0, stored: 0 };
  for (let seed = 1; seed <= 10; seed += 1) {
    const report = await runFaultInjection({ seed, sessions: 5, turns: 6 });
    totals.turns += report.turns;
    totals.faults += report.faults;
    totals.failedTurns += report.failedTurns;
    totals.stored += report.stored.length;
  }
  return totals;
}
