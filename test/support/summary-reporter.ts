import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints `N passed, N failed, N skipped` as the very last line of a run, the plain summary CI reads.
 * A run with unhandled errors counts each of them as a failure.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const testModule of testModules) {
      let failedHere = 0;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedHere += 1;
        else skipped += 1;
      }
      // A file that failed outside its tests (an import error, a failing beforeAll) is one failure more.
      failed += testModule.state() === 'failed' && failedHere === 0 ? 1 : failedHere;
    }
    // Printed after the default reporter's summary, so it is the last line of `npm test`.
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
