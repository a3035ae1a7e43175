import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { maxSearchLength } from '../../../../../contract/admin.ts'
import type { Role } from '../../../../../contract/user.ts'
import { NetworkError } from '../../../../lib/api-client.ts'
import { useOnlineStatus } from '../../../../lib/use-online-status.ts'
import {
  customersQuery,
  type CustomerRow,
  type CustomerSearch,
  type CustomersPage,
} from '../../api/people.ts'
import { fieldError } from '../../query.ts'
import { Fact } from '../fact.tsx'
import { formatWhen, personName, roleLabels } from './people-model.ts'
import './people.css'

const roles = Object.keys(roleLabels) as Role[]

/**
 * `/admin/customers`: every account, searched by e-mail address or name and by role, a page at a
 * time as the server gives them. A search is the network's: offline it says so rather than show
 * an old answer as today's. The search sits in the URL (the route's `validateSearch`), so the
 * back button and a shared link give the same list.
 */
export function CustomerListScreen({
  search,
  onSearch,
}: {
  search: CustomerSearch
  /** Goes to another search or page (the route puts it in the URL). */
  onSearch: (next: CustomerSearch) => void
}) {
  const online = useOnlineStatus()
  const read = useQuery({ ...customersQuery(search), placeholderData: keepPreviousData })
  const [q, setQ] = useState(search.q ?? '')
  const [role, setRole] = useState<Role | ''>(search.role ?? '')
  const summaryRef = useRef<HTMLParagraphElement>(null)
  // A search or page the owner asked for moves focus to what it found, once it has come.
  const awaitingFocus = useRef(false)
  const answered = read.data !== undefined && !read.isPlaceholderData
  useEffect(() => {
    if (!awaitingFocus.current || (!answered && !read.isError)) return
    awaitingFocus.current = false
    summaryRef.current?.focus()
  }, [answered, read.isError, read.dataUpdatedAt, read.errorUpdatedAt])

  const go = (next: CustomerSearch) => {
    awaitingFocus.current = true
    // The same search again asks the shop again (the answer may have changed).
    if (JSON.stringify(next) === JSON.stringify(search)) void read.refetch()
    else onSearch(next)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const typed = q.trim()
    go({ ...(typed ? { q: typed } : {}), ...(role ? { role } : {}) })
  }
  const qError = fieldError(read.error, 'q')
  const ids = { q: useId(), role: useId(), offline: useId() }

  return (
    <main className="people-screen">
      <h1>Customers</h1>
      <form
        role="search"
        className="people-search"
        onSubmit={submit}
        aria-label="Search the accounts"
      >
        <div className="people-field">
          <label htmlFor={ids.q}>E-mail or name</label>
          <input
            id={ids.q}
            type="search"
            value={q}
            maxLength={maxSearchLength}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={qError ? true : undefined}
            aria-describedby={qError ? `${ids.q}-error` : undefined}
            onChange={(event) => setQ(event.target.value)}
          />
          {qError && (
            <p id={`${ids.q}-error`} className="field-error">
              {qError}
            </p>
          )}
        </div>
        <div className="people-field">
          <label htmlFor={ids.role}>Role</label>
          <select
            id={ids.role}
            value={role}
            onChange={(event) => setRole(event.target.value as Role | '')}
          >
            <option value="">Any role</option>
            {roles.map((value) => (
              <option key={value} value={value}>
                {roleLabels[value]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="button"
          disabled={!online}
          aria-describedby={online ? undefined : ids.offline}
        >
          Search
        </button>
        {!online && (
          <p id={ids.offline} className="people-needs-network">
            Searching needs the network.
          </p>
        )}
      </form>
      <Results
        read={read}
        search={search}
        summaryRef={summaryRef}
        onPage={(page) => go({ ...search, page })}
      />
    </main>
  )
}

function summaryOf(page: CustomersPage, search: CustomerSearch): string {
  const count = page.totalCount
  const filters = [search.q && `“${search.q}”`, search.role && `role ${roleLabels[search.role]}`]
    .filter(Boolean)
    .join(', ')
  const forWhat = filters ? ` for ${filters}` : ''
  if (count === 0) return `No account${forWhat}.`
  const accounts = count === 1 ? '1 account' : `${count.toLocaleString('en-US')} accounts`
  const pages = Math.max(1, Math.ceil(count / page.perPage))
  const where = pages > 1 ? ` Page ${page.page} of ${pages}.` : ''
  return `${accounts}${forWhat}, newest first.${where}`
}

function Results({
  read,
  search,
  summaryRef,
  onPage,
}: {
  read: UseQueryResult<CustomersPage>
  search: CustomerSearch
  summaryRef: RefObject<HTMLParagraphElement | null>
  onPage: (page: number) => void
}) {
  const page = read.data
  let summary: string
  if (read.isError && !fieldError(read.error, 'q'))
    summary =
      read.error instanceof NetworkError
        ? 'Not searched: searching needs the network, and the shop did not answer.'
        : 'The search failed. Try again.'
  else if (read.isError) summary = 'Not searched: see the search field.'
  else if (!page) summary = 'Searching…'
  else if (read.isPlaceholderData) summary = 'Searching…'
  else summary = summaryOf(page, search)

  return (
    <section className="people-section" aria-labelledby="customer-results">
      <h2 id="customer-results">Accounts</h2>
      <p ref={summaryRef} role="status" tabIndex={-1} className="people-summary">
        {summary}
      </p>
      {page && page.customers.length > 0 && (
        <ol className="people-cards" aria-busy={read.isPlaceholderData || undefined}>
          {page.customers.map((customer) => (
            <CustomerCard key={customer.id} customer={customer} />
          ))}
        </ol>
      )}
      {page && (page.page > 1 || page.hasMore) && (
        <nav className="people-pager" aria-label="Pages of accounts">
          <button
            type="button"
            className="button button-secondary"
            disabled={page.page <= 1 || read.isFetching}
            onClick={() => onPage(page.page - 1)}
          >
            Previous page
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={!page.hasMore || read.isFetching}
            onClick={() => onPage(page.page + 1)}
          >
            Next page
          </button>
        </nav>
      )}
    </section>
  )
}

function CustomerCard({ customer }: { customer: CustomerRow }) {
  const name = personName(customer)
  return (
    <li className="people-card">
      <h3>
        <Link to="/admin/$" params={{ _splat: `customers/${customer.id}` }}>
          {name}
        </Link>
      </h3>
      {name !== customer.email && <p className="people-card-sub">{customer.email}</p>}
      <dl className="people-facts">
        <Fact term="Role">{roleLabels[customer.role]}</Fact>
        <Fact term="Orders">
          {customer.orderCount}
          {customer.lastOrderAt && `, the last ${formatWhen(customer.lastOrderAt)}`}
        </Fact>
        {customer.dealer && <Fact term="Dealer">{customer.dealer.name}</Fact>}
      </dl>
    </li>
  )
}
