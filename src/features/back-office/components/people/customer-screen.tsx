import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatMoney } from '../../../../../contract/money.ts'
import { statusLabels } from '../../../../../contract/orders.ts'
import { customerQuery, type CustomerDetail } from '../../api/people.ts'
import { AsOf } from '../as-of.tsx'
import { Fact } from '../fact.tsx'
import { AuditList } from './audit-list.tsx'
import { CustomerActions } from './customer-actions.tsx'
import { formatWhen, linkedByLabels, personName, roleLabels } from './people-model.ts'
import { ReadProblem } from '../read-problem.tsx'
import './people.css'

/**
 * `/admin/customers/{id}`: one account as the shop sees it (profile, role, orders, addresses,
 * dealer, what the back office did to it), with a sign-in link and "sign out everywhere". Kept
 * on the device: offline it shows the copy last read, marked with when.
 */
export function CustomerScreen({ userId }: { userId: string }) {
  const read = useQuery(customerQuery(userId))
  if (!read.data)
    return (
      <main className="people-screen">
        <h1>Customer</h1>
        <ReadProblem read={read} what="customer" />
      </main>
    )
  const customer = read.data.data
  return (
    <main className="people-screen">
      <h1>{personName(customer)}</h1>
      <AsOf read={read.data} />
      <Profile customer={customer} />
      <CustomerActions customer={customer} />
      <Orders customer={customer} />
      <Addresses customer={customer} />
      <Dealer customer={customer} />
      <AuditList entries={customer.audit} headingId="customer-audit" />
    </main>
  )
}

function Profile({ customer }: { customer: CustomerDetail }) {
  return (
    <section className="people-section" aria-labelledby="customer-profile">
      <h2 id="customer-profile">Profile</h2>
      <dl className="people-facts">
        <Fact term="E-mail" className="people-wrap">
          {customer.email}
        </Fact>
        <Fact term="Name">{customer.name ?? 'None given'}</Fact>
        <Fact term="Role">{roleLabels[customer.role]}</Fact>
        <Fact term="Since">{formatWhen(customer.createdAt)}</Fact>
        <Fact term="Address proven">
          {customer.emailVerifiedAt ? formatWhen(customer.emailVerifiedAt) : 'Not yet'}
        </Fact>
        <Fact term="Password">{customer.hasPassword ? 'Set' : 'None (a guest account)'}</Fact>
        <Fact term="Open sessions">{customer.liveSessions}</Fact>
      </dl>
    </section>
  )
}

function Orders({ customer }: { customer: CustomerDetail }) {
  const { orders, orderCount } = customer
  return (
    <section className="people-section" aria-labelledby="customer-orders">
      <h2 id="customer-orders">Orders</h2>
      {orders.length === 0 ? (
        <p>No submitted order.</p>
      ) : (
        <>
          {orderCount > orders.length && (
            <p>
              The newest {orders.length} of {orderCount}. The others are in Orders: search for{' '}
              {customer.email}.
            </p>
          )}
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Submitted</th>
                  <th scope="col">State</th>
                  <th scope="col">Items</th>
                  <th scope="col" className="amount">
                    Total
                  </th>
                  <th scope="col" className="amount">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">
                      <Link to="/admin/$" params={{ _splat: `orders/${order.id}` }}>
                        #{order.number}
                      </Link>
                      {order.placedBy && (
                        <span className="people-note">
                          Placed by dealer {personName(order.placedBy)}
                        </span>
                      )}
                      {order.placedFor && (
                        <span className="people-note">For {personName(order.placedFor)}</span>
                      )}
                    </th>
                    <td>{formatWhen(order.submittedAt)}</td>
                    <td>{statusLabels[order.status]}</td>
                    <td>{order.items.join(', ')}</td>
                    <td className="amount">{formatMoney(order.total, order.currency)}</td>
                    <td className="amount">{formatMoney(order.balance, order.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}

function Addresses({ customer }: { customer: CustomerDetail }) {
  return (
    <section className="people-section" aria-labelledby="customer-addresses">
      <h2 id="customer-addresses">Addresses</h2>
      {customer.addresses.length === 0 ? (
        <p>No saved address.</p>
      ) : (
        <ul className="people-cards">
          {customer.addresses.map((address) => (
            <li key={address.id} className="people-card">
              {address.isDefault && <p className="people-badge">Default</p>}
              <address>
                {address.name}
                <br />
                {address.line1}
                {address.line2 && (
                  <>
                    <br />
                    {address.line2}
                  </>
                )}
                <br />
                {address.postalCode} {address.city}
                {address.region && `, ${address.region}`}
                <br />
                {address.country}
                {address.phone && (
                  <>
                    <br />
                    {address.phone}
                  </>
                )}
              </address>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Dealer({ customer }: { customer: CustomerDetail }) {
  const { dealer, dealerEntry } = customer
  const isDealer = customer.role === 'dealer' || dealerEntry !== null
  return (
    <section className="people-section" aria-labelledby="customer-dealer">
      <h2 id="customer-dealer">Dealer</h2>
      {dealer ? (
        <p>
          The customer of{' '}
          <Link to="/admin/$" params={{ _splat: `dealers/${dealer.id}` }}>
            {dealer.name}
          </Link>{' '}
          ({dealer.email}), {linkedByLabels[dealer.linkedBy]} on {formatWhen(dealer.linkedAt)}.
        </p>
      ) : (
        !isDealer && <p>The customer of no dealer.</p>
      )}
      {isDealer && (
        <p>
          {dealerEntry
            ? `This account is a dealer: ${dealerEntry.name}, ${dealerEntry.city}, ${dealerEntry.country}. `
            : 'This account is a dealer not yet tied to a directory entry. '}
          <Link to="/admin/$" params={{ _splat: `dealers/${customer.id}` }}>
            Its dealer page
          </Link>
        </p>
      )}
    </section>
  )
}
