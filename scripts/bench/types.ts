/** One line of the results table. `value: null` means the measurement failed (see `note`). */
export interface Row {
  metric: string
  value: number | null
  unit: 'KiB' | 'ms' | 'count' | '%'
  /** Upper bound the value must not exceed; absent when the metric is only reported. */
  budget?: number
  /** Lower bound the value must reach (a score); absent when there is none. */
  minimum?: number
  note?: string
}

export interface BenchContext {
  /** The repository root; every process runs from here. */
  root: string
  /** The built site (`vite build` output). */
  distDir: string
}

/** A measurement: a name for error rows, and a function that measures and returns its rows. */
export interface Measurement {
  name: string
  run: (context: BenchContext) => Promise<Row[]>
  /** A table of its own for bench/results.md, after `run` (markdown). */
  section?: () => string | undefined
}
