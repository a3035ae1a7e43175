import { useEffect, useRef } from 'react'
import { formatDate } from '../../../../../contract/calendar-date.ts'
import type { AdminOrderDetail } from '../../api/orders.ts'
import { AddressLines } from './order-badges.tsx'
import { OrderAmounts, OrderLines } from './order-lines.tsx'

export type DocumentKind = 'slip' | 'invoice'

/** The shop's name as its documents head it (as the site's header and mail write it). */
const shopName = 'Glidecraft'

const titles: Record<DocumentKind, string> = { slip: 'Packing slip', invoice: 'Invoice' }

/**
 * An order's packing slip or invoice, the page's only content while it is printed (orders.css
 * hides the site's and the back office's chrome, and this page's own buttons, in print): the
 * shop, the order's number and date, where it ships, and each item with its quantity and what
 * the customer chose. The slip has no prices (it travels in the parcel); the invoice has them
 * with discounts, shipping, the total, what was paid and refunded, and the balance. The shop
 * charges no tax separately, so the invoice has no tax line. No PDF service: the browser prints
 * (or saves) the page.
 */
export function OrderDocument({
  order,
  kind,
  printNow,
  onPrinted,
  onBack,
}: {
  order: AdminOrderDetail
  kind: DocumentKind
  /** Open the browser's printing once drawn (the owner pressed a print button). */
  printNow: boolean
  onPrinted: () => void
  onBack: () => void
}) {
  // Once per press, also where an effect runs twice (React's strict mode in development).
  const printed = useRef(false)
  useEffect(() => {
    if (!printNow || printed.current) return
    printed.current = true
    onPrinted()
    window.print()
  }, [printNow, onPrinted])
  const title = titles[kind]
  return (
    <article className="admin-order-document" data-document={kind}>
      <p className="admin-order-buttons admin-no-print">
        <button type="button" className="button" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="button button-secondary" onClick={onBack}>
          Back to the order
        </button>
      </p>
      <header className="admin-order-document-head">
        <p className="admin-order-document-shop">{shopName}</p>
        <h1>
          {title} <span className="admin-order-document-number">· Order {order.number}</span>
        </h1>
        <p>
          Order date:{' '}
          <time dateTime={order.submittedAt}>{formatDate(order.submittedAt.slice(0, 10))}</time>
        </p>
      </header>
      <section aria-labelledby="document-ship-to">
        <h2 id="document-ship-to">Ship to</h2>
        {order.shipping.address ? (
          <AddressLines address={order.shipping.address} />
        ) : (
          <p>No address: {order.customer.name ?? order.customer.email ?? 'no name given'}.</p>
        )}
        {order.shipping.option && <p>{order.shipping.option.serviceName}</p>}
      </section>
      {kind === 'invoice' && (
        <section aria-labelledby="document-bill-to">
          <h2 id="document-bill-to">Customer</h2>
          <p>
            {[order.customer.name, order.customer.email].filter(Boolean).join(' · ') ||
              'No name or e-mail given'}
          </p>
        </section>
      )}
      <section aria-labelledby="document-items">
        <h2 id="document-items">Items</h2>
        <OrderLines order={order} prices={kind === 'invoice'} />
        {kind === 'invoice' && <OrderAmounts order={order} refundable={false} />}
      </section>
      {kind === 'slip' && order.notes && (
        <section aria-labelledby="document-notes">
          <h2 id="document-notes">Customer’s notes</h2>
          <p className="admin-order-notes">{order.notes}</p>
        </section>
      )}
    </article>
  )
}
