import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError } from '../../../../lib/api-client.ts'
import { NotKeptError, type Read } from '../../../../lib/kept-orders.ts'
import { attentionQuery, dashboardQuery, type AdminDashboard } from '../../api/dashboard.ts'
import { AsOf } from '../as-of.tsx'
import { AttentionList } from './attention-list.tsx'
import { periodLabel } from './chart-model.ts'
import { periodOf, utcToday, type DashboardSearch } from './period.ts'
import { PeriodPicker } from './period-picker.tsx'
import { ProductCharts } from './product-charts.tsx'
import { SalesCharts } from './sales-charts.tsx'
import { SummaryFigures } from './summary-figures.tsx'
import { ViewsFigure } from './views-figure.tsx'
import './dashboard.css'

/** Why a read gave nothing to show, in the owner's words. */
function readProblem(error: unknown, what: string): string {
  if (error instanceof NotKeptError)
    return `You are offline, and this device has not read ${what} yet.`
  if (error instanceof ApiError && error.status === 401)
    return 'Your session has ended. Sign in again.'
  if (error instanceof ApiError && error.status === 403) return `Your role may not read ${what}.`
  return `Could not read ${what}. Try again.`
}

/** A read with nothing to show yet: loading, or why not, with a way to ask again. */
function NoRead({ read, what }: { read: UseQueryResult<unknown>; what: string }) {
  if (!read.isError)
    return (
      <p className="dash-muted" role="status">
        Reading {what}…
      </p>
    )
  return (
    <div className="dash-read-problem" role="alert">
      <p>{readProblem(read.error, what)}</p>
      <button type="button" onClick={() => void read.refetch()}>
        Try again
      </button>
    </div>
  )
}

/**
 * `/admin`: the dashboard. The period's figures (a preset or days of the owner's choosing, in
 * the URL), what needs the owner now, and the charts, each with its figures in a table. Both
 * reads are kept on the device: offline, the last ones open, marked as of when.
 */
export function DashboardScreen({
  search,
  onSearchChange,
}: {
  search: DashboardSearch
  /** A new period chosen: the route puts it in the URL, which comes back as `search`. */
  onSearchChange: (next: DashboardSearch) => void
}) {
  // Today is taken once: a screen left open past midnight keeps its period until a new one is picked.
  const [today] = useState(utcToday)
  const period = periodOf(search, today)
  const figures = useQuery({
    ...dashboardQuery({ from: period.from, to: period.to, currency: search.currency }),
    // The charts of the last period stay in view (marked as being replaced) while the next loads.
    placeholderData: keepPreviousData,
  })
  const attention = useQuery(attentionQuery())
  const asked = periodLabel(period.from, period.to)
  return (
    <div className="dash">
      <h1>Dashboard</h1>
      <PeriodPicker search={search} period={period} onChange={onSearchChange} />
      <p className="dash-status" role="status">
        {figures.isPlaceholderData
          ? `Reading the figures for ${asked}…`
          : figures.data
            ? `Showing ${periodLabel(figures.data.data.from, figures.data.data.to)}.`
            : ''}
      </p>
      {figures.data ? (
        <Summary read={figures.data} asked={period} stale={figures.isPlaceholderData} />
      ) : (
        <NoRead read={figures} what="the figures" />
      )}
      <section className="dash-section dash-attention" aria-labelledby="dash-attention">
        <h2 id="dash-attention">What needs you</h2>
        {attention.data ? (
          <>
            <AsOf read={attention.data} />
            <AttentionList attention={attention.data.data} />
          </>
        ) : (
          <NoRead read={attention} what="what needs you" />
        )}
      </section>
      {figures.data ? (
        <section
          className="dash-section"
          aria-labelledby="dash-charts"
          aria-busy={figures.isPlaceholderData}
        >
          <h2 id="dash-charts">Charts</h2>
          <div className="dash-charts">
            <SalesCharts figures={figures.data.data} />
            <ProductCharts figures={figures.data.data} />
            <ViewsFigure figures={figures.data.data} />
          </div>
        </section>
      ) : null}
    </div>
  )
}

function Summary({
  read,
  asked,
  stale,
}: {
  read: Read<AdminDashboard>
  asked: { from: string; to: string }
  /** The figures of the period before, shown while the one asked for loads. */
  stale: boolean
}) {
  const figures = read.data
  const shown = periodLabel(figures.from, figures.to)
  // Offline, the device's copy is the last dashboard read, whichever period that was.
  const otherPeriod = figures.from !== asked.from || figures.to !== asked.to
  return (
    <section className="dash-section" aria-labelledby="dash-summary" aria-busy={stale}>
      <h2 id="dash-summary">Summary</h2>
      <p className="dash-period-shown">
        {shown}, in {figures.currency}
      </p>
      <AsOf read={read} />
      {read.fromDevice && otherPeriod ? (
        <p className="dash-muted">
          These are the figures for {shown}, the last this device read. The period you chose needs
          the network.
        </p>
      ) : null}
      <SummaryFigures figures={figures} />
    </section>
  )
}
