import { useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { DealersPageData } from '../../../../contract/page-data/dealers.ts'
import { CatchAllLink } from '../../../components/catch-all-link.tsx'
import { filterDealers, groupByCountry } from '../model.ts'
import type { DealerSearch } from '../search.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { DealerCard } from './dealer-card.tsx'

interface DealersPageProps {
  data: DealersPageData
  search: DealerSearch
}

/**
 * Every dealer by country, with a search box and a country filter kept in the URL so a
 * filtered view can be shared. The page is prerendered unfiltered, so the URL's filters apply
 * once hydration is done.
 */
export function DealersPage({ data, search }: DealersPageProps) {
  const navigate = useNavigate({ from: '/dealers' })
  const hydrated = useHydrated()
  const applied = hydrated ? search : {}
  // What the visitor is typing, until the URL catches up: the router commits search params
  // asynchronously, and an input bound to them alone would lose keystrokes and the caret.
  const [typed, setTyped] = useState<string | null>(null)
  const urlQuery = applied.q ?? ''
  if (typed !== null && typed === urlQuery) setTyped(null)
  const query = typed ?? urlQuery

  const filters = { ...applied, q: query }
  const groups = groupByCountry(filterDealers(data.dealers, filters), data.countries)
  const count = groups.reduce((sum, group) => sum + group.dealers.length, 0)
  const ids = { query: useId(), country: useId() }

  function update(next: DealerSearch) {
    void navigate({
      search: { q: next.q || undefined, country: next.country || undefined },
      replace: true,
      resetScroll: false,
    })
  }

  return (
    <article className="page dealers-page">
      <h1>Dealers</h1>
      <p className="lead">
        Buy through a dealer near you: they fit, sell and service our gear, and know the local drop
        zones and exits.
      </p>
      <form role="search" className="dealer-filters" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor={ids.query}>Search by name or city</label>
          <input
            id={ids.query}
            type="search"
            value={query}
            autoComplete="off"
            onChange={(event) => {
              setTyped(event.target.value)
              update({ ...applied, q: event.target.value })
            }}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.country}>Country</label>
          <select
            id={ids.country}
            value={applied.country ?? ''}
            onChange={(event) => update({ ...filters, country: event.target.value })}
          >
            <option value="">All countries</option>
            {data.countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p className="dealer-count" aria-live="polite">
        {count} {count === 1 ? 'dealer' : 'dealers'}
      </p>
      {groups.length === 0 && (
        <p className="empty-state">
          No dealer matches. Try another spelling or country, or{' '}
          <CatchAllLink to="/contact">ask us</CatchAllLink> for the nearest one.
        </p>
      )}
      {groups.map((group) => (
        <section key={group.code} aria-labelledby={`dealers-${group.code}`}>
          <h2 id={`dealers-${group.code}`}>{group.name}</h2>
          <ul className="dealer-list">
            {group.dealers.map((dealer) => (
              <li key={dealer.slug}>
                <DealerCard dealer={dealer} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  )
}
