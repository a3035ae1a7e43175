// Lighthouse mobile performance of a FIRST visit to the kinds of page (home, a configurable
// product, a news article, and the cart, sign-in and checkout shells): each run is a fresh Chromium with a profile of its own, so nothing a
// previous run stored (IndexedDB, localStorage, the service worker's caches) helps it. The median
// of 3 runs per page with their spread, for the score, Total Blocking Time and LCP. Beside it, one
// returning visit per page: a second audit in the browser of the first run, which has the catalog
// snapshot and the worker's caches (Lighthouse clears the HTTP cache and unregisters the worker,
// not IndexedDB). Lighthouse's default mobile settings apply: simulated slow 4G and a 4x slower
// CPU. TBT moves by ±200 ms on a busy 2-core machine: measure with the machine otherwise idle.
// Beside each run, the same page without its JavaScript from bare node:http (scriptless.ts), in
// turn with it: the score this machine gives the page's paint alone, in the same minutes.
import * as chromeLauncher from 'chrome-launcher'
import lighthouseRun from 'lighthouse'
import { chromiumArgs, chromiumPath } from '../chromium.ts'
import { makeTempDir, removeTempDir } from './processes.ts'
import { startScriptless } from './scriptless.ts'
import { withReadyServer } from './server.ts'
import type { Measurement, Row } from './types.ts'

const runsPerPage = 3
/**
 * On a busy machine Lighthouse now and then fails to record the trace (NO_NAVSTART, "please run
 * Lighthouse again") and gives no score: such a run is repeated, up to this many attempts.
 */
const attemptsPerRun = 3
/** Issue 8: a first visit scores ≥ 98 with TBT ≤ 150 ms (median of 3 fresh runs). */
const scoreBudget = 98
const tbtBudgetMs = 150
const lcpBudgetMs = 2000
/** Issue 10: the phone-first shell keeps Lighthouse accessibility at 100. */
const accessibilityBudget = 100

const pages = [
  { name: 'home', path: '/' },
  { name: 'configurable product', path: '/wingsuits/corvid-2' },
  { name: 'news article', path: '/news/view/corvid-2-launch' },
  // Issue 16: the customer's screens paint from their prerendered shells (scripts/build/prerender.ts).
  { name: 'cart', path: '/cart' },
  { name: 'sign in', path: '/login' },
  { name: 'checkout', path: '/checkout' },
]

interface Audit {
  score: number
  /** The accessibility category's score (0–100): the same checks on every run. */
  accessibility: number
  tbt: number
  lcp: number
  /**
   * Lighthouse's measure of this machine's speed at the time (`environment.benchmarkIndex`):
   * its simulated phone is this machine slowed 4 times, so a slower machine (or a busier one)
   * scores lower with the same page. Reported so that a fall can be told from a slow day.
   */
  benchmarkIndex: number
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

function spread(values: number[]): string {
  const rounded = values.map(Math.round)
  return `runs ${rounded.join(', ')}; spread ${Math.min(...rounded)}–${Math.max(...rounded)}`
}

/** The first news article of the built site, when the expected one is not there. */
async function newsPath(origin: string, preferred: string): Promise<string> {
  if ((await fetch(`${origin}${preferred}`)).ok) return preferred
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
  const match = /<loc>[^<]*?(\/news\/view\/[^<]+)<\/loc>/.exec(sitemap)
  if (!match?.[1]) throw new Error('the sitemap lists no news article')
  return match[1]
}

/** One Lighthouse run of `url` in the browser listening on `port`. */
async function audit(url: string, port: number): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouseRun(url, {
      port,
      onlyCategories: ['performance', 'accessibility'],
      output: 'json',
      logLevel: 'error',
    })
    const lhr = result?.lhr
    const score = lhr?.categories.performance?.score
    const accessibility = lhr?.categories.accessibility?.score
    const tbt = lhr?.audits['total-blocking-time']?.numericValue
    const lcp = lhr?.audits['largest-contentful-paint']?.numericValue
    if (
      typeof score === 'number' &&
      typeof accessibility === 'number' &&
      typeof tbt === 'number' &&
      typeof lcp === 'number'
    ) {
      return {
        score: Math.round(score * 100),
        accessibility: Math.round(accessibility * 100),
        tbt,
        lcp,
        benchmarkIndex: lhr?.environment.benchmarkIndex ?? Number.NaN,
      }
    }
    const reason = lhr?.runtimeError?.code ?? 'no score'
    const path = new URL(url).pathname
    if (attempt >= attemptsPerRun) {
      throw new Error(`Lighthouse gave no score for ${path} (${reason}, ${attempt} attempts)`)
    }
    console.error(`  ${path}: Lighthouse gave no score (${reason}); running it again`)
  }
}

