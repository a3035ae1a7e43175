// Sums the test runners' JSON reports into the one line CI reads: `N passed, N failed[, N skipped]`,
// printed last. The runners' own closing lines do not count.
//
//   tsx scripts/ci-summary.ts [--step NAME=EXIT_CODE ...]
//
// A report that is missing or unreadable counts as 1 failed test: its step was supposed to run, so
// an early stop (typecheck, lint) must not read as "0 tests, all fine". A step that exited non-zero
// while its reports show no failure (lint, build, an unhandled error) also counts as 1 failed.
// Exit code: 1 when anything failed, else 0.
import { readFileSync } from 'node:fs'
import type { ChaosReport } from './chaos/report.ts'

interface Counts {
  passed: number
  failed: number
  skipped: number
  notes: string[]
}

interface ReportSpec {
  file: string
  kind: 'vitest' | 'playwright' | 'chaos'
  step: string
}

// The reports .ci/run expects, and the step (as named by .ci/run) that writes each.
const reports: ReportSpec[] = [
  { file: 'reports/vitest.json', kind: 'vitest', step: 'npm-test' },
  { file: 'reports/playwright.json', kind: 'playwright', step: 'npm-test' },
  { file: 'reports/chaos.json', kind: 'chaos', step: 'npm-test' },
  { file: 'reports/vitest-postgres.json', kind: 'vitest', step: 'server-postgres' },
]

interface VitestReport {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests?: number
  success: boolean
  testResults: {
    name: string
    status: string
    message: string
    assertionResults: { status: string; fullName?: string; failureMessages?: string[] }[]
  }[]
}

/**
 * The start of an error, shortened: its first line says which check failed, the next ones
 * (an assertion's expected and received values) why. CI keeps only the end of a run's output, so
 * this is often all a later reader sees of a failure.
 */
function gist(message: string | undefined): string {
  // The runners colour their messages; the summary is read as plain text.
  // eslint-disable-next-line no-control-regex
  const plain = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '')
  const lines = plain
    .split('\n')
    .map((text) => text.trim())
    .filter(Boolean)
  // Stop at the stack or the code frame: they name the test's own lines, not the failure.
  const end = lines.findIndex((text, i) => i > 0 && /^(at |\d+ \||>\s*\d+ \|)/.test(text))
  return lines
    .slice(0, Math.min(end === -1 ? lines.length : end, 16))
    .map((text) => text.slice(0, 200))
    .join('\n    ')
}

function fromVitest(report: VitestReport): Counts {
  if (typeof report.numPassedTests !== 'number' || !Array.isArray(report.testResults)) {
    throw new Error('not a Vitest JSON report')
  }
  const counts: Counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    notes: [],
  }
  // Which tests failed, so the closing lines of a red run say where to look.
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status !== 'failed') continue
      counts.notes.push(
        `failed: ${file.name} › ${test.fullName ?? '?'}: ${gist(test.failureMessages?.[0])}`,
      )
    }
  }
  // A file that fails to load (syntax error, failing import, error in beforeAll) has no failed test.
  for (const file of report.testResults) {
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      counts.failed += 1
      const reason = file.message.split('\n')[0] || 'error outside any test (a hook?)'
      counts.notes.push(`test file failed: ${file.name}: ${reason}`)
    }
  }
  if (!report.success && counts.failed === 0) {
    counts.failed = 1
    counts.notes.push('vitest reported failure without a failing test (no test files found?)')
  }
  return counts
}

interface PlaywrightSuite {
  suites?: PlaywrightSuite[]
  specs?: {
    title: string
    file: string
    line: number
    tests: { status: string; results: { error?: { message?: string } }[] }[]
  }[]
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
  errors?: { message?: string }[]
  suites?: PlaywrightSuite[]
}

