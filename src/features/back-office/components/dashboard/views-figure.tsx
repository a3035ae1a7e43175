import type { AdminDashboard } from '../../api/dashboard.ts'
import { ChartFigure } from './chart-figure.tsx'
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
        <table className="admin-table">
          <caption className="visually-hidden">Page views and orders per day, {period}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="amount">
                Page views
              </th>
              <th scope="col" className="amount">
                Orders
              </th>
              <th scope="col" className="amount">
                Conversion
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{fullDay(day.day)}</time>
                </th>
                <td className="amount">{formatCount(day.views)}</td>
                <td className="amount">{formatCount(day.orders)}</td>
                <td className="amount">
                  {day.conversion === null ? '–' : percentText(day.conversion)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  )
}
