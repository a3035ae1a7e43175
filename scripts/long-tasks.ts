// Lists the main-thread tasks of a first visit that are long enough to count towards Lighthouse's
// Total Blocking Time, each with what ran in it: the trace's events (script evaluation, timers,
// idle callbacks, parsing, layout) and the functions the CPU profile sampled most. A fresh
// Chromium context per page (first visit: no HTTP cache, storage or service worker), no
// throttling: Lighthouse's mobile preset simulates a 4x slower CPU on an unthrottled trace, so a
// task over ~12 ms here is one over 50 ms there. Tasks are measured by the main thread's CPU time
// in them, which other processes on a shared machine lengthen less than the wall-clock time.
//
//   npx tsx scripts/long-tasks.ts http://127.0.0.1:4611 / /checkout [--min 10] [--runs 3] [--wait 6000]
//     [--maps dist] [--no-profile]
//
// With a build made by `vite build --sourcemap`, `--maps dist` names each sampled function by its
// source file and line. `--no-profile` leaves the CPU profiler off: its sampling lengthens every
// task a little, so durations are truer without it.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type CDPSession } from '@playwright/test'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import { chromiumArgs, chromiumPath } from './chromium.ts'

interface TraceEvent {
  name: string
  cat: string
  ph: string
  ts: number
  dur?: number
  /** The thread's CPU time within the event: unlike `dur`, not lengthened by a busy machine. */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: Record<string, unknown> } & Record<string, unknown>
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  parent?: number
  children?: number[]
}

interface Profile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const at = args.indexOf(`--${name}`)
  if (at < 0) return fallback
  const value = Number(args[at + 1])
  args.splice(at, 2)
  return value
}
const flag = (name: string) => {
  const at = args.indexOf(`--${name}`)
  if (at >= 0) args.splice(at, 1)
  return at >= 0
}
const text = (name: string) => {
  const at = args.indexOf(`--${name}`)
  if (at < 0) return undefined
  const [, value] = args.splice(at, 2)
  return value
}
const mapsDir = text('maps')
const profiling = !flag('no-profile')
const minMs = option('min', 10)
const runs = option('runs', 1)
const waitMs = option('wait', 6000)
const [origin, ...paths] = args
if (!origin || paths.length === 0) {
  console.error('usage: tsx scripts/long-tasks.ts ORIGIN PATH... [--min ms] [--runs n] [--wait ms]')
  process.exit(2)
}

const short = (url: string) => url.replace(origin, '').replace(/^$/, '(page)') || '(page)'

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

/**
 * Self time per function, and per source file, within [from, to] (trace µs), the heaviest first.
 */
function sampledFunctions(
  profile: Profile,
  from: number,
  to: number,
): { functions: [string, number][]; files: [string, number][] } {
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
    const file = frame.file
    perFile.set(file, (perFile.get(file) ?? 0) + interval)
  }
  const heaviest = (found: Map<string, number>) => [...found].sort((a, b) => b[1] - a[1])
  return { functions: heaviest(self), files: heaviest(perFile) }
}

/** A task's length: its CPU time where the trace has it (a busy machine then matters less). */
function cpuMs(event: TraceEvent): number {
  return (event.tdur ?? event.dur ?? 0) / 1000
}

function describe(event: TraceEvent): string {
  const data = event.args?.data ?? {}
  const url = typeof data.url === 'string' ? ` ${short(data.url)}` : ''
  const fn =
    typeof data.functionName === 'string' && data.functionName ? ` ${data.functionName}` : ''
  const line = typeof data.lineNumber === 'number' ? `:${data.lineNumber}` : ''
  return `${event.name}${fn}${url}${line}`
}

async function visit(path: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
    const page = await context.newPage()
    const client = await context.newCDPSession(page)
    if (profiling) {
      await client.send('Profiler.enable')
      await client.send('Profiler.setSamplingInterval', { interval: 200 })
      await client.send('Profiler.start')
    }
    const events = await collectTrace(client, async () => {
      await page.goto(`${origin}${path}`, { waitUntil: 'load' })
      await page.waitForTimeout(waitMs)
    })
    const profile = profiling
      ? ((await client.send('Profiler.stop')) as { profile: Profile }).profile
      : undefined
    // The page's renderer main thread: the one that ran the navigation's document.
    const navStart = events.find(
      (e) =>
        e.name === 'navigationStart' &&
        typeof e.args?.data?.documentLoaderURL === 'string' &&
        (e.args.data.documentLoaderURL as string).startsWith(origin),
    )
    if (!navStart) throw new Error('no navigationStart in the trace')
    const onMain = (e: TraceEvent) => e.pid === navStart.pid && e.tid === navStart.tid
    const tasks = events
      .filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && e.ts >= navStart.ts)
      .filter((e) => cpuMs(e) >= minMs)
    const all = events.filter(onMain)
    let blocking = 0
    console.log(`\n${path}`)
    for (const task of tasks) {
      const ms = cpuMs(task)
      blocking += Math.max(0, ms * 4 - 50)
      const at = ((task.ts - navStart.ts) / 1000).toFixed(0).padStart(5)
      console.log(`  ${at} ms  ${ms.toFixed(1)} ms CPU (${(task.dur! / 1000).toFixed(1)} ms wall)`)
      const inside = all
        .filter(
          (e) =>
            e !== task &&
            e.ph === 'X' &&
            e.ts >= task.ts &&
            e.ts + (e.dur ?? 0) <= task.ts + task.dur! &&
            (e.dur ?? 0) >= 1000 &&
            [
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
              'v8.run',
              'EventDispatch',
              'XHRReadyStateChange',
              'MajorGC',
              'MinorGC',
              'V8.GC_SCAVENGER',
              'BlinkGC.AtomicPhase',
              'ParseAuthorStyleSheet',
              'v8.parseOnBackground',
              'v8.compile',
              'ScheduleStyleRecalculation',
              'HitTest',
              'PrePaint',
            ].includes(e.name),
        )
        .slice(0, 12)
      for (const e of inside)
        console.log(`           ${cpuMs(e).toFixed(1).padStart(5)} ${describe(e)}`)
      if (!profile) continue
      const { functions, files } = sampledFunctions(profile, task.ts, task.ts + task.dur!)
      for (const [name, self] of functions.slice(0, 6)) {
        console.log(`           · ${self.toFixed(1).padStart(5)} ${name}`)
      }
      const byFile = files.slice(0, 6).map(([file, self]) => `${file} ${self.toFixed(1)}`)
      console.log(`           files: ${byFile.join(', ')}`)
    }
    console.log(`  ~TBT at 4x: ${Math.round(blocking)} ms from ${tasks.length} tasks ≥ ${minMs} ms`)
  } finally {
    await browser.close()
  }
}

for (const path of paths) for (let run = 0; run < runs; run++) await visit(path)
