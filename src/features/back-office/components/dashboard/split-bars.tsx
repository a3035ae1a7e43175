import { chartWidth, fontSize, linearScale, round, shareText } from './chart-model.ts'
import { ChartSvg } from './chart-parts.tsx'

export interface SplitRow {
  /** What is split: "Orders", "Sales". */
  name: string
  /** The two parts, left then right, each with its figure as written ("12", "$1,200.00"). */
  parts: readonly [SplitPart, SplitPart]
}

export interface SplitPart {
  name: string
  value: number
  text: string
}

const rowHeight = 92
const barHeight = 22
const gap = 2

/**
 * Each row one bar split in two, its parts written under it with their figures and shares: the
 * words say which part is which, the colours only repeat it.
 */
export function SplitBars({ label, rows }: { label: string; rows: readonly SplitRow[] }) {
  return (
    <ChartSvg label={label} height={rows.length * rowHeight}>
      {rows.map((row, rowIndex) => {
        const top = rowIndex * rowHeight
        const whole = row.parts[0].value + row.parts[1].value
        const x = linearScale(whole, 0, chartWidth)
        const split = whole > 0 ? x(row.parts[0].value) : 0
        const widths = [split, chartWidth - split]
        return (
          <g key={row.name}>
            <text className="dash-panel-name" x={0} y={top + fontSize}>
              {row.name}
            </text>
            <rect className="dash-track" x={0} y={top + 20} width={chartWidth} height={barHeight} />
            {whole > 0
              ? row.parts.map((part, index) => {
                  // The two parts are kept apart by a gap when both are there.
                  const both = widths[0]! > 0 && widths[1]! > 0
                  const width = Math.max(0, widths[index]! - (both ? gap / 2 : 0))
                  const start = index === 0 ? 0 : split + (both ? gap / 2 : 0)
                  return (
                    <rect
                      key={part.name}
                      className={`dash-part-${index}`}
                      x={round(start)}
                      y={top + 20}
                      width={round(width)}
                      height={barHeight}
                    />
                  )
                })
              : null}
            {row.parts.map((part, index) => {
              const lineY = top + 20 + barHeight + 18 + index * 18
              return (
                <g key={part.name}>
                  <rect
                    className={`dash-part-${index}`}
                    x={0}
                    y={lineY - 10}
                    width={10}
                    height={10}
                  />
                  <text x={16} y={lineY}>
                    {`${part.name}: ${part.text} (${shareText(part.value, whole)})`}
                  </text>
                </g>
              )
            })}
          </g>
        )
      })}
    </ChartSvg>
  )
}
