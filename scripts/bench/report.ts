// Turns measured rows into bench/results.json and the markdown table of bench/results.md.
import type { Row } from './types.ts'

export type Status = 'pass' | 'fail' | 'error' | 'none'

export function statusOf(row: Row): Status {
  if (row.value === null) return 'error'
  if (row.budget === undefined && row.minimum === undefined) return 'none'
  const underBudget = row.budget === undefined || row.value <= row.budget
  const overMinimum = row.minimum === undefined || row.value >= row.minimum
  return underBudget && overMinimum ? 'pass' : 'fail'
}

function formatValue(value: number | null, unit: Row['unit']): string {
  if (value === null) return '—'
  if (unit === 'KiB') return `${value.toFixed(1)} KiB`
  if (unit === 'ms') return `${Math.round(value)} ms`
  if (unit === '%') return `${Math.round(value)} %`
  return String(value)
}

export function toMarkdown(rows: Row[]): string {
  const lines = ['| metric | value | budget | pass/fail |', '| --- | ---: | ---: | --- |']
  for (const row of rows) {
    const budget =
      row.budget !== undefined
        ? `≤ ${formatValue(row.budget, row.unit)}`
        : row.minimum !== undefined
          ? `≥ ${formatValue(row.minimum, row.unit)}`
          : '—'
    const metric = row.note ? `${row.metric} (${row.note})` : row.metric
    const status = statusOf(row)
    const cells = [
      metric,
      formatValue(row.value, row.unit),
      budget,
      status === 'none' ? '—' : status,
    ]
    lines.push(`| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`)
  }
  return lines.join('\n') + '\n'
}

export function toJson(rows: Row[], meta: Record<string, string>): string {
  const results = rows.map((row) => ({
    ...row,
    value: row.value === null ? null : Number(row.value.toFixed(2)),
    status: statusOf(row),
  }))
  return JSON.stringify({ ...meta, results }, null, 2) + '\n'
}
