// JavaScript a first visit to the home page needs: in a fresh Chromium context (HTTP cache empty,
// service workers blocked so nothing is served by the worker), every script requested before the
// page has both fired its load event and painted its <h1>, gzip -9 compressed the way a server
// would send it. Scripts the app starts afterwards (the query layer, worker registration) are
// reported apart as deferred: they do not hold up the first view.
import { gzipSync } from 'node:zlib'
import type { Response } from '@playwright/test'
import type { Measurement } from './types.ts'
import { withReadyServer } from './server.ts'
import { withChromium } from './browser.ts'

const budgetGzipKiB = 100

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

export const firstLoadJs: Measurement = {
  name: 'home first-load JS',
  async run(context) {
    return withReadyServer(context, 'bench-first-load', (server) =>
      withChromium(async (browser) => {
        const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage()
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
        const home = await page.goto(`${server.origin}/`, {
          waitUntil: 'networkidle',
          timeout: 60_000,
        })
        if (!home?.ok()) throw new Error(`GET / answered ${home?.status() ?? 'nothing'}`)
        const startTimes = await page.evaluate(() => {
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
        if (!startTimes) throw new Error('the home page never painted its <h1>')
        const startedAt = new Map(startTimes.scripts.map((s) => [s.url, s.startTime]))
        const files = await Promise.all(pending)
        const all = [...new Map(files.map((file) => [file.url, file])).values()]
        const unique = all.filter((f) => (startedAt.get(f.url) ?? 0) < startTimes.firstView)
        const deferred = all.filter((f) => !unique.includes(f))
        if (unique.length === 0) throw new Error('the home page loaded no JavaScript')
        for (const file of all) {
          const path = new URL(file.url).pathname
          const when = unique.includes(file) ? 'first view' : 'deferred'
          console.error(`  ${path}: ${file.raw} B raw, ${file.gzip} B gzip (${when})`)
        }
        const sum = (key: 'raw' | 'gzip') => unique.reduce((total, file) => total + file[key], 0)
        return [
          {
            metric: 'home first-load JS, gzip -9',
            value: sum('gzip') / 1024,
            unit: 'KiB',
            budget: budgetGzipKiB,
          },
          { metric: 'home first-load JS, raw', value: sum('raw') / 1024, unit: 'KiB' },
          { metric: 'home first-load JS files', value: unique.length, unit: 'count' },
          {
            metric: 'home JS deferred until after the first view, gzip -9',
            value: deferred.reduce((total, file) => total + file.gzip, 0) / 1024,
            unit: 'KiB',
          },
        ]
      }),
    )
  },
}
