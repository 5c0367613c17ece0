// Appends this Jest run's totals to $JEST_COUNT_FILE (one JSON line per project), so that .ci/run can
// print one closing "tests: N passed, N failed" line over every project Nx ran, and the failed tests' names
// (a CI log shown in part would otherwise hide which test failed).
//
// A run that ends before Jest reports (the process exits from an error thrown outside any test, or from a test's
// process.exit) still leaves a line: one failure naming the project, the exit code and the last uncaught error. Two CI
// runs exited 1 with every counted test passing and one project's tests missing from the totals.
const { appendFileSync } = require('node:fs');
const { basename } = require('node:path');

class CountReporter {
  constructor(globalConfig) {
    this.project = basename(globalConfig?.rootDir ?? process.cwd());
    this.reported = false;
    this.lastError = null;
    // A monitor only watches: the process still crashes as it would without it.
    process.on('uncaughtExceptionMonitor', (error) => {
      this.lastError = error instanceof Error ? error.message.split('\n')[0] : String(error);
    });
    process.on('exit', (code) => {
      if (this.reported) return;
      const why = `${this.project}: Jest exited with code ${code} before reporting its results${this.lastError ? ` (uncaught: ${this.lastError})` : ''}`;
      this.write({ passed: 0, failed: 1, skipped: 0, failures: [why] });
    });
  }

  write(line) {
    const file = process.env.JEST_COUNT_FILE;
    if (file) appendFileSync(file, `${JSON.stringify(line)}\n`);
  }

  onRunComplete(_contexts, results) {
    this.reported = true;
    this.write({
      passed: results.numPassedTests,
      failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
      skipped: results.numPendingTests + results.numTodoTests,
      failures: results.testResults.flatMap((file) => [
        ...(file.testExecError ? [`${file.testFilePath}: ${file.testExecError.message.split('\n')[0]}`] : []),
        ...file.testResults.filter((t) => t.status === 'failed').map((t) => `${file.testFilePath}: ${t.fullName}`),
      ]),
    });
  }
}
module.exports = CountReporter;
