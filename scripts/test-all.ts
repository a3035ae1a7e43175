// The project's checks as one command: `npm test` (what CI runs) and `npm run test:fast` (no
// browser). Every step runs even when one before it failed, so each runner still writes its
// report (reports/*.json, summed by .ci/run); the command fails at the end if any step failed.
// Only a step that needs another's output waits on it: the end-to-end tests and chaos need the
// build, and do not run on a failed one (their missing reports then count as failures in CI).
//
//   tsx scripts/test-all.ts [--fast]
//
// Ends with each step's exit code and time, the figures docs/testing-chain.md quotes.
import { spawnSync } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'

interface Step {
  name: string
  /** npm script and its arguments. */
  run: string[]
  /** A step that must have passed first. */
  needs?: string
}

/** Typecheck, lint, format, Vitest: no browser and no build. */
const fast: Step[] = [
  { name: 'typecheck', run: ['typecheck'] },
  { name: 'lint', run: ['lint'] },
  { name: 'format', run: ['format:check'] },
  { name: 'vitest', run: ['test:unit'] },
]

/** Then one production build, which serves every end-to-end run, and chaos on the same build. */
const browser: Step[] = [
  { name: 'build', run: ['build'] },
  { name: 'e2e', run: ['test:e2e'], needs: 'build' },
  {
    name: 'chaos',
    run: ['chaos', '--', '--runs', '20', '--report', 'reports/chaos.json'],
    needs: 'build',
  },
]

const { values } = parseArgs({ options: { fast: { type: 'boolean', default: false } } })
const steps = values.fast ? fast : [...fast, ...browser]
const outcomes = new Map<string, { code: number | 'not run'; seconds: number }>()
const started = performance.now()

for (const step of steps) {
  if (step.needs && outcomes.get(step.needs)?.code !== 0) {
    console.log(`\n=== ${step.name}: not run (${step.needs} failed)`)
    outcomes.set(step.name, { code: 'not run', seconds: 0 })
    continue
  }
  console.log(`\n=== ${step.name}: npm run ${step.run.join(' ')}`)
  const at = performance.now()
  const result = spawnSync('npm', ['run', '--silent', ...step.run], { stdio: 'inherit' })
  const code = result.status ?? 1
  const seconds = Math.round((performance.now() - at) / 1000)
  outcomes.set(step.name, { code, seconds })
  console.log(`=== ${step.name}: exit ${code} after ${seconds} s`)
}

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
