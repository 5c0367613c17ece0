import { expect, test } from './fixtures.js';

// These tests take no `consoleErrors`: the browser reports each refusal on the console, which is the point.

test('the page runs no script it did not load from its own origin', async ({ page }) => {
  const response = await page.goto('/plans');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An inline script runs as it is inserted, unless the page's policy refuses it.
  const injectedRan = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.documentElement.dataset.injected = "ran"';
    document.head.append(script);
    return document.documentElement.dataset.injected === 'ran';
  });
  expect(injectedRan).toBe(false);
});

test('no other site can frame the dashboard (where people sign in and issue keys)', async ({ page, server }) => {
  const framed = page.waitForResponse(`${server.origin}/sign-in`);
  await page.setContent(`<iframe src="${server.origin}/sign-in" title="framed"></iframe>`);
  expect((await framed).headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // Chromium replaces a refused frame's document with its own error page: the app never renders there.
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith('chrome-error://'))).toBe(true);
  await expect(page.frameLocator('iframe').getByRole('button')).toHaveCount(0);
});
