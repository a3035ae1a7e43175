// JavaScript a first visit loads, on the home page and a configurable product's page, in a fresh
// Chromium context (HTTP cache, storage and service workers empty), gzip -9 compressed the way a
// server would send it. Two figures per page:
// - before the load event: every script requested before the page has both fired its load
//   event and painted its <h1>, what the first view needs (budget ≤ 100 KiB);
// - everything the page loads, idle work included: after the first view the app starts the
//   query layer, registers the service worker and hands it the catalog snapshot, and this waits
//   until the worker controls the page and the network is quiet (budget ≤ 150 KiB on home). The
//   worker's own downloads (its precache) are not the page's JavaScript and are not counted.
import { gzipSync } from 'node:zlib'
import type { Page, Response } from '@playwright/test'
import type { Measurement, Row } from './types.ts'
import { withReadyServer } from './server.ts'
import { withChromium } from './browser.ts'

const firstViewBudgetKiB = 100
const homeTotalBudgetKiB = 150

const pages = [
  { name: 'home', path: '/', totalBudget: homeTotalBudgetKiB },
  { name: 'product page', path: '/wingsuits/corvid-2', totalBudget: undefined },
]

interface ScriptFile {
  url: string
  raw: number
  gzip: number
}

function isScript(response: Response): boolean {
  const contentType = response.headers()['content-type'] ?? ''
  return response.request().resourceType() === 'script' || contentType.includes('javascript')
}

async function measure(response: Response): Promise<ScriptFile> {
  const body = await response.body()
  return { url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length }
}

/** When the first view was up: the later of the load event and the <h1>'s first paint. */
async function firstViewAt(
  page: Page,
): Promise<{ firstView: number; startedAt: Map<string, number> }> {
  const times = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined
    const painted = (window as unknown as { __h1PaintedAt?: number }).__h1PaintedAt
    if (!navigation || painted === undefined) return null
    return {
      firstView: Math.max(navigation.loadEventStart, painted),
      scripts: performance
        .getEntriesByType('resource')
        .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
    }
  })
  if (!times) throw new Error('the page never painted its <h1>')
  return {
    firstView: times.firstView,
    startedAt: new Map(times.scripts.map((s) => [s.url, s.startTime])),
  }
}

const kib = (files: ScriptFile[]) => files.reduce((total, file) => total + file.gzip, 0) / 1024

export const firstLoadJs: Measurement = {
  name: 'first-load JS',
  async run(context) {
    return withReadyServer(context, 'bench-first-load', (server) =>
      withChromium(async (browser) => {
        const rows: Row[] = []
        for (const { name, path, totalBudget } of pages) {
          const browserContext = await browser.newContext()
          const page = await browserContext.newPage()
          await page.addInitScript(() => {
            const w = window as unknown as { __h1PaintedAt?: number }
            new MutationObserver((_, observer) => {
              if (document.querySelector('#app h1')) {
                requestAnimationFrame(() => (w.__h1PaintedAt = performance.now()))
                observer.disconnect()
              }
            }).observe(document, { childList: true, subtree: true })
          })
          const pending: Promise<ScriptFile>[] = []
          page.on('response', (response) => {
            if (isScript(response)) pending.push(measure(response))
          })
          const answer = await page.goto(`${server.origin}${path}`, {
            waitUntil: 'load',
            timeout: 60_000,
          })
          if (!answer?.ok())
            throw new Error(`GET ${path} answered ${answer?.status() ?? 'nothing'}`)
          // The idle work is done once the worker it registers controls the page and the page's
          // requests have settled.
          await page.evaluate(async () => {
            await navigator.serviceWorker.ready
            if (navigator.serviceWorker.controller) return
            await new Promise((resolve) =>
              navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
            )
          })
          await page.waitForLoadState('networkidle')
          const { firstView: firstViewAtMs, startedAt } = await firstViewAt(page)
          const files = await Promise.all(pending)
          await browserContext.close()

          const all = [...new Map(files.map((file) => [file.url, file])).values()]
          const firstView = all.filter((f) => (startedAt.get(f.url) ?? 0) < firstViewAtMs)
          if (firstView.length === 0) throw new Error(`${path} loaded no JavaScript`)
          for (const file of all) {
            const when = firstView.includes(file) ? 'before load' : 'idle work'
            console.error(
              `  ${path} ${new URL(file.url).pathname}: ${file.raw} B raw, ${file.gzip} B gzip (${when})`,
            )
          }
          rows.push(
            {
              metric: `${name} JS before the load event, gzip -9`,
              value: kib(firstView),
              unit: 'KiB',
              budget: firstViewBudgetKiB,
              note: `${firstView.length} files`,
            },
            {
              metric: `${name} JS of a first visit, idle work included, gzip -9`,
              value: kib(all),
              unit: 'KiB',
              budget: totalBudget,
              note: `${all.length} files`,
            },
          )
        }
        return rows
      }),
    )
  },
}
