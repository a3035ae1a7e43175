import { useId, type ReactNode } from 'react'

/**
 * One chart as a figure: its title (a heading, so a screen reader can go from chart to chart), the
 * drawing (an SVG `role="img"` that says what it shows in a sentence), and the exact figures in a
 * table behind "Show figures", for anyone who wants the numbers rather than the shape. With
 * nothing to draw, the figure says so instead (`empty`).
 */
export function ChartFigure({
  title,
  note,
  empty,
  chart,
  table,
}: {
  title: string
  /** A line under the title: the period's total, a conversion, what is counted. */
  note?: ReactNode
  /** Said instead of the chart and its table, when there is nothing to draw. */
  empty?: string
  chart: ReactNode
  table: ReactNode
}) {
  // Named by its title alone (the caption's note would make a long name), as not every reader
  // names a figure from its figcaption.
  const titleId = useId()
  return (
    <figure className="dash-chart" aria-labelledby={titleId}>
      <figcaption>
        <h3 id={titleId}>{title}</h3>
        {note ? <p className="dash-chart-note">{note}</p> : null}
      </figcaption>
      {empty ? (
        <p className="dash-empty">{empty}</p>
      ) : (
        <>
          {chart}
          <details className="dash-figures">
            <summary>Show figures</summary>
            {/* A table wider than a phone scrolls sideways: focusable, so a keyboard can too. */}
            <div
              className="admin-table-wrap"
              role="region"
              aria-label={`${title}: the figures`}
              tabIndex={0}
            >
              {table}
            </div>
          </details>
        </>
      )}
    </figure>
  )
}

/** A row of a chart's figures: what it is (a day, a week, a product), then its amounts. */
export interface FiguresRow {
  key: string
  head: ReactNode
  cells: readonly ReactNode[]
}

/**
 * A chart's exact figures, the table behind "Show figures": the first column names the rows
 * (a day, a week, a product), the others are amounts, aligned as numbers.
 */
export function FiguresTable({
  caption,
  columns: [first, ...amounts],
  rows,
}: {
  /** Said to a screen reader only: the figure's title already shows. */
  caption: ReactNode
  columns: readonly [string, ...string[]]
  rows: readonly FiguresRow[]
}) {
  return (
    <table className="admin-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {amounts.map((column, index) => (
            <th key={index} scope="col" className="amount">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.head}</th>
            {row.cells.map((cell, index) => (
              <td key={index} className="amount">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
