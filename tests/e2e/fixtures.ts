import { readFileSync } from 'node:fs'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import {
  test as base,
  expect,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Page,
} from '@playwright/test'
import { PAGE_DATA_MANIFEST_URL, type PageDataManifest } from '../../contract/page-data-manifest.ts'
import type { BackgroundJobsReport } from '../../sw/messages.ts'
import { keepOfflineAcrossNavigations } from '../../scripts/offline-emulation.ts'
import { startStoreServer, workerPorts, type StoreServer } from './store-server.ts'

interface WorkerFixtures {
  /** The build the worker's server serves: `dist`. */
  storeStaticDir: string
  /**
   * More environment for the worker's server (recaptcha.spec.ts sets a site key with `test.use`:
   * its tests then run in a worker, and on a server, of their own).
   */
  storeEnv: Record<string, string>
  /** The worker's own store server (store-server.ts); tests reach it through `baseURL`. */
  storeServer: StoreServer
  /** The worker's pages kept between tests, by name: see `onOnePage`. */
  keptPages: (name: string, options: BrowserContextOptions) => Promise<Page>
}

/**
 * Whether the worker's background download of the site's page data runs in a test's contexts.
 * 'real' (the default): as a visitor's browser does it, every page's data, then API answers and
 * images. 'none': the worker's server serves the build's manifest with no file listed, so nothing
 * is downloaded. It is a few hundred requests competing with the test for two cores; a spec whose
 * subject is not offline data (the cart, payments, a screen's layout) sets 'none' with
 * `test.use({ pageDataDownload: 'none' })`. What the download does is offline-site.spec.ts's.
 */
export type PageDataDownload = 'real' | 'none'

/**
 * Each worker's copy of the build, by its folder: the manifest it was made with, and what its
 * server serves now ('real' until a test says 'none').
 */
const pageDataServed = new Map<string, { built: string; serving: PageDataDownload }>()

/**
 * Serves `setting`'s manifest from the worker's copy of the build, in place of the file, for
 * every context the test opens. The file is replaced, not answered by a route: a route in a
 * context makes each of its requests (a first visit's worker install is about 170) stop in the
 * browser and wait for the test's side, about 0.4 s and 0.8 s of processor time per first visit.
 * Tests in a worker run one after another, so the file is the test's own. Resolves once the
 * server answers with the new file (it reads a file again when its folder's watcher reports it).
 */
async function servePageData(server: StoreServer, setting: PageDataDownload): Promise<void> {
  const file = join(server.staticDir, PAGE_DATA_MANIFEST_URL)
  let state = pageDataServed.get(server.staticDir)
  if (!state) {
    state = { built: await readFile(file, 'utf8'), serving: 'real' }
    pageDataServed.set(server.staticDir, state)
  }
  if (state.serving === setting) return
  const { built } = state
  const manifest = JSON.parse(built) as PageDataManifest
  const served = setting === 'real' ? built : JSON.stringify({ ...manifest, files: [] })
  // Whole or not at all: a request never reads half a file.
  await writeFile(`${file}.next`, served)
  await rename(`${file}.next`, file)
  const listed = setting === 'real' ? manifest.files.length : 0
  await expect
    .poll(async () => {
      const response = await fetch(new URL(PAGE_DATA_MANIFEST_URL, server.origin))
      return ((await response.json()) as PageDataManifest).files.length
    })
    .toBe(listed)
  state.serving = setting
}

/** The failures each test has said it expects (`expectFailedResource`), by its error list. */
const expectedFailures = new WeakMap<string[], RegExp[]>()

/** Whether a console error is the browser's "Failed to load resource" of the `expected` kind. */
const isFailedResource = (error: string, expected: RegExp) =>
  error.startsWith('Failed to load resource') && expected.test(error)

/**
 * Fails a test on any console error or uncaught page error (CSP violations included). A test
 * that expects a resource to fail says so with `expectFailedResource`.
 */
export const test = base.extend<
  { consoleErrors: string[]; pageDataDownload: PageDataDownload; pageDataServed: void },
  WorkerFixtures
