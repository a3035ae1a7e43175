import type { ReactNode } from 'react'
import { chartWidth, keepWithin, textWidth } from './chart-model.ts'

/*
 * The pieces the dashboard's drawings share: the SVG itself (one picture with its sentence), the
 * y axis's grid and figures, and the days under the x axis.
 */

/** A drawing as one image, named by a sentence: the figures are in its table. */
export function ChartSvg({
  label,
  height,
  children,
}: {
  label: string
  height: number
  children: ReactNode
}) {
  return (
    <svg
      className="dash-svg"
      viewBox={`0 0 ${chartWidth} ${height}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="xMidYMid meet"
    >
      {children}
    </svg>
  )
}

/** The y axis's lines across the plot, from `left` to `right` of the chart's edge. */
export function GridLines({
  ticks,
  y,
  left,
  right,
}: {
  ticks: readonly number[]
  y: (value: number) => number
  left: number
  right: number
}) {
  return (
    <g className="dash-grid">
      {ticks.map((value) => (
        <line key={value} x1={left} x2={chartWidth - right} y1={y(value)} y2={y(value)} />
      ))}
    </g>
  )
}

/** The y axis's figures, right-aligned left of the plot (inside a `dash-axis` group). */
export function TickLabels({
  ticks,
  labels,
  y,
  left,
}: {
  ticks: readonly number[]
  labels: readonly string[]
  y: (value: number) => number
  left: number
}) {
  return ticks.map((value, index) => (
    <text key={value} x={left - 6} y={y(value)} dy="0.32em" textAnchor="end">
      {labels[index]}
    </text>
  ))
}

/** The days under the x axis that have room (inside a `dash-axis` group), kept on the chart. */
export function DayLabels({
  indexes,
  days,
  xs,
  y,
  left,
}: {
  /** Which of `days` are labelled. */
  indexes: readonly number[]
  days: readonly { key: string; label: string }[]
  /** Each day's centre. */
  xs: readonly number[]
  y: number
  left: number
}) {
  return indexes.map((index) => {
    const text = days[index]!.label
    return (
      <text
        key={days[index]!.key}
        x={keepWithin(xs[index]!, textWidth(text), left, chartWidth)}
        y={y}
        textAnchor="middle"
      >
        {text}
      </text>
    )
  })
}
