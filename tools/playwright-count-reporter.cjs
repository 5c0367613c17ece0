// The Playwright twin of jest-count-reporter.cjs: appends this run's totals to $JEST_COUNT_FILE as one
// JSON line, so .ci/run's closing "tests: N passed" line counts the browser journeys too.
const { appendFileSync } = require('node:fs');

class CountReporter {
  constructor() {
    this.counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  }
  onTestEnd(test, result) {
    // Only the final attempt of a test counts (retries would count one test several times).
    if (result.status !== 'skipped' && result.status !== test.expectedStatus && result.retry < test.retries) return;
    const outcome = test.outcome();
    if (outcome === 'skipped') this.counts.skipped++;
    else if (outcome === 'expected' || outcome === 'flaky') this.counts.passed++;
    else {
      this.counts.failed++;
      this.counts.failures.push(`${test.location.file}: ${test.titlePath().filter(Boolean).join(' › ')}`);
    }
  }
  onEnd() {
    const file = process.env.JEST_COUNT_FILE;
    if (file) appendFileSync(file, `${JSON.stringify(this.counts)}\n`);
  }
  printsToStdio() {
    return false;
  }
}
module.exports = CountReporter;
