// Pictures of the store for the README: a phone and a desktop, each on the home page, a listing and
// a product with its configurator, in the light theme, written to docs/screenshots/*.png.
//
//   npm run screenshots [-- --no-build]
//
// Builds first (`--no-build` reuses an existing dist/), then serves dist/ with the real server on
// a free port (SCREENSHOTS_PORT picks one) and a fresh database, and drives Debian's Chromium.
import { existsSync, mkdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { BrowserContextOptions, Page } from '@playwright/test'
import { withChromium } from './bench/browser.ts'
import {
  freePort,
  installCleanup,
  makeTempDir,
  removeTempDir,
  runToEnd,
  spawnGroup,
  stopGroup,
} from './bench/processes.ts'
import { readyPath, waitForStatus } from './bench/server.ts'

const root = resolve(import.meta.dirname, '..')
const distDir = join(root, 'dist')
const outDir = join(root, 'docs', 'screenshots')

const devices: Record<'phone' | 'desktop', BrowserContextOptions> = {
  // A 390-pixel phone (the size the store is designed for), touch and a mobile viewport.
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
}

const screens: Array<{
  name: string
  path: string
  ready: (page: Page) => Promise<unknown>
  /** What a visitor does before the picture is taken. */
  act?: (page: Page) => Promise<unknown>
}> = [
  { name: 'home', path: '/', ready: (page) => page.locator('h1').waitFor() },
  {
    name: 'listing',
    path: '/wingsuits',
    ready: (page) => page.locator('.product-card img').first().waitFor(),
  },
  {
    name: 'configurator',
    path: '/wingsuits/corvid-2#design',
    // The drawing and the price: the configurator has loaded and painted the default design.
    ready: (page) =>
      page.getByRole('button', { name: 'Add to order' }).waitFor({ timeout: 30_000 }),
    // On a phone: choosing colours, the drawing in view above them (the section bar shows only there).
    act: async (page) => {
      const colours = page
        .getByRole('navigation', { name: 'Parts of the design' })
        .getByRole('button', { name: 'Colours' })
      if (await colours.isVisible()) await colours.click()
    },
  },
]

async function main(): Promise<void> {
  installCleanup()
  if (!process.argv.includes('--no-build') || !existsSync(join(distDir, 'index.html'))) {
    console.error('screenshots: npm run build')
    await runToEnd('npm', ['run', 'build', '--silent'], { cwd: root, timeoutMs: 5 * 60_000 })
  }
  mkdirSync(outDir, { recursive: true })

  const port = Number(process.env.SCREENSHOTS_PORT) || (await freePort())
  const dataDir = makeTempDir('screenshots')
  const spawned = spawnGroup(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: distDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The pictures show the checkout's test cards (and the test store's notice).
      TEST_PAYMENTS: 'true',
    },
  })
  const server = { ...spawned, origin: `http://127.0.0.1:${port}`, spawnedAt: performance.now() }
  try {
    await waitForStatus(server, readyPath, { timeoutMs: 120_000 })
    await withChromium(async (browser) => {
      for (const [device, options] of Object.entries(devices)) {
        // No service worker: a picture must not catch the first visit's install in progress.
        const context = await browser.newContext({
          ...options,
          colorScheme: 'light',
          reducedMotion: 'reduce',
          serviceWorkers: 'block',
        })
        const page = await context.newPage()
        for (const screen of screens) {
          await page.goto(server.origin + screen.path, { waitUntil: 'networkidle' })
          await screen.ready(page)
          await screen.act?.(page)
          // Lazy images below the first view are not in the picture; those in it have loaded.
          await page.waitForLoadState('networkidle')
          // Headless Chromium paints the sticky app bar after a scroll at load (the #design
          // anchor) only once an input event arrives; a null wheel and two frames bring it in.
          await page.mouse.wheel(0, 0)
          await page.evaluate(
            () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
          )
          const file = join(outDir, `${device}-${screen.name}.png`)
          await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' })
          console.error(`  ${file}: ${Math.round(statSync(file).size / 1024)} KiB`)
        }
        await context.close()
      }
    })
  } finally {
    await stopGroup(server)
    removeTempDir(dataDir)
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`screenshots: ${(error as Error).stack ?? String(error)}`)
    process.exit(1)
  },
)
