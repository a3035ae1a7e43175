// The project's checks as one command: `npm test` (what CI runs) and `npm run test:fast` (no
// browser). Every step runs even when one before it failed, so each runner still writes its
// report (reports/*.json, summed by .ci/run); the command fails at the end if any step failed.
// Only a step that needs another's output waits on it: the end-to-end tests and chaos need the
// build, and do not run on a failed one (their missing reports then count as failures in CI).
//
// Steps of one stage run at the same time: typecheck, lint and format each keep one core busy,
// so on two cores the three take about as long as the slowest two. In `npm test` they run in the
// background of the end-to-end run instead, at the lowest priority (nice 19): that run leaves
// part of a core idle while its browser and server wait on each other, and the checks take
// mostly what it leaves (docs/testing.md). A step run beside others prints its output when it
// ends, so the logs do not interleave.
//
//   tsx scripts/test-all.ts [--fast]
//
// Ends with each step's exit code and time, the figures docs/testing.md quotes.
import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'

interface Step {
  name: string
  /** npm script and its arguments. */
  run: string[]
  /** A step that must have passed first. */
  needs?: string
  /**
   * Runs at the lowest priority, from its stage on, without holding up the next stage: only the
   * end of the whole command waits for it.
   */
  background?: boolean
}

/** Typecheck, lint and format: no browser and no build. */
const staticChecks = (background: boolean): Step[] => [
  { name: 'typecheck', run: ['typecheck'], background },
  { name: 'lint', run: ['lint'], background },
  { name: 'format', run: ['format:check'], background },
]

/** The three static checks at once, then Vitest. */
const fast: Step[][] = [staticChecks(false), [{ name: 'vitest', run: ['test:unit'] }]]

/**
 * One production build, which serves every end-to-end run; the end-to-end run with the static
 * checks behind it; Vitest; chaos on the same build.
 */
const full: Step[][] = [
  [{ name: 'build', run: ['build'] }],
  [{ name: 'e2e', run: ['test:e2e'], needs: 'build' }, ...staticChecks(true)],
  [{ name: 'vitest', run: ['test:unit'] }],
  [
    {
      name: 'chaos',
      // 20 runs: 18 with the service worker, and the 2 with none that chaos adds by default.
      run: ['chaos', '--', '--runs', '18', '--report', 'reports/chaos.json'],
      needs: 'build',
    },
  ],
]

const { values } = parseArgs({ options: { fast: { type: 'boolean', default: false } } })
const stages = values.fast ? fast : full
const outcomes = new Map<string, { code: number | 'not run'; seconds: number }>()
const started = performance.now()

/** Runs one step; beside others, its output is held until it ends. */
function runStep(step: Step, alone: boolean): Promise<void> {
  const at = performance.now()
  console.log(`\n=== ${step.name}: npm run ${step.run.join(' ')}`)
  const npm = ['npm', 'run', '--silent', ...step.run]
  const [command, ...args] = step.background ? ['nice', '-n', '19', ...npm] : npm
  const child = spawn(command!, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
  const output: Buffer[] = []
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const code = status ?? 1
      const seconds = Math.round((performance.now() - at) / 1000)
      outcomes.set(step.name, { code, seconds })
      if (!alone) {
        console.log(`\n=== ${step.name}: output`)
        process.stdout.write(Buffer.concat(output))
      }
      console.log(`=== ${step.name}: exit ${code} after ${seconds} s`)
      resolve()
    })
  })
}

/** Background steps under way: the command ends after them. */
const background: Promise<void>[] = []

for (const stage of stages) {
  const runnable = stage.filter((step) => {
    if (!step.needs || outcomes.get(step.needs)?.code === 0) return true
    console.log(`\n=== ${step.name}: not run (${step.needs} failed)`)
    outcomes.set(step.name, { code: 'not run', seconds: 0 })
    return false
  })
  const foreground = runnable.filter((step) => !step.background)
  // The one step in front prints as it goes; the others hold their output until they end.
  for (const step of runnable.filter((step) => step.background))
    background.push(runStep(step, false))
  await Promise.all(foreground.map((step) => runStep(step, foreground.length === 1)))
}
await Promise.all(background)

const total = Math.round((performance.now() - started) / 1000)
console.log(`\n=== ${values.fast ? 'test:fast' : 'test'}: ${total} s`)
for (const [name, { code, seconds }] of outcomes) {
  console.log(`  ${name.padEnd(10)} ${String(code).padEnd(8)} ${seconds} s`)
}
const failed = [...outcomes].filter(([, { code }]) => code !== 0).map(([name]) => name)
if (failed.length > 0) {
  console.log(`failed: ${failed.join(', ')}`)
  process.exitCode = 1
}