/** `file:line › title: the start of the error` for every test that failed (or was flaky). */
function playwrightProblems(suites: PlaywrightSuite[] = []): string[] {
  const found: string[] = []
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue
        const error = test.results.find((result) => result.error)?.error?.message
        const kind = test.status === 'flaky' ? 'flaky' : 'failed'
        found.push(`${kind}: ${spec.file}:${spec.line} › ${spec.title}: ${gist(error)}`)
      }
    }
    found.push(...playwrightProblems(suite.suites))
  }
  return found
}

function fromPlaywright(report: PlaywrightReport): Counts {
  if (typeof report.stats?.expected !== 'number') throw new Error('not a Playwright JSON report')
  const { expected, unexpected, flaky, skipped } = report.stats
  const errors = report.errors ?? []
  const counts: Counts = {
    // A flaky test failed first and passed on retry: it passed.
    passed: expected + flaky,
    failed: unexpected + errors.length,
    skipped,
    notes: [],
  }
  if (flaky > 0) counts.notes.push(`${flaky} flaky (passed on retry)`)
  counts.notes.push(...playwrightProblems(report.suites))
  // Errors outside any test: a test file that does not load, a web server that does not start.
  for (const error of errors) {
    counts.notes.push(`error outside tests: ${(error.message ?? '').split('\n')[0]}`)
  }
  return counts
}

/** The chaos check's report (scripts/chaos/report.ts): a run that did not match is a failed test. */
function fromChaos(report: ChaosReport): Counts {
  if (report.kind !== 'chaos' || !Array.isArray(report.entries)) {
    throw new Error('not a chaos report')
  }
  const failed = report.entries.filter((entry) => !entry.ok)
  return {
    passed: report.entries.length - failed.length,
    failed: failed.length,
    skipped: 0,
    notes: failed.map((entry) => `failed: chaos ${entry.name}: ${gist(entry.message)}`),
  }
}

function readReport(spec: ReportSpec): Counts {
  let raw: string
  try {
    raw = readFileSync(spec.file, 'utf8')
  } catch {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      notes: [`missing report: ${spec.file} was not written (step ${spec.step} stopped early?)`],
    }
  }
  try {
    const json: unknown = JSON.parse(raw)
    if (spec.kind === 'chaos') return fromChaos(json as ChaosReport)
    return spec.kind === 'vitest'
      ? fromVitest(json as VitestReport)
      : fromPlaywright(json as PlaywrightReport)
  } catch (error) {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      notes: [`unreadable report: ${spec.file}: ${(error as Error).message}`],
    }
  }
}

function parseSteps(args: string[]): Map<string, number> {
  const steps = new Map<string, number>()
  for (let i = 0; i < args.length; i++) {
    const value = args[i] === '--step' ? args[++i] : undefined
    const match = value?.match(/^([\w-]+)=(\d+)$/)
    if (!match) throw new Error(`usage: ci-summary [--step NAME=EXIT_CODE ...], got ${args[i]}`)
    steps.set(match[1], Number(match[2]))
  }
  return steps
}

function formatCounts({ passed, failed, skipped }: Counts): string {
  return `${passed} passed, ${failed} failed` + (skipped > 0 ? `, ${skipped} skipped` : '')
}

const steps = parseSteps(process.argv.slice(2))
const total: Counts = { passed: 0, failed: 0, skipped: 0, notes: [] }
const failedByStep = new Map<string, number>()

for (const spec of reports) {
  const counts = readReport(spec)
  console.log(`${spec.file}: ${formatCounts(counts)}`)
  for (const note of counts.notes) console.log(`  ${note}`)
  total.passed += counts.passed
  total.failed += counts.failed
  total.skipped += counts.skipped
  failedByStep.set(spec.step, (failedByStep.get(spec.step) ?? 0) + counts.failed)
}

for (const [step, code] of steps) {
  if (code !== 0 && (failedByStep.get(step) ?? 0) === 0) {
    console.log(
      `step ${step} exited ${code} with no failing test in its reports: counted as 1 failed`,
    )
    total.failed += 1
  }
}

console.log(formatCounts(total))
process.exitCode = total.failed > 0 ? 1 : 0
