import { chartWidth, fontSize, linearScale, round, textWidth, truncate } from './chart-model.ts'
import { ChartSvg } from './chart-parts.tsx'

export interface RankedBar {
  key: string
  name: string
  value: number
  /** The figure written at the bar's end: "14", "$3,400.00". */
  text: string
}

const rowHeight = 42
const barHeight = 14
/** As many characters of a name as fit across the chart on one line. */
const nameLength = Math.floor(chartWidth / textWidth('x'))

/**
 * Horizontal bars, largest first as given: each row the name on a line of its own (a phone has
 * no room beside the bar for it), then the bar with its figure at its end.
 */
export function RankedBars({ label, bars }: { label: string; bars: readonly RankedBar[] }) {
  const figureRoom = Math.ceil(
    Math.max(0, ...bars.map((bar) => textWidth(bar.text, fontSize, true))) + 8,
  )
  const x = linearScale(Math.max(0, ...bars.map((bar) => bar.value)), 0, chartWidth - figureRoom)
  return (
    <ChartSvg label={label} height={bars.length * rowHeight}>
      {bars.map((bar, index) => {
        const top = index * rowHeight
        const width = bar.value > 0 ? Math.max(1, x(bar.value)) : 0
        return (
          <g key={bar.key}>
            <text className="dash-name" x={0} y={top + fontSize}>
              {truncate(bar.name, nameLength)}
            </text>
            <rect className="dash-bar" x={0} y={top + 19} width={round(width)} height={barHeight} />
            <text className="dash-figure" x={round(width + 6)} y={top + 19 + barHeight - 2}>
              {bar.text}
            </text>
          </g>
        )
      })}
    </ChartSvg>
  )
}
