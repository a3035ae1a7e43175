import type { ReactNode } from 'react'
import { formatMoney } from '../../../../../contract/money.ts'
import type { AdminDashboard, SalesDay, SalesWeek } from '../../api/dashboard.ts'
import { ChartFigure, FiguresTable } from './chart-figure.tsx'
import { axisMoney, dayLabel, formatCount, fullDay, peakIndex, periodLabel } from './chart-model.ts'
import { ColumnChart } from './column-chart.tsx'

/** Where the figures of a day or week are the most, in words: "the most on Tue, Nov 3, 2026 ($90.00)". */
function most<T>(rows: readonly T[], value: (row: T) => number, say: (row: T) => string): string {
  const peak = rows[peakIndex(rows.map(value))]
  return peak && value(peak) > 0 ? `, the most ${say(peak)}` : ''
}

/** What a chart's columns stand for: the period's days, or its weeks. */
interface Span<T> {
  rows: readonly T[]
  /** The day a row stands for (a week by its first day). */
  day: (row: T) => string
  /** The table's first column. */
  heading: string
  /** A row in the drawing's sentence: "on Tue, Nov 3, 2026". */
  when: (day: string) => string
  /** A column's hover title, before its figure: "Tue, Nov 3, 2026". */
  name: (day: string) => string
}

const perDay = (rows: readonly SalesDay[]): Span<SalesDay> => ({
  rows,
  day: (row) => row.day,
  heading: 'Day',
  when: (day) => `on ${fullDay(day)}`,
  name: fullDay,
})

const perWeek = (rows: readonly SalesWeek[]): Span<SalesWeek> => ({
  rows,
  day: (row) => row.week,
  heading: 'Week of',
  when: (day) => `in the week of ${fullDay(day)}`,
  name: (day) => `Week of ${fullDay(day)}`,
})

/** Sales per day and per week, and orders per day: the period's columns. */
export function SalesCharts({ figures }: { figures: AdminDashboard }) {
  const { currency, summary } = figures
  const period = periodLabel(figures.from, figures.to)
  const money = (minor: number) => formatMoney(minor, currency)
  const noOrders = summary.orders === 0
  const salesCells = (row: SalesDay | SalesWeek) => [
    formatCount(row.orders),
    money(row.sales),
    money(row.refunded),
  ]
  const sales = {
    period,
    value: (row: SalesDay | SalesWeek) => row.sales,
    text: money,
    total: money(summary.sales),
    tick: (value: number) => axisMoney(value, currency),
    columns: ['Orders', 'Sales', 'Refunded'],
    cells: salesCells,
    empty: noOrders ? 'No sales in this period.' : undefined,
  }
  return (
    <>
      <PeriodChart
        title="Sales per day"
        note={`${money(summary.sales)} in ${period}.`}
        span={perDay(figures.salesPerDay)}
        {...sales}
      />
      <PeriodChart
        title="Sales per week"
        note="Weeks start on Monday; the first and last may be only part of a week."
        span={perWeek(figures.salesPerWeek)}
        {...sales}
      />
      <PeriodChart
        title="Orders per day"
        note={`${formatCount(summary.orders)} ${summary.orders === 1 ? 'order' : 'orders'} in ${period}.`}
        empty={noOrders ? 'No orders in this period.' : undefined}
        span={perDay(figures.salesPerDay)}
        period={period}
        value={(row) => row.orders}
        text={formatCount}
        total={formatCount(summary.orders)}
        tick={formatCount}
        columns={['Orders']}
        cells={(row) => [formatCount(row.orders)]}
      />
    </>
  )
}

/** One figure of the period's columns (a day's or a week's), with its table. */
function PeriodChart<T>({
  title,
  note,
  empty,
  period,
  span,
  value,
  text,
  total,
  tick,
  columns,
  cells,
}: {
  title: string
  note: ReactNode
  empty: string | undefined
  period: string
  span: Span<T>
  /** What a column draws. */
  value: (row: T) => number
  /** A column's figure in words: an amount, a count. */
  text: (value: number) => string
  /** The period's total, in words. */
  total: string
  tick: (value: number) => string
  /** The table's figure columns, after the day. */
  columns: readonly string[]
  cells: (row: T) => readonly ReactNode[]
}) {
  const { rows, day } = span
  return (
    <ChartFigure
      title={title}
      note={note}
      empty={empty}
      chart={
        <ColumnChart
          label={`Columns of ${title.toLowerCase()}, ${period}: ${total} in all${most(
            rows,
            value,
            (row) => `${span.when(day(row))} (${text(value(row))})`,
          )}.`}
          tick={tick}
          columns={rows.map((row) => ({
            key: day(row),
            label: dayLabel(day(row)),
            value: value(row),
            title: `${span.name(day(row))}: ${text(value(row))}`,
          }))}
        />
      }
      table={
        <FiguresTable
          caption={`${title}, ${period}`}
          columns={[span.heading, ...columns]}
          rows={rows.map((row) => ({
            key: day(row),
            head: <time dateTime={day(row)}>{fullDay(day(row))}</time>,
            cells: cells(row),
          }))}
        />
      }
    />
  )
}