>({
  pageDataDownload: ['real', { option: true }],
  storeStaticDir: ['dist', { scope: 'worker', option: true }],
  storeEnv: [{}, { scope: 'worker', option: true }],
  storeServer: [
    async ({ storeStaticDir, storeEnv }, use, workerInfo) => {
      const server = await startStoreServer(workerPorts(workerInfo.parallelIndex), {
        staticDir: storeStaticDir,
        env: storeEnv,
      })
      await use(server)
      await server.stop()
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  keptPages: [
    async ({ browser, storeServer }, use) => {
      const pages = new Map<string, Promise<Page>>()
      await use((name, options) => {
        let page = pages.get(name)
        if (!page) {
          page = (async () => {
            const context = await browser.newContext({ ...options, baseURL: storeServer.origin })
            return context.newPage()
          })()
          pages.set(name, page)
        }
        return page
      })
      for (const page of pages.values()) await (await page).context().close()
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ storeServer }, use) => use(storeServer.origin),
  // Every context the tests open stays offline across navigations once set so
  // (scripts/offline-emulation.ts); the default context is made by browser.newContext too.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser)
      browser.newContext = async (options) => {
        const context = await newContext(options)
        keepOfflineAcrossNavigations(context)
        return context
      }
      await use(browser)
    },
    { scope: 'worker' },
  ],
  // Before the test's first page, for every context it opens.
  pageDataServed: [
    async ({ storeServer, pageDataDownload }, use) => {
      await servePageData(storeServer, pageDataDownload)
      await use()
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() === 'error') errors.push(message.text())
      }
      const onPageError = (error: Error) => errors.push(error.message)
      page.on('console', onConsole)
      page.on('pageerror', onPageError)
      await use(errors)
      // A page kept for the next test (onOnePage) reports to that test's list.
      page.off('console', onConsole)
      page.off('pageerror', onPageError)
      const expected = expectedFailures.get(errors) ?? []
      const unexpected = errors.filter((e) => !expected.some((re) => isFailedResource(e, re)))
      expect(unexpected, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * The tests of `test` that visit screens and change nothing (a screen's targets, axe, layout),
 * on one page the worker keeps between them: `name`'s, opened with `options`. A fresh profile
 * costs each test a new context and a worker install, about 4 s of processor time here
 * (docs/testing.md); visiting the next screen in the same page is what a visitor does. What a
 * first visit, a fresh device or a change of state does keeps a fresh profile per test. After a
 * failed test Playwright starts a new worker, and so a new page.
 */
export function onOnePage(name: string, options: BrowserContextOptions) {
  return test.extend({
    page: async ({ keptPages }, use) => use(await keptPages(name, options)),
  })
}

/** Waits until the service worker controls the page (it claims clients on first install). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), {
        once: true,
      }),
    )
  })
}

/** Asks the worker to run its background jobs and waits for its report (joins a run under way). */
export function runBackgroundJobs(page: Page): Promise<BackgroundJobsReport> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return new Promise<BackgroundJobsReport>((resolve) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = (event) => resolve(event.data as BackgroundJobsReport)
      registration.active!.postMessage({ type: 'RUN_BACKGROUND_JOBS' }, [channel.port2])
    })
  })
}

/**
 * Checks that the browser logged "Failed to load resource" for an expected status, or for a
 * request that failed because the network is gone, and accepts that failure for the rest of the
 * test: Chromium may log the same failure again a moment later (the service worker's fetch and
 * the page's), after this check has run.
 */
export function expectFailedResource(errors: string[], status: number | 'offline'): void {
  const expected =
    status === 'offline'
      ? /net::ERR_(FAILED|INTERNET_DISCONNECTED)/
      : new RegExp(`the server responded with a status of ${status}`)
  const failed = errors.filter((e) => isFailedResource(e, expected))
  expect(failed.length).toBeGreaterThan(0)
  expectedFailures.set(errors, [...(expectedFailures.get(errors) ?? []), expected])
  errors.splice(0, errors.length, ...errors.filter((e) => !failed.includes(e)))
}

/**
 * Waits until the catalog snapshot is in IndexedDB: the worker takes it once it has activated,
 * or, with no worker, the page after its first view (on a busy machine that can take a while).
 */
export async function waitForCatalogSnapshot(page: Page, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const open = indexedDB.open('glidecraft')
              // Not there yet: looking must not create it (empty, without its tables).
              open.onupgradeneeded = () => open.transaction?.abort()
              open.onsuccess = () => {
                const db = open.result
                const count = db.transaction('products').objectStore('products').count()
                count.onsuccess = () => {
                  resolve(count.result)
                  db.close()
                }
              }
              open.onerror = () => resolve(0)
            }),
        ),
      { timeout },
    )
    .toBeGreaterThan(3)
}

/** Offline, requests the worker could not answer are logged by the browser: expected here. */
export function forgetOfflineFailures(errors: string[]) {
  const offline = /^Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED|CONNECTION)/
  errors.splice(0, errors.length, ...errors.filter((e) => !offline.test(e)))
}

/** The device's anonymous cart token, as the page keeps it. */
export async function cartToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('cart-token'))
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
  return token!
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[] }>
}

/** The WCAG 2.2 AA rules (issue 32): axe's rules with these tags, target size (2.5.8) included. */
const wcag22aa = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  // Off in axe by default; the tag alone does not turn it on.
  rules: { 'target-size': { enabled: true } },
}

/**
 * Runs axe-core in the page; returns the serious and critical violations, described. By default
 * every rule axe runs (WCAG and its best practices); `wcag: '2.2 AA'` runs the WCAG 2.2 AA rules,
 * target size included.
 */
export async function seriousViolations(
  page: Page,
  { wcag }: { wcag?: '2.2 AA' } = {},
): Promise<string[]> {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(
    async (options) => {
      const axe = (
        window as unknown as { axe: { run: (ctx: Document, options?: object) => Promise<unknown> } }
      ).axe
      return ((await axe.run(document, options ?? {})) as { violations: Violation[] }).violations
    },
    wcag ? wcag22aa : null,
  )
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
}

/**
 * A new build deployed while `during` runs: the service worker's bytes change (`sw.js` in the
 * worker server's copy of the build, as a release changes them), and are put back afterwards
 * whatever happens.
 */
export async function withNewBuild<T>(server: StoreServer, during: () => Promise<T>): Promise<T> {
  const swPath = join(server.staticDir, 'sw.js')
  const original = await readFile(swPath, 'utf8')
  await writeFile(swPath, `${original}\n// next release\n`)
  try {
    return await during()
  } finally {
    await writeFile(swPath, original)
  }
}

/** The page looks for a new worker, offers "Reload to update", and the visitor takes it. */
export async function reloadOntoNewBuild(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    await registration.update()
  })
  const prompt = page.getByRole('button', { name: 'Reload to update' })
  await expect(prompt).toBeVisible({ timeout: 15_000 })
  await Promise.all([page.waitForEvent('load'), prompt.click()])
}