/**
 * A fresh Chromium on a new, empty profile: a first visit. `alsoReturning` audits the same URL
 * once more in it, a returning visitor.
 */
async function firstVisit(url: string, alsoReturning: boolean): Promise<Audit[]> {
  const profile = makeTempDir('bench-lighthouse-profile')
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
    userDataDir: profile,
  })
  try {
    const first = await audit(url, chrome.port)
    return alsoReturning ? [first, await audit(url, chrome.port)] : [first]
  } finally {
    chrome.kill()
    removeTempDir(profile)
  }
}

const log = (path: string, label: string, { score, accessibility, tbt, lcp }: Audit) =>
  console.error(
    `  ${path} ${label}: score ${score}, TBT ${Math.round(tbt)} ms, LCP ${Math.round(lcp)} ms, accessibility ${accessibility}`,
  )

export const lighthouse: Measurement = {
  name: 'Lighthouse mobile performance and accessibility',
  async run(context) {
    return withReadyServer(context, 'bench-lighthouse', async (server) => {
      const rows: Row[] = []
      const benchmarkIndexes: number[] = []
      const paths = new Map<string, string>()
      for (const page of pages) {
        paths.set(
          page.name,
          page.name === 'news article' ? await newsPath(server.origin, page.path) : page.path,
        )
      }
      const scriptless = await startScriptless(server.origin, [...paths.values()])
      try {
        for (const page of pages) {
          rows.push(...(await auditPage(page.name, paths.get(page.name)!)))
        }
      } finally {
        await scriptless.close()
      }

      async function auditPage(name: string, path: string): Promise<Row[]> {
        const runs: Audit[] = []
        const yardstick: Audit[] = []
        let returning: Audit | undefined
        for (let run = 0; run < runsPerPage; run++) {
          const [first, again] = await firstVisit(`${server.origin}${path}`, run === 0)
          runs.push(first!)
          benchmarkIndexes.push(first!.benchmarkIndex)
          log(path, `first visit ${run + 1}`, first!)
          if (again) {
            returning = again
            log(path, 'returning visit', again)
          }
          const [bare] = await firstVisit(`${scriptless.origin}${path}`, false)
          yardstick.push(bare!)
          log(path, `without its JavaScript ${run + 1}`, bare!)
        }
        const scores = runs.map((r) => r.score)
        const tbts = runs.map((r) => r.tbt)
        const lcps = runs.map((r) => r.lcp)
        const of = `${name} (${path}), first visit, median of ${runsPerPage} fresh profiles`
        const pageRows: Row[] = [
          {
            metric: `Lighthouse mobile performance, ${of}`,
            value: median(scores),
            unit: 'count',
            minimum: scoreBudget,
            note: spread(scores),
          },
          {
            metric: `TBT, ${name}, first visit, median of ${runsPerPage}`,
            value: median(tbts),
            unit: 'ms',
            budget: tbtBudgetMs,
            note: spread(tbts),
          },
          {
            metric: `Lighthouse accessibility, ${name}, lowest of ${runsPerPage}`,
            value: Math.min(...runs.map((r) => r.accessibility)),
            unit: 'count',
            minimum: accessibilityBudget,
          },
          {
            metric: `LCP (simulated), ${name}, first visit, median of ${runsPerPage}`,
            value: median(lcps),
            unit: 'ms',
            budget: lcpBudgetMs,
            note: spread(lcps),
          },
          {
            metric: `Lighthouse mobile performance, ${name} without its JavaScript (the yardstick: the same page from bare node:http, in turn with it), median of ${runsPerPage} fresh profiles`,
            value: median(yardstick.map((r) => r.score)),
            unit: 'count',
            note: `${spread(yardstick.map((r) => r.score))}; TBT median ${Math.round(median(yardstick.map((r) => r.tbt)))} ms`,
          },
        ]
        if (returning) {
          pageRows.push({
            metric: `Lighthouse mobile performance, ${name}, returning visit (1 run; TBT ${Math.round(returning.tbt)} ms)`,
            value: returning.score,
            unit: 'count',
          })
        }
        return pageRows
      }

      rows.push({
        metric: `Lighthouse's benchmark index of this machine, median of the ${benchmarkIndexes.length} first visits (higher is faster)`,
        value: median(benchmarkIndexes),
        unit: 'count',
        note: `spread ${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}`,
      })
      return rows
    })
  },
}
