import { formatMoney } from '../../../../../contract/money.ts'

/*
 * The dashboard's charts are SVG the project draws (no chart library: these pages load only on
 * /admin, and the store's pages carry none of it). This file is their arithmetic, pure: ticks,
 * scales, bands, paths, and the words and figures the charts and their tables write.
 */

/** Every chart's viewBox is this wide; it scales to its container (width 100%). */
export const chartWidth = 360
/**
 * The charts' text size, in viewBox units (dashboard.css says the same): about 12 px where a
 * 390 px phone draws the chart some 340 px wide.
 */
export const fontSize = 13

/**
 * Round steps from 0 to at least `max`: about `count` of them, each 1, 2 or 5 times a power of
 * ten and at least 1 (the figures are counts and minor units, whole numbers). An empty or zero
 * series still gets an axis, 0 to 1.
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1]
  const rough = max / count
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((times) => times * power).find((s) => s >= rough)!,
  )
  const ticks = [0]
  while (ticks.at(-1)! < max) ticks.push(ticks.length * step)
  return ticks
}

/** Maps 0…`domainMax` onto `from`…`to` (a y axis runs from its bottom up: `from` > `to`). */
export function linearScale(domainMax: number, from: number, to: number) {
  const span = domainMax > 0 ? domainMax : 1
  return (value: number) => from + (value / span) * (to - from)
}

export interface Band {
  /** The bar's left edge. */
  x: number
  width: number
  /** The band's middle, where its label goes. */
  center: number
}

/**
 * `count` equal bands from `start` to `end`, each bar with a gap around it while there is room
 * for one (a year of days is drawn edge to edge: a gap would be wider than the bar).
 */
export function bands(count: number, start: number, end: number): Band[] {
  if (count <= 0) return []
  const step = (end - start) / count
  const gap = step >= 4 ? step * 0.2 : 0
  return Array.from({ length: count }, (_, index) => {
    const left = start + index * step
    return { x: round(left + gap / 2), width: round(step - gap), center: round(left + step / 2) }
  })
}

/** Two decimals are finer than any screen draws, and keep the markup short. */
export const round = (value: number) => Math.round(value * 100) / 100

/** An SVG path through the points, in order: `M x,y L x,y …`. */
export function linePath(points: readonly (readonly [number, number])[]): string {
  return points
    .map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${round(x)},${round(y)}`)
    .join(' ')
}

/**
 * Which of `count` points get a label on the x axis so that at most `most` fit: every k-th,
 * starting half a step in, so that the first label is not pushed off the chart's edge onto the
 * next.
 */
export function labelIndexes(count: number, most: number): number[] {
  if (count <= 0) return []
  const every = Math.max(1, Math.ceil(count / Math.max(1, most)))
  const first = Math.floor(every / 2)
  return Array.from({ length: count }, (_, index) => index).filter(
    (index) => index % every === first,
  )
}

/**
 * About how wide a text is drawn, in the units of its size: a system sans serif's figures are
 * some 0.6 of its size wide, bold ones 0.7 (rounded up: a label cut at the edge is worse than a
 * little room to spare).
 */
export const textWidth = (text: string, size = fontSize, bold = false) =>
  text.length * size * (bold ? 0.7 : 0.6)

/** The room a y axis's labels need to the left of the plot. */
export const axisRoom = (labels: readonly string[]) =>
  Math.ceil(Math.max(0, ...labels.map((label) => textWidth(label))) + 8)

/** The index of the largest value (the first of equals), or -1 for none. */
export function peakIndex(values: readonly number[]): number {
  let best = -1
  values.forEach((value, index) => {
    if (best === -1 || value > values[best]!) best = index
  })
  return best
}

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

function parts(day: string) {
  const date = new Date(`${day}T00:00:00Z`)
  return {
    year: date.getUTCFullYear(),
    month: months[date.getUTCMonth()]!,
    date: date.getUTCDate(),
    weekday: weekdays[date.getUTCDay()]!,
  }
}

/** A UTC day as an axis writes it: 2026-11-03 → "Nov 3". */
export function dayLabel(day: string): string {
  const { month, date } = parts(day)
  return `${month} ${date}`
}

/** A UTC day as a table writes it: 2026-11-03 → "Tue, Nov 3, 2026". */
export function fullDay(day: string): string {
  const { year, month, date, weekday } = parts(day)
  return `${weekday}, ${month} ${date}, ${year}`
}

/** A period in words: "Nov 1 – 30, 2026", "Nov 20 – Dec 19, 2026", "Dec 1, 2025 – Nov 30, 2026". */
export function periodLabel(from: string, to: string): string {
  const [first, last] = [parts(from), parts(to)]
  if (from === to) return `${last.month} ${last.date}, ${last.year}`
  if (first.year !== last.year)
    return `${first.month} ${first.date}, ${first.year} – ${last.month} ${last.date}, ${last.year}`
  if (first.month !== last.month)
    return `${first.month} ${first.date} – ${last.month} ${last.date}, ${last.year}`
  return `${first.month} ${first.date} – ${last.date}, ${last.year}`
}

/** A count with its thousands grouped: 12345 → "12,345". */
export const formatCount = (count: number) => count.toLocaleString('en-US')

/** An amount on an axis: whole amounts without their zero cents ("$1,500", not "$1,500.00"). */
export const axisMoney = (minor: number, currency: string) =>
  formatMoney(minor, currency).replace(/\.0+(?=\D*$)/, '')

/**
 * A ratio as a percentage, with the decimals a small one needs to say anything: 0.0042 →
 * "0.42%", 0.042 → "4.2%", 0.42 → "42%".
 */
export function percentText(ratio: number): string {
  const percent = ratio * 100
  const decimals = percent === 0 || percent >= 10 ? 0 : percent >= 1 ? 1 : 2
  return `${Number(percent.toFixed(decimals))}%`
}

/** A share of a whole as a percentage ("–" of nothing). */
export const shareText = (part: number, whole: number) =>
  whole > 0 ? percentText(part / whole) : '–'

/** A text cut to `most` characters with an ellipsis: SVG text does not wrap. */
export const truncate = (text: string, most: number) =>
  text.length <= most ? text : `${text.slice(0, most - 1).trimEnd()}…`

/** Where a label of `width` centred on `center` goes so that it stays within `min`…`max`. */
export const keepWithin = (center: number, width: number, min: number, max: number) =>
  round(Math.min(Math.max(center, min + width / 2), max - width / 2))
