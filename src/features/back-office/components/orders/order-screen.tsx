import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatDate } from '../../../../../contract/calendar-date.ts'
import { formatMoney } from '../../../../../contract/money.ts'
import { orderNumber } from '../../../../../contract/order-number.ts'
import { formatDateTime } from '../../../../lib/format-date.ts'
import { orderQuery, type AdminOrderDetail } from '../../api/orders.ts'
import { AsOf } from '../as-of.tsx'
import { Fact } from '../fact.tsx'
import { OrderActions } from './order-actions.tsx'
import {
  AddressLines,
  LateMark,
  MadeToOrderMark,
  PaymentBadge,
  StateBadge,
} from './order-badges.tsx'
import { OrderDocument, type DocumentKind } from './order-document.tsx'
import { OrderAmounts, OrderLines } from './order-lines.tsx'
import {
  auditText,
  isLate,
  mailStatusLabels,
  paymentStatusLabels,
  providerLabel,
  statusText,
  todayUtc,
} from './order-model.ts'
import { ReadProblem } from './read-problem.tsx'
import './orders.css'

type Order = AdminOrderDetail
const when = (iso: string) => <time dateTime={iso}>{formatDateTime(Date.parse(iso))}</time>

/**
 * `/admin/orders/{id}`: an order as the shop sees it (its lines with what the customer chose,
 * amounts, customer and address, payments, history, mail and audit log) and what the shop does to
 * it. Kept on the device each time it is read, so it opens offline, as of when; every action then
 * says it needs the network. `print` shows the packing slip or the invoice instead, for printing.
 */
export function OrderScreen({
  orderId,
  canRefund,
  print,
  onPrint,
}: {
  orderId: string
  /** The signed-in account may refund (an admin; staff may not). */
  canRefund: boolean
  print?: DocumentKind | undefined
  /** Shows a document (and then prints it), or the order again (undefined). */
  onPrint: (kind: DocumentKind | undefined) => void
}) {
  const read = useQuery(orderQuery(orderId))
  // Printing opens when the owner pressed a print button, not when the back button returns here.
  const [printPressed, setPrintPressed] = useState(false)
  const order = read.data?.data
  if (!order)
    return (
      <div className="admin-order">
        <h1>Order {orderNumber(orderId)}</h1>
        {read.error ? (
          <ReadProblem error={read.error} what="this order" />
        ) : (
          <p role="status">Loading the order…</p>
        )}
      </div>
    )
  if (print)
    return (
      <OrderDocument
        order={order}
        kind={print}
        printNow={printPressed}
        onPrinted={() => setPrintPressed(false)}
        onBack={() => onPrint(undefined)}
      />
    )
  const printButton = (kind: DocumentKind, label: string) => (
    <button
      type="button"
      className="button button-secondary"
      onClick={() => {
        setPrintPressed(true)
        onPrint(kind)
      }}
    >
      {label}
    </button>
  )
  return (
    <div className="admin-order">
      <p className="admin-no-print admin-order-back">
        <Link to="/admin/$" params={{ _splat: 'orders' }}>
          All orders
        </Link>
      </p>
      <h1>Order {order.number}</h1>
      <AsOf read={read.data!} />
      <OrderSummary order={order} />
      <p className="admin-order-buttons admin-no-print">
        {printButton('slip', 'Print packing slip')}
        {printButton('invoice', 'Print invoice')}
      </p>
      <OrderActions
        orderId={orderId}
        order={order}
        canRefund={canRefund}
        fromDevice={read.data!.fromDevice}
      />
      <section className="panel" aria-labelledby="order-items">
        <h2 id="order-items">Items</h2>
        <OrderLines order={order} prices />
        <OrderAmounts order={order} refundable />
      </section>
      <CustomerSection order={order} />
      <PaymentsSection order={order} />
      <HistorySection order={order} />
      <MailSection order={order} />
      <AuditSection order={order} />
    </div>
  )
}

function OrderSummary({ order }: { order: Order }) {
  return (
    <>
      <p className="admin-order-marks">
        <StateBadge status={order.status} />
        <PaymentBadge payment={order.payment} />
        {order.madeToOrder && <MadeToOrderMark />}
        {isLate(order.shipBy, order.status, todayUtc()) && <LateMark />}
      </p>
      <dl className="admin-order-facts">
        <Fact term="Submitted">{when(order.submittedAt)}</Fact>
        {order.shipBy && (
          <Fact term="Ship by">
            <time dateTime={order.shipBy}>{formatDate(order.shipBy)}</time>
          </Fact>
        )}
        <Fact term="Total" className="amount">
          {formatMoney(order.total, order.currency)}
        </Fact>
        <Fact term="Balance" className="amount">
          {formatMoney(order.balance, order.currency)}
        </Fact>
      </dl>
      {order.signatureNeeded && (
        <p className="admin-as-of">
          An item added after the order waits for the waiver to be signed again: the order is not
          paid, put in production or shipped until then.
        </p>
      )}
    </>
  )
}

