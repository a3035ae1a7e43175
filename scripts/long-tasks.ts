// Lists the main-thread tasks of a first visit that are long enough to count towards Lighthouse's
// Total Blocking Time, each with what ran in it: the trace's events (script evaluation, timers,
// idle callbacks, parsing, layout) and, in the Playwright mode, the functions the CPU profile
// sampled most. A fresh browser profile per run (first visit: no HTTP cache, storage or service
// worker), no throttling: Lighthouse's mobile preset simulates a 4x slower CPU on an unthrottled
// trace, so a task over ~12 ms here is one over 50 ms there (layout counts half as much).
//
//   npx tsx scripts/long-tasks.ts ORIGIN PATH... [--lighthouse] [--min 10] [--runs 3]
//     [--wait 6000] [--maps dist] [--no-profile] [--all-events]
//     [--sign-in EMAIL:PASSWORD] [--cpu 4] [--scroll SELECTOR:COUNT]
//
// --lighthouse  runs Lighthouse itself (mobile defaults) and reads the trace it recorded: the
//               tasks exactly as Lighthouse saw them (its tracing, with stack traces, lengthens
//               script evaluation), and its score, TBT and LCP beside them.
// otherwise     Playwright with Lighthouse's phone (viewport, pixel ratio, touch), a trace and a
//               CPU profile; --maps dist (a build made by `vite build --sourcemap`) names each
//               sampled function by its source file and line; --no-profile leaves the profiler
//               off, --all-events sums every trace event inside each task by name.
// --sign-in     signs in through the API first and visits with the session's cookie (a back-office
//               screen: `admin@example.com:flyfast-demo` on a DEMO_ACCOUNTS store).
// --cpu N       slows the CPU N times (CDP), as the back office's queue bench does; tasks are then
//               shown as measured, and "at 4x" no longer applies.
// --scroll S:N  after the load, scrolls half a screen per frame, as a thumb would, until N elements
//               match the selector S (the queue: '[data-testid="queue-line-design"] svg:200'), and
//               reports the tasks from then on too.
//
// Each task is shown with its wall-clock length (what Lighthouse counts) and the main thread's
// CPU time in it: on a shared machine other processes lengthen the first, much less the second.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type CDPSession } from '@playwright/test'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import * as chromeLauncher from 'chrome-launcher'
import lighthouseRun from 'lighthouse'
import { scrollUntil } from './bench/browser.ts'
import { chromiumArgs, chromiumPath } from './chromium.ts'

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** The thread's CPU time within the event. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown> } & Record<string, unknown>
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
}

interface Profile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

const args = process.argv.slice(2)
const take = (name: string, withValue: boolean): string | boolean | undefined => {
  const at = args.indexOf(`--${name}`)
  if (at < 0) return withValue ? undefined : false
  const [, value] = args.splice(at, withValue ? 2 : 1)
  return withValue ? value : true
}
const viaLighthouse = take('lighthouse', false) === true
const profiling = take('no-profile', false) !== true && !viaLighthouse
const allEvents = take('all-events', false) === true
const mapsDir = take('maps', true) as string | undefined
const minMs = Number(take('min', true) ?? 10)
const runs = Number(take('runs', true) ?? 1)
const waitMs = Number(take('wait', true) ?? 6000)
const signIn = take('sign-in', true) as string | undefined
const cpuSlowdown = Number(take('cpu', true) ?? 1)
const scrollOption = take('scroll', true) as string | undefined
const [origin, ...paths] = args
if (!origin || paths.length === 0) {
  console.error(
    'usage: tsx scripts/long-tasks.ts ORIGIN PATH... [--lighthouse] [--min ms] [--runs n] [--wait ms] [--maps dist] [--no-profile] [--all-events] [--sign-in email:password] [--cpu n] [--scroll selector:count]',
  )
  process.exit(2)
}

const short = (url: string) => url.replace(origin, '') || '(page)'

