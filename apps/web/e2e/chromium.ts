/**
 * How the tests and the screenshot script start Debian's Chromium (Playwright's own download is unreachable
 * here). Without the background-networking flags Chromium keeps dialling Google hosts that this closed
 * network refuses.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
