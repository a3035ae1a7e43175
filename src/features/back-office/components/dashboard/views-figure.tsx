import type { AdminDashboard } from '../../api/dashboard.ts'
import { ChartFigure, FiguresTable } from './chart-figure.tsx'
import { dayLabel, formatCount, fullDay, percentText, periodLabel, sum } from './chart-model.ts'
import { ViewsChart } from './views-chart.tsx'

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`

/** Page views against orders per day, and the period's conversion. */
export function ViewsFigure({ figures }: { figures: AdminDashboard }) {
  const days = figures.viewsPerDay
  const period = periodLabel(figures.from, figures.to)
  const views = sum(days.map((day) => day.views))
  const orders = sum(days.map((day) => day.orders))
  // Orders per page view: "–" with no views to divide by.
  const rate = views > 0 ? percentText(orders / views) : '–'
  const counted = `${plural(orders, 'order', 'orders')} from ${plural(views, 'page view', 'page views')}`
  return (
    <ChartFigure
      title="Page views and orders per day"
      note={`Conversion (orders per page view): ${rate}, ${counted}.`}
      empty={views === 0 && orders === 0 ? 'No page views in this period.' : undefined}
      chart={
        <ViewsChart
          label={`Lines of page views and orders per day, ${period}: ${counted}, a conversion of ${rate}.`}
          points={days.map((day) => ({
            key: day.day,
            label: dayLabel(day.day),
            views: day.views,
            orders: day.orders,
          }))}
        />
      }
      table={
        <FiguresTable
          caption={`Page views and orders per day, ${period}`}
          columns={['Day', 'Page views', 'Orders', 'Conversion']}
          rows={days.map((day) => ({
            key: day.day,
            head: <time dateTime={day.day}>{fullDay(day.day)}</time>,
            cells: [
              formatCount(day.views),
              formatCount(day.orders),
              day.conversion === null ? '–' : percentText(day.conversion),
            ],
          }))}
        />
      }
    />
  )
}