const maps = new Map<string, TraceMap | null>()
/** `file:line:col` of the built chunk, or of its source when `--maps` has the chunk's map. */
function frameName(url: string, line: number, column: number): { name: string; file: string } {
  const path = short(url)
  if (mapsDir && path.startsWith('/assets/')) {
    if (!maps.has(path)) {
      const file = join(mapsDir, `${path}.map`)
      maps.set(path, existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null)
    }
    const map = maps.get(path)
    if (map) {
      const found = originalPositionFor(map, { line: line + 1, column })
      if (found.source) {
        const source = found.source.replace(/^(\.\.\/)+/, '').replace(/^node_modules\//, '~')
        return { name: `${found.name ?? ''} ${source}:${found.line}`, file: source }
      }
    }
  }
  return { name: `${path}:${line + 1}:${column + 1}`, file: path }
}

/** Self time per function, and per source file, within [from, to] (trace µs), heaviest first. */
function sampled(profile: Profile, from: number, to: number) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<string, number>()
  const perFile = new Map<string, number>()
  let at = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0
    if (at < from || at > to) continue
    const interval = (profile.timeDeltas[i + 1] ?? 0) / 1000
    const node = byId.get(profile.samples[i]!)
    if (!node) continue
    const { functionName, url, lineNumber, columnNumber } = node.callFrame
    if (functionName === '(idle)' || functionName === '(program)') continue
    const frame = frameName(url, lineNumber, columnNumber)
    const name = `${functionName || '(anonymous)'} ${frame.name}`
    self.set(name, (self.get(name) ?? 0) + interval)
    perFile.set(frame.file, (perFile.get(frame.file) ?? 0) + interval)
  }
  const heaviest = (found: Map<string, number>) => [...found].sort((a, b) => b[1] - a[1])
  return { functions: heaviest(self), files: heaviest(perFile) }
}

const wallMs = (event: TraceEvent) => (event.dur ?? 0) / 1000
const cpuMs = (event: TraceEvent) => (event.tdur ?? event.dur ?? 0) / 1000

/** The kinds of event worth naming inside a task. */
const shown = new Set([
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireIdleCallback',
  'FireAnimationFrame',
  'ParseHTML',
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'RunMicrotasks',
  'EventDispatch',
  'XHRReadyStateChange',
  'MajorGC',
  'MinorGC',
  'ParseAuthorStyleSheet',
  'v8.compile',
  'V8.CollectSourcePositions',
  'HitTest',
  'PrePaint',
])

function describe(event: TraceEvent): string {
  const data = event.args?.data ?? {}
  const url = typeof data.url === 'string' ? ` ${short(data.url)}` : ''
  const fn =
    typeof data.functionName === 'string' && data.functionName ? ` ${data.functionName}` : ''
  return `${event.name}${fn}${url}`
}

/** Prints the tasks of one visit; returns the blocking time they would add at 4x. */
function report(path: string, events: TraceEvent[], profile?: Profile): void {
  // The page's renderer main thread: the one that ran the navigation's document.
  const navStart = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      typeof e.args?.data?.documentLoaderURL === 'string' &&
      (e.args.data.documentLoaderURL as string).startsWith(origin!),
  )
  if (!navStart) throw new Error(`${path}: no navigationStart in the trace`)
  const onMain = events.filter((e) => e.pid === navStart.pid && e.tid === navStart.tid)
  // A task is a RunTask (older traces: ThreadControllerImpl::RunTask) not inside another one.
  const runs = onMain.filter(
    (e) =>
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      e.ph === 'X' &&
      e.ts >= navStart.ts,
  )
  const outermost = runs.filter(
    (e) =>
      !runs.some(
        (outer) =>
          outer !== e &&
          outer.ts <= e.ts &&
          outer.ts + outer.dur! >= e.ts + e.dur! &&
          (outer.dur! > e.dur! || outer.ts < e.ts || outer.name === 'RunTask'),
      ),
  )
  const tasks = outermost.filter((e) => Math.max(wallMs(e), cpuMs(e)) >= minMs)
  let blocking = 0
  for (const task of tasks) {
    // Lantern: 4x, layout 2x; over 50 ms simulated is blocking.
    const end = task.ts + task.dur!
    const inside = onMain.filter(
      (e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end,
    )
    const laidOut = inside.some((e) => e.name === 'Layout')
    blocking += Math.max(0, wallMs(task) * (laidOut ? 2 : 4) - 50)
    const at = ((task.ts - navStart.ts) / 1000).toFixed(0).padStart(5)
    console.log(
      `  ${at} ms  ${wallMs(task).toFixed(1).padStart(5)} ms wall, ${cpuMs(task).toFixed(1)} ms CPU`,
    )
    for (const e of inside.filter((e) => shown.has(e.name) && (e.dur ?? 0) >= 1000).slice(0, 12))
      console.log(`           ${wallMs(e).toFixed(1).padStart(5)} ${describe(e)}`)
    if (allEvents) {
      const byName = new Map<string, number>()
      for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + wallMs(e))
      const summed = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 20)
      console.log(`           all: ${summed.map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(', ')}`)
    }
    if (!profile) continue
    const { functions, files } = sampled(profile, task.ts, end)
    for (const [name, self] of functions.slice(0, 6))
      console.log(`           · ${self.toFixed(1).padStart(5)} ${name}`)
    const byFile = files.slice(0, 6).map(([file, self]) => `${file} ${self.toFixed(1)}`)
    if (byFile.length > 0) console.log(`           files: ${byFile.join(', ')}`)
  }
  console.log(
    `  ${tasks.length} tasks ≥ ${minMs} ms; at 4x they would block ${Math.round(blocking)} ms (from navigation on; Lighthouse counts from FCP)`,
  )
}

