import {
  axisRoom,
  bands,
  chartWidth,
  labelIndexes,
  linearScale,
  niceTicks,
  round,
} from './chart-model.ts'
import { ChartSvg, DayLabels, GridLines, TickLabels } from './chart-parts.tsx'

export interface Column {
  key: string
  /** Under the column, when there is room for it (a day: "Nov 3"). */
  label: string
  value: number
  /** What a pointer's hover says of it: "Nov 3: $1,200.00". */
  title: string
}

const top = 10
const plotHeight = 150
const height = top + plotHeight + 26
const right = 8

/**
 * Columns over days or weeks, from a zero line up, with a y axis of round steps. Drawn in a
 * viewBox that scales to its container; only every few columns are labelled on a phone.
 */
export function ColumnChart({
  label,
  columns,
  tick,
}: {
  /** The drawing in one sentence, for a screen reader (the exact figures are in the table). */
  label: string
  columns: readonly Column[]
  /** A y axis value as its label: an amount, a count. */
  tick: (value: number) => string
}) {
  const ticks = niceTicks(Math.max(0, ...columns.map((column) => column.value)))
  const tickLabels = ticks.map(tick)
  const left = axisRoom(tickLabels)
  const y = linearScale(ticks.at(-1)!, top + plotHeight, top)
  const slots = bands(columns.length, left, chartWidth - right)
  const labelled = labelIndexes(columns.length, Math.floor((chartWidth - left - right) / 56))
  return (
    <ChartSvg label={label} height={height}>
      <GridLines ticks={ticks} y={y} left={left} right={right} />
      <g className="dash-axis">
        <TickLabels ticks={ticks} labels={tickLabels} y={y} left={left} />
        <DayLabels
          indexes={labelled}
          days={columns}
          xs={slots.map((slot) => slot.center)}
          y={top + plotHeight + 18}
          left={left}
        />
      </g>
      <g className="dash-bars">
        {columns.map((column, index) => {
          // A sale of a few cents is still seen: at least half a unit high.
          const barTop = column.value > 0 ? Math.min(y(column.value), y(0) - 0.5) : y(0)
          return (
            <rect
              key={column.key}
              x={slots[index]!.x}
              y={round(barTop)}
              width={slots[index]!.width}
              height={round(y(0) - barTop)}
            >
              <title>{column.title}</title>
            </rect>
          )
        })}
      </g>
    </ChartSvg>
  )
}
