import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'

// End-to-end tests run Debian's Chromium (browser downloads are not possible here) against the
// built store served by the real server on a fresh PGlite database. Each worker starts a server of
// its own (tests/e2e/store-server.ts, a worker fixture in tests/e2e/fixtures.ts): its port, data
// dir, mailbox and copy of the build, from E2E_PORT (default 4318) + 10 per worker. One worker by
// default (E2E_WORKERS): on two cores a second one gained little and made a service-worker test
// flaky; more workers are for machines with more cores. Every spec runs on the one build in `dist`:
// settings that differ between servers (the reCAPTCHA site key of recaptcha.spec.ts) are the
// server's, given to its worker through the `storeEnv` option (fixtures.ts).
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    // A trace records every step of every test, to keep only a failed test's: about a tenth of the
    // run's time (36 screens of phone.spec: 137 s with, 122 s without). CI keeps no files, only
    // what the run prints (each failure's error, step and line), so it records none. A run here
    // keeps a failed test's trace (`npx playwright show-trace`).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // A step that cannot happen fails at that step, with its name, not as the whole test's time-out.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
})
