/** How long an expectation retries (the config's `expect.timeout`, and helpers that retry on their own). */
export const EXPECT_TIMEOUT_MS = 20_000;
