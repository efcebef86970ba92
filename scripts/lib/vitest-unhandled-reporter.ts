// A vitest reporter that writes the run's unhandled errors (and why the run ended) to
// test-results/vitest-unhandled.json. Vitest's JSON report leaves them out: a run whose every test
// passed but that exits 1 on an unhandled rejection, or an interrupted run, otherwise has nothing
// to name in `npm test`'s closing lines (a CI log shows only its tail).
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node';

export const UNHANDLED_REPORT = 'test-results/vitest-unhandled.json';

export default class VitestUnhandledReporter implements Reporter {
  onTestRunEnd(
    _testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ) {
    const errors = unhandledErrors.map((error) => ({
      name: error.name,
      message: error.message,
      stack: error.stack,
      // Vitest tags an error with the file (and test) that was running when it was thrown.
      file: (error as Record<string, unknown>).VITEST_TEST_PATH,
      test: (error as Record<string, unknown>).VITEST_TEST_NAME,
    }));
    mkdirSync('test-results', { recursive: true });
    writeFileSync(UNHANDLED_REPORT, JSON.stringify({ reason, errors }));
  }
}
