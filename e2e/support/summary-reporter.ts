import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** One final line that a log search or a CI summary can pick up. */
export default class SummaryReporter implements Reporter {
  private counts = { passed: 0, failed: 0, skipped: 0, flaky: 0 };

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'skipped') this.counts.skipped += 1;
    else if (test.outcome() === 'flaky' && result.status === 'passed') this.counts.flaky += 1;
    else if (result.status === 'passed') this.counts.passed += 1;
    else if (result.retry === test.retries) this.counts.failed += 1;
  }

  onEnd(result: FullResult) {
    const { passed, failed, skipped, flaky } = this.counts;
    const seconds = (result.duration / 1000).toFixed(1);
    console.log(
      `e2e ${result.status}: ${passed} passed, ${failed} failed, ${flaky} flaky, ${skipped} skipped in ${seconds}s`,
    );
  }

  printsToStdio() {
    return false;
  }
}
