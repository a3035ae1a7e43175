// The chaos check's report for CI (`npm run chaos -- --report FILE`): one entry per run, per
// ledger check, per payout batch and per forms seed, read by scripts/ci-summary.ts so a red chaos
// run says which seed failed and why in the closing lines CI shows.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export interface ChaosEntry {
  name: string
  ok: boolean
  /** Why it failed (empty when it matched). */
  message: string
}

export interface ChaosReport {
  kind: 'chaos'
  passed: number
  failed: number
  entries: ChaosEntry[]
}

export function chaosReport(entries: ChaosEntry[]): ChaosReport {
  const failed = entries.filter((entry) => !entry.ok).length
  return { kind: 'chaos', passed: entries.length - failed, failed, entries }
}

export function writeChaosReport(file: string, entries: ChaosEntry[]): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(chaosReport(entries), null, 2)}\n`)
}
