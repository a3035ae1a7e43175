import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { families } from '../../../../contract/families.ts'
import { productionTimeQuery } from '../api.ts'
import { formatRevisionDate, formatWeeksRange } from '../format.ts'

/** `/production-time`: how long an order takes to make right now, per category. */
export function ProductionTimePage() {
  const { data } = useSuspenseQuery(productionTimeQuery())
  return (
    <article className="page">
      <h1>Production time</h1>
      <p className="lead">
        Everything we make is sewn and checked in our own workshop. These are the current times from
        order to dispatch; they change as our queue grows and shrinks.
      </p>
      <p>
        Updated <time dateTime={data.updatedAt}>{formatRevisionDate(data.updatedAt)}</time>.
      </p>
      <table className="production-time">
        <caption>Current production time by category</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Production time</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {data.categories.map((entry) => (
            <tr key={entry.category}>
              <th scope="row">
                <Link to={families[entry.category].path}>{entry.title}</Link>
              </th>
              <td>{formatWeeksRange(entry.weeksMin, entry.weeksMax)}</td>
              <td>{entry.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  )
}
