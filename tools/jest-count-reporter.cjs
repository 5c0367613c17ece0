// Appends this Jest run's totals to $JEST_COUNT_FILE (one JSON line per project), so that .ci/run can
// print one closing "tests: N passed, N failed" line over every project Nx ran, and the failed tests' names
// (a CI log shown in part would otherwise hide which test failed).
const { appendFileSync } = require('node:fs');

class CountReporter {
  onRunComplete(_contexts, results) {
    const file = process.env.JEST_COUNT_FILE;
    if (!file) return;
    appendFileSync(
      file,
      `${JSON.stringify({
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
        failures: results.testResults.flatMap((file) => [
          ...(file.testExecError ? [`${file.testFilePath}: ${file.testExecError.message.split('\n')[0]}`] : []),
          ...file.testResults.filter((t) => t.status === 'failed').map((t) => `${file.testFilePath}: ${t.fullName}`),
        ]),
      })}\n`,
    );
  }
}
module.exports = CountReporter;
