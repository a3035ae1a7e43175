import { Link } from '@tanstack/react-router'
import type { ManualsIndexData } from '../../../../contract/page-data/manuals.ts'

/** Every owner manual, under the product family it belongs to. */
export function ManualsIndex({ groups }: ManualsIndexData) {
  return (
    <div className="page manuals-index">
      <h1>All manuals</h1>
      <p className="lead">
        Owner manuals for everything we make: fitting, checks before every jump, flight and care.
      </p>
      {groups.map((group) => (
        <section key={group.family} aria-labelledby={`manuals-${group.family}`}>
          <h2 id={`manuals-${group.family}`}>{group.title}</h2>
          <ul className="learn-list">
            {group.manuals.map((manual) => (
              <li key={manual.slug}>
                <Link to="/manuals/$slug" params={{ slug: manual.slug }}>
                  {manual.title}
                </Link>
                <p>{manual.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
