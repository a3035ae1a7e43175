import { Hono } from 'hono'
import { html } from 'hono/html'
import type { Database } from '../db/index.ts'
import { testInvoicePage } from '../services/payments/bitpay.ts'
import type { PaymentProviders } from '../services/payments/gateway.ts'
import { formatAmount } from '../../contract/money.ts'
import type { Payments } from '../services/payments/payments.ts'

/*
 * The built-in test BitPay's invoice page, served only with TEST_PAYMENTS=true: it stands
 * where BitPay's hosted invoice would, says plainly that it is a test, and pays the invoice or
 * lets it expire. Either then goes through the webhook's own handling (the invoice read back,
 * the attempt settled or failed) before the customer is sent back to the shop. Under /dev/, which
 * the service worker leaves to the network.
 */

const idPattern = /^tbp_[A-Za-z0-9_-]{16}$/

/** The return address as a path of this site (the test page never sends anyone elsewhere). */
function sameSitePath(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.pathname}${parsed.search}`
  } catch {
    return '/'
  }
}

export function testBitpayPage({
  db,
  payments,
  providers,
  testInvoices,
}: {
  db: Database
  payments: Payments
  providers: PaymentProviders
  testInvoices: NonNullable<PaymentProviders['testInvoices']>
}) {
  const base = '/dev/test-bitpay/invoice'
  const notFound = (c: { text: (t: string, s: 404) => Response }) =>
    c.text('No such test invoice.', 404)

  return new Hono()
    .get(`${base}/:id`, async (c) => {
      const id = c.req.param('id')
      if (!idPattern.test(id)) return notFound(c)
      const invoice = await providers.invoices?.readInvoice(id)
      const row = await testInvoicePage(db, id)
      if (!invoice || !row) return notFound(c)
      const open = invoice.status === 'new'
      return c.html(
        html`<!doctype html>
          <html lang="en">
            <head>
              <meta charset="utf-8" />
              <meta name="viewport" content="width=device-width, initial-scale=1" />
              <title>Test BitPay invoice</title>
              <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
            </head>
            <body>
              <main>
                <h1>Test BitPay invoice</h1>
                <p>
                  <strong>This is a test invoice: no money moves.</strong> The shop has no BitPay
                  account configured, so this page stands in for BitPay’s.
                </p>
                <p>Amount: ${formatAmount(invoice.amount, invoice.currency)}</p>
                <p>Status: ${invoice.status}</p>
                ${
                  open
                    ? html`<form method="post" action="${base}/${id}/pay">
                          <button type="submit">Pay this invoice</button>
                        </form>
                        <form method="post" action="${base}/${id}/expire">
                          <button type="submit">Let it expire</button>
                        </form>`
                    : ''
                }
                <p><a href="${sameSitePath(row.redirectUrl)}">Back to the shop</a></p>
              </main>
            </body>
          </html>`,
        200,
        { 'Cache-Control': 'no-store' },
      )
    })
    .post(`${base}/:id/:action{pay|expire}`, async (c) => {
      const id = c.req.param('id')
      if (!idPattern.test(id)) return notFound(c)
      const row = await testInvoicePage(db, id)
      if (!row) return notFound(c)
      const moved =
        c.req.param('action') === 'pay' ? await testInvoices.pay(id) : await testInvoices.expire(id)
      if (!moved) return notFound(c)
      // As BitPay would: a notification, which the webhook's handling reads back.
      await payments.onInvoiceNotification(id)
      return c.redirect(sameSitePath(row.redirectUrl), 303)
    })
}