function CustomerSection({ order }: { order: Order }) {
  const { customer } = order
  return (
    <section className="panel" aria-labelledby="order-customer">
      <h2 id="order-customer">Customer and shipping</h2>
      <dl className="admin-order-facts admin-order-facts-stacked">
        <Fact term="Customer">{customer.name ?? 'No name given'}</Fact>
        <Fact term="E-mail">
          {customer.email ? (
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
          ) : (
            'None: this order was placed without an e-mail address.'
          )}
        </Fact>
        {customer.placedFor && (
          <Fact term="Placed by a dealer for">
            {customer.placedFor.name
              ? `${customer.placedFor.name} (${customer.placedFor.email})`
              : customer.placedFor.email}
          </Fact>
        )}
        {order.dealer && <Fact term="Dealer credited">{order.dealer.name}</Fact>}
        <Fact term="Shipping">
          {order.shipping.option
            ? `${order.shipping.option.serviceName} (${formatMoney(order.shipping.option.amount, order.currency)})`
            : 'No shipping option (nothing to ship yet, or collected).'}
        </Fact>
        <Fact term="Ship to">
          {order.shipping.address ? (
            <AddressLines address={order.shipping.address} />
          ) : (
            'No address yet.'
          )}
        </Fact>
      </dl>
      <h3>Customer’s notes</h3>
      <p className="admin-order-notes">{order.notes ?? 'None.'}</p>
    </section>
  )
}

function PaymentsSection({ order }: { order: Order }) {
  return (
    <section className="panel" aria-labelledby="order-payments">
      <h2 id="order-payments">Payments</h2>
      {order.payments.length === 0 ? (
        <p>No payment yet.</p>
      ) : (
        <ul className="admin-order-rows" data-testid="order-payments">
          {order.payments.map((payment) => (
            <li key={payment.id}>
              <span className="admin-order-row-head">
                <strong>{providerLabel(payment.provider)}</strong>
                <span className="amount">{formatMoney(payment.amount, order.currency)}</span>
              </span>
              <span>
                {paymentStatusLabels[payment.status]}
                {payment.refunded > 0 &&
                  ` · ${formatMoney(payment.refunded, order.currency)} refunded`}
                {' · '}
                {when(payment.createdAt)}
              </span>
              {payment.message && (
                <span className="admin-order-line-soft">“{payment.message}”</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function HistorySection({ order }: { order: Order }) {
  return (
    <section className="panel" aria-labelledby="order-history">
      <h2 id="order-history">History</h2>
      <ol className="admin-order-rows" data-testid="order-history">
        {order.history.map((event, index) => (
          <li key={`${event.at}-${index}`}>
            <span className="admin-order-line-soft">{when(event.at)}</span>
            <span>
              <strong>{statusText(event.status)}</strong>
              {event.note && ` — ${event.note}`}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}

function MailSection({ order }: { order: Order }) {
  return (
    <section className="panel" aria-labelledby="order-mail">
      <h2 id="order-mail">Mail sent</h2>
      {order.mail.length === 0 ? (
        <p>No mail about this order in the outbox (it keeps sent mail for 30 days).</p>
      ) : (
        <ol className="admin-order-rows" data-testid="order-mail">
          {order.mail.map((mail) => (
            <li key={mail.id}>
              <span className="admin-order-row-head">
                <strong>{mail.subject}</strong>
                <span className={`admin-order-mail admin-order-mail-${mail.status}`}>
                  {mailStatusLabels[mail.status]}
                </span>
              </span>
              <span>
                To {mail.to} · {mail.kind} · {mail.attempts}{' '}
                {mail.attempts === 1 ? 'attempt' : 'attempts'}
              </span>
              <span className="admin-order-line-soft">
                Queued {when(mail.createdAt)}
                {mail.sentAt && <> · sent {when(mail.sentAt)}</>}
              </span>
              {mail.lastError && (
                <span className="admin-order-mail-error">Last failure: {mail.lastError}</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function AuditSection({ order }: { order: Order }) {
  return (
    <section className="panel" aria-labelledby="order-audit">
      <h2 id="order-audit">Audit log</h2>
      {order.audit.length === 0 ? (
        <p>The back office has done nothing to this order yet.</p>
      ) : (
        <ol className="admin-order-rows" data-testid="order-audit">
          {order.audit.map((entry) => (
            <li key={entry.id}>
              <span>
                <strong>{auditText(entry, order.currency)}</strong>
              </span>
              <span>
                {entry.actor.email ?? `Account ${entry.actor.id} (gone)`} · {entry.actor.role}
              </span>
              <span className="admin-order-line-soft">
                {when(entry.at)} · {entry.action} · session <code>{entry.session}</code>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
