import { formatMoney } from '../../../../../contract/money.ts'
import type { AdminDashboard } from '../../api/dashboard.ts'
import { ChartFigure } from './chart-figure.tsx'
import { axisMoney, dayLabel, formatCount, fullDay, peakIndex, periodLabel } from './chart-model.ts'
import { ColumnChart } from './column-chart.tsx'

/** Where the figures of a day or week are the most, in words: "the most on Tue, Nov 3, 2026 ($90.00)". */
function most<T>(rows: readonly T[], value: (row: T) => number, say: (row: T) => string): string {
  const peak = rows[peakIndex(rows.map(value))]
  return peak && value(peak) > 0 ? `, the most ${say(peak)}` : ''
}

/** Sales per day and per week, and orders per day: the period's columns. */
export function SalesCharts({ figures }: { figures: AdminDashboard }) {
  const { currency, summary } = figures
  const period = periodLabel(figures.from, figures.to)
  const money = (minor: number) => formatMoney(minor, currency)
  const noOrders = summary.orders === 0
  return (
    <>
      <ChartFigure
        title="Sales per day"
        note={`${money(summary.sales)} in ${period}.`}
        empty={noOrders ? 'No sales in this period.' : undefined}
        chart={
          <ColumnChart
            label={`Columns of sales per day, ${period}: ${money(summary.sales)} in all${most(
              figures.salesPerDay,
              (row) => row.sales,
              (row) => `on ${fullDay(row.day)} (${money(row.sales)})`,
            )}.`}
            tick={(value) => axisMoney(value, currency)}
            columns={figures.salesPerDay.map((row) => ({
              key: row.day,
              label: dayLabel(row.day),
              value: row.sales,
              title: `${fullDay(row.day)}: ${money(row.sales)}`,
            }))}
          />
        }
        table={
          <table className="admin-table">
            <caption className="visually-hidden">Sales per day, {period}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="amount">
                  Orders
                </th>
                <th scope="col" className="amount">
                  Sales
                </th>
                <th scope="col" className="amount">
                  Refunded
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.salesPerDay.map((row) => (
                <tr key={row.day}>
                  <th scope="row">
                    <time dateTime={row.day}>{fullDay(row.day)}</time>
                  </th>
                  <td className="amount">{formatCount(row.orders)}</td>
                  <td className="amount">{money(row.sales)}</td>
                  <td className="amount">{money(row.refunded)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <ChartFigure
        title="Sales per week"
        note="Weeks start on Monday; the first and last may be only part of a week."
        empty={noOrders ? 'No sales in this period.' : undefined}
        chart={
          <ColumnChart
            label={`Columns of sales per week, ${period}: ${money(summary.sales)} in all${most(
              figures.salesPerWeek,
              (row) => row.sales,
              (row) => `in the week of ${fullDay(row.week)} (${money(row.sales)})`,
            )}.`}
            tick={(value) => axisMoney(value, currency)}
            columns={figures.salesPerWeek.map((row) => ({
              key: row.week,
              label: dayLabel(row.week),
              value: row.sales,
              title: `Week of ${fullDay(row.week)}: ${money(row.sales)}`,
            }))}
          />
        }
        table={
          <table className="admin-table">
            <caption className="visually-hidden">Sales per week, {period}</caption>
            <thead>
              <tr>
                <th scope="col">Week of</th>
                <th scope="col" className="amount">
                  Orders
                </th>
                <th scope="col" className="amount">
                  Sales
                </th>
                <th scope="col" className="amount">
                  Refunded
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.salesPerWeek.map((row) => (
                <tr key={row.week}>
                  <th scope="row">
                    <time dateTime={row.week}>{fullDay(row.week)}</time>
                  </th>
                  <td className="amount">{formatCount(row.orders)}</td>
                  <td className="amount">{money(row.sales)}</td>
                  <td className="amount">{money(row.refunded)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <ChartFigure
        title="Orders per day"
        note={`${formatCount(summary.orders)} ${summary.orders === 1 ? 'order' : 'orders'} in ${period}.`}
        empty={noOrders ? 'No orders in this period.' : undefined}
        chart={
          <ColumnChart
            label={`Columns of orders per day, ${period}: ${formatCount(summary.orders)} in all${most(
              figures.salesPerDay,
              (row) => row.orders,
              (row) => `on ${fullDay(row.day)} (${formatCount(row.orders)})`,
            )}.`}
            tick={formatCount}
            columns={figures.salesPerDay.map((row) => ({
              key: row.day,
              label: dayLabel(row.day),
              value: row.orders,
              title: `${fullDay(row.day)}: ${formatCount(row.orders)}`,
            }))}
          />
        }
        table={
          <table className="admin-table">
            <caption className="visually-hidden">Orders per day, {period}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="amount">
                  Orders
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.salesPerDay.map((row) => (
                <tr key={row.day}>
                  <th scope="row">
                    <time dateTime={row.day}>{fullDay(row.day)}</time>
                  </th>
                  <td className="amount">{formatCount(row.orders)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </>
  )
}
