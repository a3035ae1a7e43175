import { defineConfig } from '@playwright/test'
import type { StoreServerOptions } from './tests/e2e/store-server.ts'
import base from './playwright.config.ts'

// The reCAPTCHA end-to-end tests (tests/e2e/recaptcha.spec.ts): a build with a site key
// (`npm run build:recaptcha`, into dist-recaptcha) and a server with the same key, which opens
// Google's origins on the form pages. The rest of the suite runs without a key.
export default defineConfig<
  unknown,
  { storeStaticDir: string; storeEnv: StoreServerOptions['env'] }
>({
  ...base,
  testMatch: 'recaptcha.spec.ts',
  testIgnore: [],
  reporter: [['list'], ['json', { outputFile: 'reports/playwright-recaptcha.json' }]],
  use: {
    ...base.use,
    // The worker fixtures' options (tests/e2e/fixtures.ts): the build with the key, and a server
    // with the same key.
    storeStaticDir: './dist-recaptcha',
    storeEnv: { RECAPTCHA_SITE_KEY: 'e2e-site-key' },
  },
})