async function collectTrace(client: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = []
  client.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  )
  await client.send('Tracing.start', {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'v8',
      'disabled-by-default-v8.compile',
      'blink.user_timing',
      'loading',
      'toplevel',
    ].join(','),
    transferMode: 'ReportEvents',
  })
  await run()
  const done = new Promise<void>((resolve) =>
    client.once('Tracing.tracingComplete', () => resolve()),
  )
  await client.send('Tracing.end')
  await done
  return events
}

/** The session's token for `email:password` (--sign-in). */
async function sessionToken(credentials: string): Promise<string> {
  const at = credentials.indexOf(':')
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: credentials.slice(0, at),
      password: credentials.slice(at + 1),
      remember: false,
    }),
  })
  if (res.status !== 200) throw new Error(`--sign-in: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

async function visitWithPlaywright(path: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    // Lighthouse's mobile preset (a Moto G Power): its viewport, pixel ratio and touch.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    })
    if (signIn)
      await context.addCookies([
        { name: 'authToken', value: await sessionToken(signIn), url: origin! },
      ])
    const page = await context.newPage()
    const client = await context.newCDPSession(page)
    if (cpuSlowdown > 1) await client.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    if (profiling) {
      await client.send('Profiler.enable')
      await client.send('Profiler.setSamplingInterval', { interval: 200 })
      await client.send('Profiler.start')
    }
    let scrolled = ''
    const events = await collectTrace(client, async () => {
      await page.goto(`${origin}${path}`, { waitUntil: 'load' })
      if (scrollOption) {
        const at = scrollOption.lastIndexOf(':')
        const selector = scrollOption.slice(0, at)
        const found = await scrollUntil(page, selector, Number(scrollOption.slice(at + 1)))
        scrolled = ` (scrolled until ${found} × ${selector})`
      } else {
        await page.waitForTimeout(waitMs)
      }
    })
    const profile = profiling
      ? ((await client.send('Profiler.stop')) as { profile: Profile }).profile
      : undefined
    console.log(`\n${path}${scrolled}${cpuSlowdown > 1 ? `, CPU ${cpuSlowdown}x slower` : ''}`)
    report(path, events, profile)
  } finally {
    await browser.close()
  }
}

async function visitWithLighthouse(path: string): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), 'long-tasks-profile-'))
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumArgs],
    userDataDir: profile,
  })
  try {
    const result = await lighthouseRun(`${origin}${path}`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    })
    const lhr = result?.lhr
    const trace = (result?.artifacts as { Trace?: { traceEvents: TraceEvent[] } } | undefined)
      ?.Trace
    const score = Math.round((lhr?.categories.performance?.score ?? 0) * 100)
    const tbt = Math.round(lhr?.audits['total-blocking-time']?.numericValue ?? NaN)
    const lcp = Math.round(lhr?.audits['largest-contentful-paint']?.numericValue ?? NaN)
    const fcp = Math.round(lhr?.audits['first-contentful-paint']?.numericValue ?? NaN)
    console.log(`\n${path}: score ${score}, TBT ${tbt} ms, FCP ${fcp} ms, LCP ${lcp} ms`)
    if (!trace) throw new Error(`${path}: Lighthouse gave no trace`)
    report(path, trace.traceEvents)
  } finally {
    chrome.kill()
    rmSync(profile, { recursive: true, force: true })
  }
}

for (const path of paths) {
  for (let run = 0; run < runs; run++) {
    await (viaLighthouse ? visitWithLighthouse(path) : visitWithPlaywright(path))
  }
}
