// Lighthouse mobile performance of three kinds of page (home, a product, a news article): the
// median score and LCP of 3 runs each, in Debian's Chromium, against the built store served by
// the real server. Lighthouse's default mobile settings apply: simulated slow 4G and a 4x
// slower CPU, so the LCP is the simulated one.
import * as chromeLauncher from 'chrome-launcher'
import lighthouseRun from 'lighthouse'
import { chromiumArgs, chromiumPath } from '../chromium.ts'
import { makeTempDir, removeTempDir, stopGroup } from './processes.ts'
import { readyPath, spawnServer, waitForStatus } from './server.ts'
import type { Measurement, Row } from './types.ts'

const runsPerPage = 3
/**
 * On a busy machine Lighthouse now and then fails to record the trace (NO_NAVSTART, "please run
 * Lighthouse again") and gives no score: such a run is repeated, up to this many attempts.
 */
const attemptsPerRun = 3
const scoreBudget = 95
const lcpBudgetMs = 2000

const pages = [
  { name: 'home', path: '/' },
  { name: 'product page', path: '/wingsuits/corvid-2' },
  { name: 'news article', path: '/news/view/corvid-2-launch' },
]

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

/** The first news article of the built site, when the expected one is not there. */
async function newsPath(origin: string, preferred: string): Promise<string> {
  if ((await fetch(`${origin}${preferred}`)).ok) return preferred
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
  const match = /<loc>[^<]*?(\/news\/view\/[^<]+)<\/loc>/.exec(sitemap)
  if (!match?.[1]) throw new Error('the sitemap lists no news article')
  return match[1]
}

/** One Lighthouse run of `url`: its performance score (0–1) and simulated LCP. */
async function audit(url: string, port: number): Promise<{ score: number; lcp: number }> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouseRun(url, {
      port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    })
    const lhr = result?.lhr
    const score = lhr?.categories.performance?.score
    const lcp = lhr?.audits['largest-contentful-paint']?.numericValue
    if (typeof score === 'number' && typeof lcp === 'number') return { score, lcp }
    const reason = lhr?.runtimeError?.code ?? 'no score'
    const path = new URL(url).pathname
    if (attempt >= attemptsPerRun) {
      throw new Error(`Lighthouse gave no score for ${path} (${reason}, ${attempt} attempts)`)
    }
    console.error(`  ${path}: Lighthouse gave no score (${reason}); running it again`)
  }
}

export const lighthouse: Measurement = {
  name: 'Lighthouse mobile performance',
  async run(context) {
    const dataDir = makeTempDir('bench-lighthouse')
    const server = await spawnServer(context, dataDir)
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: ['--headless=new', ...chromiumArgs],
    })
    try {
      await waitForStatus(server, readyPath, { timeoutMs: 120_000 })
      const rows: Row[] = []
      for (const page of pages) {
        const path =
          page.name === 'news article' ? await newsPath(server.origin, page.path) : page.path
        const scores: number[] = []
        const lcps: number[] = []
        for (let run = 0; run < runsPerPage; run++) {
          const { score, lcp } = await audit(`${server.origin}${path}`, chrome.port)
          scores.push(Math.round(score * 100))
          lcps.push(lcp)
          console.error(
            `  ${path} run ${run + 1}: score ${scores.at(-1)}, LCP ${Math.round(lcp)} ms`,
          )
        }
        rows.push(
          {
            metric: `Lighthouse mobile performance, ${page.name} (${path}), median of ${runsPerPage}`,
            value: median(scores),
            unit: 'count',
            minimum: scoreBudget,
          },
          {
            metric: `LCP (simulated), ${page.name}, median of ${runsPerPage}`,
            value: median(lcps),
            unit: 'ms',
            budget: lcpBudgetMs,
          },
        )
      }
      return rows
    } finally {
      chrome.kill()
      await stopGroup(server)
      removeTempDir(dataDir)
    }
  },
}
