// The worker's background download of the whole site for offline use (issue 9), in Debian's
// Chromium against the built store: a fresh profile opens the home page once, and the figure runs
// from the start of that navigation until the worker reports its background jobs done (the page
// asks it with RUN_BACKGROUND_JOBS, which joins the run the app started after the first view).
// Reported with the files and bytes it fetched; gzip -9 of those files stands for what crosses
// the wire (the server compresses page data). Lighthouse's first-visit figures (lighthouse.ts)
// are taken on fresh profiles too, with this download starting after load at low priority.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import type { PageDataManifest } from '../../contract/page-data-manifest.ts'
import type { BackgroundJobsReport } from '../../sw/messages.ts'
import { withChromium } from './browser.ts'
import { withReadyServer } from './server.ts'
import type { Measurement } from './types.ts'

export const offlineDownload: Measurement = {
  name: 'offline download',
  async run(context) {
    const manifest = JSON.parse(
      readFileSync(join(context.distDir, 'page-data', 'manifest.json'), 'utf8'),
    ) as PageDataManifest
    const gzip = manifest.files.reduce(
      (sum, file) =>
        sum + gzipSync(readFileSync(join(context.distDir, file.url)), { level: 9 }).length,
      0,
    )
    return withReadyServer(context, 'bench-offline-download', (server) =>
      withChromium(async (browser) => {
        const page = await (await browser.newContext()).newPage()
        const started = performance.now()
        await page.goto(`${server.origin}/`, { waitUntil: 'load' })
        const report = await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready
          return new Promise<BackgroundJobsReport>((resolve) => {
            const channel = new MessageChannel()
            channel.port1.onmessage = (event) => resolve(event.data as BackgroundJobsReport)
            registration.active!.postMessage({ type: 'RUN_BACKGROUND_JOBS' }, [channel.port2])
          })
        })
        const duration = performance.now() - started
        const data = report.offlineData
        if (data?.mode !== 'complete' || report.failed.length > 0)
          throw new Error(`the background download did not finish: ${JSON.stringify(report)}`)
        return [
          {
            metric: 'offline download: first view → worker done',
            value: duration,
            unit: 'ms',
            note: 'fresh profile; includes the catalog snapshot and the budgeted images',
          },
          { metric: 'offline download: page-data files', value: data.downloaded, unit: 'count' },
          { metric: 'offline download: page data, raw', value: data.bytes / 1024, unit: 'KiB' },
          { metric: 'offline download: page data, gzip -9', value: gzip / 1024, unit: 'KiB' },
        ]
      }),
    )
  },
}
