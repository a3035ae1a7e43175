import { formatDate } from '../../lib/format-date.ts'

/** "8–10 weeks", "3 weeks", "Up to 2 weeks", "Ships from stock". */
export function formatWeeksRange(min: number, max: number): string {
  const weeks = (n: number) => (n === 1 ? 'week' : 'weeks')
  if (max === 0) return 'Ships from stock'
  if (min === max) return `${max} ${weeks(max)}`
  if (min === 0) return `Up to ${max} ${weeks(max)}`
  return `${min}–${max} weeks`
}

/** `2026-11-16` → "November 16, 2026", the same on the server and in every browser. */
export function formatRevisionDate(isoDate: string): string {
  return formatDate(isoDate)
}
