import { useQuery } from '@tanstack/react-query'
import { ratePercent } from '../../../../contract/dealer.ts'
import { formatDateTime } from '../../../lib/format-date.ts'
import { dealerCustomersQuery } from '../api.ts'
import { readProblem } from '../model.ts'

/** The dealer's entry and rate, its invitation link, and its customers. */
export function CustomerList() {
  const read = useQuery(dealerCustomersQuery())
  const data = read.data
  if (!data)
    return (
      <section className="panel" aria-labelledby="dealer-customers">
        <h2 id="dealer-customers">Your customers</h2>
        {read.error ? (
          <p role="alert" className="form-problem">
            {readProblem(read.error, 'your customers')}
          </p>
        ) : (
          <p role="status">Loading your customers…</p>
        )}
      </section>
    )
  const link = `${globalThis.location.origin}${data.invitationPath}`
  return (
    <section className="panel" aria-labelledby="dealer-customers">
      <h2 id="dealer-customers">Your customers</h2>
      <p>
        <strong>{data.dealer.name}</strong>, {data.dealer.city} · {ratePercent(data.dealer.rateBp)}{' '}
        commission
      </p>
      <p className="field-hint">
        A customer who registers through your invitation link becomes yours:
      </p>
      <p className="dealer-invitation">
        <a href={data.invitationPath}>{link}</a>
      </p>
      {data.customers.length === 0 ? (
        <p>No customers yet.</p>
      ) : (
        <ul className="dealer-entries" data-testid="dealer-customers">
          {data.customers.map((customer) => (
            <li key={customer.id} className="dealer-row">
              <span className="dealer-row-head">
                <strong>{customer.name ?? customer.email}</strong>
                <span>
                  {customer.orderCount} {customer.orderCount === 1 ? 'order' : 'orders'}
                </span>
              </span>
              {customer.name && <span>{customer.email}</span>}
              <span className="field-hint">
                {customer.linkedBy === 'invitation'
                  ? 'Joined by your invitation'
                  : 'Linked by the shop'}{' '}
                {formatDateTime(Date.parse(customer.linkedAt))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
