import { createRequire } from 'node:module';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.js';
import { EXPECT_TIMEOUT_MS } from './timeouts.js';

const require = createRequire(import.meta.url);

/**
 * Browser journeys against the built server (apps/server/dist/main.js), each on a fresh embedded
 * database. Debian's Chromium is driven instead of Playwright's download (unreachable here).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  outputDir: '../test-results',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: process.env.CI === 'true',
  timeout: 180_000,
  expect: { timeout: EXPECT_TIMEOUT_MS },
  reporter: [[process.env.CI === 'true' ? 'list' : 'line'], [require.resolve('../../../tools/playwright-count-reporter.cjs')]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 20_000,
    navigationTimeout: 60_000,
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 900 } } }],
});
