// Measures the built store against its budgets and writes bench/results.json and bench/results.md.
//
//   npm run bench [-- --no-build] [NAME...]
//
// Builds first (the build time is a figure too; `--no-build` reuses an existing dist/), then runs
// each measurement in turn, or only those whose name contains one of the NAMEs given
// (`npm run bench -- throughput --no-build`). A measurement is a function returning table rows: add one to the list
// below. The markdown table goes to stdout, progress to stderr. Exits 1 when a budget is exceeded
// or a measurement failed.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { adminDashboard } from './bench/admin-dashboard.ts'
import { adminOrders } from './bench/admin-orders.ts'
import { adminQueueDrawings } from './bench/admin-queue-drawings.ts'
import { argon2 } from './bench/argon2.ts'
import { checkout } from './bench/checkout.ts'
import { cartSync } from './bench/cart-sync.ts'
import { coldStart } from './bench/cold-start.ts'
import { configurator } from './bench/configurator.ts'
import { firstLoadJs } from './bench/first-load-js.ts'
import { precache } from './bench/precache.ts'
import { lighthouse } from './bench/lighthouse.ts'
import { offlineDownload } from './bench/offline-download.ts'
import { orderAdd } from './bench/order-add.ts'
import { throughput } from './bench/throughput.ts'
import { installCleanup, runToEnd } from './bench/processes.ts'
import { statusOf, toJson, toMarkdown } from './bench/report.ts'
import type { BenchContext, Measurement, Row } from './bench/types.ts'

const measurements: Measurement[] = [
  firstLoadJs,
  precache,
  coldStart,
  configurator,
  lighthouse,
  offlineDownload,
  orderAdd,
  checkout,
  throughput,
  argon2,
  cartSync,
  adminDashboard,
  adminOrders,
  adminQueueDrawings,
]

/** Issue 3: the full prerendered site builds in 90 s on this 2-core machine. */
const buildBudgetMs = 90_000

/** The whole bench stops after this, killing its servers and browser on the way out. */
const benchTimeoutMs = 15 * 60_000

function gitCommit(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim()
  } catch {
    return 'unknown'
  }
}

/** The whole build as `npm run build` runs it: the app, the prerender bundle, every page. */
async function build(context: BenchContext): Promise<Row> {
  const started = performance.now()
  await runToEnd('npm', ['run', 'build', '--silent'], {
    cwd: context.root,
    timeoutMs: 5 * 60_000,
  })
  return {
    metric: 'full prerendered site build time',
    value: performance.now() - started,
    unit: 'ms',
    budget: buildBudgetMs,
  }
}

async function main(): Promise<number> {
  installCleanup()
  setTimeout(() => {
    console.error(`bench: gave up after ${benchTimeoutMs / 60_000} min`)
    process.exit(1)
  }, benchTimeoutMs).unref()

  const root = resolve(import.meta.dirname, '..')
  const context: BenchContext = { root, distDir: join(root, 'dist') }
  const skipBuild = process.argv.includes('--no-build') && existsSync(context.distDir)

  const names = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
  const chosen = measurements.filter(
    (measurement) => names.length === 0 || names.some((name) => measurement.name.includes(name)),
  )

  const rows: Row[] = []
  const sections: string[] = []
  if (!skipBuild) {
    console.error('bench: npm run build')
    rows.push(await build(context))
  }
  for (const measurement of chosen) {
    console.error(`bench: ${measurement.name}`)
    try {
      rows.push(...(await measurement.run(context)))
      const section = measurement.section?.()
      if (section) sections.push(section)
    } catch (error) {
      console.error(`bench: ${measurement.name} failed: ${(error as Error).stack}`)
      const reason = (error as Error).message.split('\n')[0]
      rows.push({ metric: measurement.name, value: null, unit: 'count', note: reason })
    }
  }

  const outDir = join(root, 'bench')
  mkdirSync(outDir, { recursive: true })
  const markdown = [toMarkdown(rows), ...sections].join('\n')
  const meta = {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(root),
    node: process.version,
  }
  writeFileSync(join(outDir, 'results.json'), toJson(rows, meta))
  writeFileSync(
    join(outDir, 'results.md'),
    `# Bench results\n\nCommit ${meta.commit}, ${meta.generatedAt}, Node ${meta.node}.\n\n${markdown}`,
  )
  console.log(markdown)
  return rows.some((row) => ['fail', 'error'].includes(statusOf(row))) ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench: ${(error as Error).stack ?? String(error)}`)
    process.exit(1)
  },
)
