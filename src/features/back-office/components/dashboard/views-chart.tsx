import {
  axisRoom,
  bands,
  chartWidth,
  formatCount,
  labelIndexes,
  linePath,
  linearScale,
  niceTicks,
  round,
} from './chart-model.ts'
import { ChartSvg, DayLabels, GridLines, TickLabels } from './chart-parts.tsx'

export interface ViewsPoint {
  key: string
  /** Under the axis, when there is room: "Nov 3". */
  label: string
  views: number
  orders: number
}

const right = 8
const plotHeight = 80
/** Each panel: its name above, then its plot. */
const panels = [
  { series: 'views', name: 'Page views', titleY: 12, top: 28 },
  { series: 'orders', name: 'Orders', titleY: 136, top: 152 },
] as const
const axisY = 152 + plotHeight + 18
const height = axisY + 8
/** Markers on every point while there are few enough to tell apart. */
const mostMarked = 31

/**
 * Page views and orders per day, one above the other on the same days: two lines of very
 * different sizes (thousands of views, a few orders) each get an axis of their own rather than
 * one flattening the other. Each panel is named, and the lines differ in more than colour: round
 * markers for views, square ones for orders (while there are few enough days to mark them; a
 * dash would turn a year of days into noise).
 */
export function ViewsChart({ label, points }: { label: string; points: readonly ViewsPoint[] }) {
  const scales = panels.map((panel) => {
    const ticks = niceTicks(Math.max(0, ...points.map((point) => point[panel.series])), 2)
    return { ...panel, ticks, labels: ticks.map(formatCount) }
  })
  const left = axisRoom(scales.flatMap((scale) => scale.labels))
  const xs = bands(points.length, left, chartWidth - right).map((band) => band.center)
  const labelled = labelIndexes(points.length, Math.floor((chartWidth - left - right) / 56))
  return (
    <ChartSvg label={label} height={height}>
      {scales.map((scale) => {
        const y = linearScale(scale.ticks.at(-1)!, scale.top + plotHeight, scale.top)
        const ys = points.map((point) => y(point[scale.series]))
        return (
          <g key={scale.series} className={`dash-series dash-series-${scale.series}`}>
            <text className="dash-panel-name" x={0} y={scale.titleY}>
              {scale.name}
            </text>
            <GridLines ticks={scale.ticks} y={y} left={left} right={right} />
            <g className="dash-axis">
              <TickLabels ticks={scale.ticks} labels={scale.labels} y={y} left={left} />
            </g>
            <path className="dash-line" d={linePath(xs.map((x, index) => [x, ys[index]!]))} />
            {points.length <= mostMarked
              ? points.map((point, index) =>
                  scale.series === 'views' ? (
                    <circle key={point.key} cx={xs[index]} cy={round(ys[index]!)} r={2.5} />
                  ) : (
                    <rect
                      key={point.key}
                      x={round(xs[index]! - 2.5)}
                      y={round(ys[index]! - 2.5)}
                      width={5}
                      height={5}
                    />
                  ),
                )
              : null}
          </g>
        )
      })}
      <g className="dash-axis">
        <DayLabels indexes={labelled} days={points} xs={xs} y={axisY} left={left} />
      </g>
    </ChartSvg>
  )
}
