import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { formatMoney } from '../../../../../contract/money.ts'
import { orderNumber } from '../../../../../contract/order-number.ts'
import type { AdminAttention, ShipByOrder } from '../../api/dashboard.ts'
import { formatCount, fullDay } from './chart-model.ts'

/** The UTC day of an instant, as the tables write days: "Tue, Nov 3, 2026". */
const dayOf = (instant: string) => fullDay(new Date(instant).toISOString().slice(0, 10))

const days = (count: number) => `${formatCount(count)} ${count === 1 ? 'day' : 'days'}`

/** How a ship-by date stands: "3 days late", "due today", "due in 2 days". */
export function shipByText(daysLeft: number): string {
  if (daysLeft < 0) return `${days(-daysLeft)} late`
  return daysLeft === 0 ? 'due today' : `due in ${days(daysLeft)}`
}

/** An order's number, linked to its page, where the owner acts on it. */
function OrderLink({ id }: { id: string }) {
  return (
    <Link to="/admin/$" params={{ _splat: `orders/${id}` }} className="dash-item-link">
      Order #{orderNumber(id)}
    </Link>
  )
}

/**
 * One kind of thing that needs the owner: its heading with how many there are, the first of
 * them, and how many more the server left off the list.
 */
function Group({
  title,
  count,
  shown,
  hint,
  children,
}: {
  title: string
  /** How many there are in all. */
  count: number
  /** How many of them are listed. */
  shown: number
  hint?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="dash-group">
      <h3>
        {title} <span className="dash-count">({formatCount(count)})</span>
      </h3>
      {count === 0 ? (
        <p className="dash-muted">None.</p>
      ) : (
        <>
          {hint ? <p className="dash-muted">{hint}</p> : null}
          <ul className="dash-items">{children}</ul>
          {count > shown ? (
            <p className="dash-more">{formatCount(count - shown)} more not listed.</p>
          ) : null}
        </>
      )}
    </section>
  )
}

function ShipByItems({ orders }: { orders: readonly ShipByOrder[] }) {
  return orders.map((order) => (
    <li key={order.orderId}>
      <OrderLink id={order.orderId} />
      <span>
        Ship by <time dateTime={order.shipBy}>{fullDay(order.shipBy)}</time>:{' '}
        <strong>{shipByText(order.daysLeft)}</strong>
      </span>
      {order.email ? <span className="dash-muted">{order.email}</span> : null}
    </li>
  ))
}

/** Only the provider's own pages are linked: the address comes from an outside service. */
const safeUrl = (url: string | null) => (url && /^https:\/\//.test(url) ? url : null)

/**
 * What needs the owner now (GET /api/admin/attention), each item linked to the page where it is
 * dealt with: an order's, a dealer's. Failed mail has no order on the wire; its subject names one.
 */
export function AttentionList({ attention }: { attention: AdminAttention }) {
  const {
    unpaidBalances,
    pendingBitpayInvoices,
    failedMail,
    madeToOrder,
    waitingPayouts,
    unpaidDays,
    atRiskDays,
  } = attention
  const total =
    unpaidBalances.count +
    pendingBitpayInvoices.count +
    failedMail.count +
    madeToOrder.late.length +
    madeToOrder.atRisk.length +
    waitingPayouts.count
  return (
    <>
      <p className="dash-attention-total">
        {total === 0
          ? 'Nothing needs you right now.'
          : total === 1
            ? '1 thing needs you.'
            : `${formatCount(total)} things need you.`}
      </p>
      <div className="dash-groups">
        <Group
          title="Made-to-order orders late"
          count={madeToOrder.late.length}
          shown={madeToOrder.late.length}
          hint={
            <>
              Past their ship-by date.{' '}
              <Link to="/admin/$" params={{ _splat: 'queue' }}>
                Open the queue
              </Link>
            </>
          }
        >
          <ShipByItems orders={madeToOrder.late} />
        </Group>
        <Group
          title={`Made-to-order orders due within ${days(atRiskDays)}`}
          count={madeToOrder.atRisk.length}
          shown={madeToOrder.atRisk.length}
        >
          <ShipByItems orders={madeToOrder.atRisk} />
        </Group>
        <Group
          title={`Balances unpaid after ${days(unpaidDays)}`}
          count={unpaidBalances.count}
          shown={unpaidBalances.items.length}
        >
          {unpaidBalances.items.map((order) => (
            <li key={order.orderId}>
              <OrderLink id={order.orderId} />
              <span>
                <strong className="amount">{formatMoney(order.balance, order.currency)}</strong> of{' '}
                <span className="amount">{formatMoney(order.total, order.currency)}</span> unpaid,{' '}
                {days(order.daysWaiting)} since it was submitted
              </span>
              {order.email ? <span className="dash-muted">{order.email}</span> : null}
            </li>
          ))}
        </Group>
        <Group
          title="BitPay invoices pending"
          count={pendingBitpayInvoices.count}
          shown={pendingBitpayInvoices.items.length}
          hint="BitPay’s invoices expire within minutes: an old one has lost its notification."
        >
          {pendingBitpayInvoices.items.map((invoice) => {
            const url = safeUrl(invoice.invoiceUrl)
            return (
              <li key={invoice.paymentId}>
                <OrderLink id={invoice.orderId} />
                <span>
                  <strong className="amount">
                    {formatMoney(invoice.amount, invoice.currency)}
                  </strong>
                  , made <time dateTime={invoice.createdAt}>{dayOf(invoice.createdAt)}</time>
                </span>
                {url ? (
                  <a href={url} rel="noreferrer">
                    The invoice at BitPay
                  </a>
                ) : null}
              </li>
            )
          })}
        </Group>
        <Group
          title="Mail that failed"
          count={failedMail.count}
          shown={failedMail.items.length}
          hint="To send an order’s mail again, open the order (its number is in the subject) and resend it there."
        >
          {failedMail.items.map((mail) => (
            <li key={mail.id}>
              <strong>{mail.subject}</strong>
              <span>
                To {mail.to}, {mail.attempts === 1 ? '1 attempt' : `${mail.attempts} attempts`},{' '}
                <time dateTime={mail.createdAt}>{dayOf(mail.createdAt)}</time>
              </span>
              {mail.lastError ? <span className="dash-muted">{mail.lastError}</span> : null}
            </li>
          ))}
        </Group>
        <Group
          title="Payout requests waiting"
          count={waitingPayouts.count}
          shown={waitingPayouts.items.length}
        >
          {waitingPayouts.items.map((payout) => (
            <li key={payout.id}>
              <Link
                to="/admin/$"
                params={{ _splat: `dealers/${payout.dealerId}` }}
                className="dash-item-link"
              >
                {payout.dealer}
              </Link>
              <span>
                <strong className="amount">{formatMoney(payout.amount, payout.currency)}</strong>,
                asked <time dateTime={payout.createdAt}>{dayOf(payout.createdAt)}</time>
              </span>
              {payout.notes ? <span className="dash-muted">{payout.notes}</span> : null}
            </li>
          ))}
        </Group>
      </div>
    </>
  )
}
