import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './scripts/chromium.ts'
import { smtpPort } from './tests/e2e/mailbox.ts'

// End-to-end tests run Debian's Chromium (browser downloads are not possible here) against the
// built store served by the real server on a fresh PGlite database.
const port = Number(process.env.E2E_PORT ?? 4318)
// Per port, so two runs on one machine (E2E_PORT) keep apart.
const dataDir = join(tmpdir(), `glidecraft-e2e-data-${port}`)

export default defineConfig({
  testDir: 'tests/e2e',
  // Needs a build with a site key: playwright.recaptcha.config.ts.
  testIgnore: 'recaptcha.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    // A step that cannot happen fails at that step, with its name, not as the whole test's time-out.
    actionTimeout: 30_000,
    navigationTimeout: 30_000,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  webServer: {
    // The API mark (contract/api-mark.ts) is set by a preload until the server sets it itself.
    command: `rm -rf "${dataDir}" && tsx server/main.ts`,
    url: `http://localhost:${port}/api/product/corvid-2?active=1`,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Mail goes to the mailbox the account tests open in their own process (tests/e2e/
      // mailbox.ts), and its links lead back to this server.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SITE_URL: `http://localhost:${port}`,
      DEMO_ACCOUNTS: 'true',
    },
    reuseExistingServer: false,
    timeout: 120_000,
  },
})
