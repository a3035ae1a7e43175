import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'
import base from './playwright.config.ts'

// The reCAPTCHA end-to-end tests (tests/e2e/recaptcha.spec.ts): a build with a site key
// (`npm run build:recaptcha`, into dist-recaptcha) and a server with the same key, which opens
// Google's origins on the form pages. The rest of the suite runs without a key.
const port = Number(process.env.E2E_PORT ?? 4318)
const dataDir = join(tmpdir(), `glidecraft-e2e-recaptcha-${port}`)

export default defineConfig({
  ...base,
  testMatch: 'recaptcha.spec.ts',
  testIgnore: [],
  reporter: [['list'], ['json', { outputFile: 'reports/playwright-recaptcha.json' }]],
  webServer: {
    ...base.webServer,
    command: `rm -rf "${dataDir}" && tsx server/main.ts`,
    env: {
      ...(base.webServer as { env: Record<string, string> }).env,
      DATA_DIR: dataDir,
      STATIC_DIR: './dist-recaptcha',
      RECAPTCHA_SITE_KEY: 'e2e-site-key',
    },
  },
})
